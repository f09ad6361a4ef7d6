import { MountListPage } from "~/features/collections/mount-list-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { requestContext } from "~/shared/request-context.ts";
import { requireSearchBudget } from "~/shared/routing/search-budget.ts";
import { listMounts, mountFilters, parseFilters } from "../../../server/content/collections.ts";
import type { Route } from "./+types/index";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireSearchBudget(context, url);
  const { db } = context.get(requestContext);
  const filters = parseFilters(mountFilters, url.searchParams);
  const [i18n, catalogI18n] = await Promise.all([loadRouteMessages(request, "collections"), loadRouteMessages(request, "catalog")]);
  const result = await listMounts(db, filters, i18n.language);
  return { i18n, catalogI18n, language: i18n.language, ...result, page: filters.page };
}

/** Served as islands (decision 025): only its interactive parts hydrate. */
export const handle = islandsHandle;

export default function Mounts({ loaderData }: Route.ComponentProps) {
  return <MountListPage {...loaderData} />;
}
