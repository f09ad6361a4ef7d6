import { DistrictMapPage } from "~/features/district/district-map-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { requestContext } from "~/shared/request-context.ts";
import { notFound } from "~/shared/routing/not-found.ts";
import { calculatorRevalidation } from "~/shared/routing/should-revalidate.ts";
import { districtOfMarker, loadDistrictMap } from "../../../server/content/districts.ts";
import type { Route } from "./+types/index";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { db } = context.get(requestContext);
  const [i18n, map] = await Promise.all([loadRouteMessages(request, "map"), loadDistrictMap(db)]);
  if (!map) notFound(url);
  const id = url.searchParams.get("id");
  const marker = url.searchParams.get("marker");
  if (id !== null && !map.districts.some((district) => district.id === id)) notFound(url);
  if (marker !== null && !districtOfMarker(map.districts, marker)) notFound(url);
  return { i18n, language: i18n.language, ...map };
}

/** Selection, focus and layers live in the URL and are applied in the browser: no new data needed. */
export const shouldRevalidate = calculatorRevalidation();

/** Served as islands (decision 025): only its interactive parts hydrate. */
export const handle = islandsHandle;

export default function District({ loaderData }: Route.ComponentProps) {
  return <DistrictMapPage {...loaderData} />;
}
