import { SeasonDetailPage } from "~/features/seasons/season-detail-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { localize } from "~/shared/i18n/localize.ts";
import { metaFor } from "~/shared/page/page-meta.ts";
import { requestContext } from "~/shared/request-context.ts";
import { notFound } from "~/shared/routing/not-found.ts";
import { seasonDetail } from "../../../server/content/world.ts";
import type { Route } from "./+types/detail";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";

export const meta: Route.MetaFunction = (args) =>
  metaFor(
    "seasonDetail",
    args,
    args.loaderData
      ? {
          title: localize(args.loaderData.season.name, args.loaderData.language),
          description: localize(args.loaderData.season.description, args.loaderData.language),
        }
      : undefined,
  );

/** `?id=` names the season; an unknown or missing id is a 404 like any unknown page. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { db } = context.get(requestContext);
  const now = new Date();
  const detail = await seasonDetail(db, url.searchParams.get("id") ?? "", now);
  if (!detail) notFound(url);
  const i18n = await loadRouteMessages(request, "world");
  return { i18n, language: i18n.language, serverNow: now.getTime(), ...detail };
}

/** Served as islands (decision 025): only its interactive parts hydrate. */
export const handle = islandsHandle;

export default function SeasonDetail({ loaderData }: Route.ComponentProps) {
  return <SeasonDetailPage {...loaderData} />;
}
