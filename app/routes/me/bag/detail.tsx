import { BagEntryPage } from "~/features/bag/bag-entry-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";
import { requestContext } from "~/shared/request-context.ts";
import { guarded, middlewareFor, requireViewer } from "~/shared/routing/guards.ts";
import { requireFound } from "~/shared/routing/page-refusals.ts";
import { getBagEntry } from "../../../../server/bag/bag.ts";
import type { Route } from "./+types/detail";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

export const middleware = middlewareFor("meBagDetail");

/** `/me/bag/detail?id=`: one entry of the member's own bag; anyone else's, or none, is a 404. */
export const loader = guarded(async ({ request, url, context }: Route.LoaderArgs) => {
  const { db } = context.get(requestContext);
  const viewer = requireViewer(context);
  const id = url.searchParams.get("id") ?? "";
  const [i18n, entry] = await Promise.all([
    loadRouteMessages(request, "bag"),
    requireFound(url, /^[1-9][0-9]{0,15}$/.test(id) ? getBagEntry(db, viewer, Number(id)) : null),
  ]);
  return { i18n, entry };
});

/** Served as islands: only the entry's editor hydrates, when the member uses it. */
export const handle = islandsHandle;

export default function BagDetail({ loaderData }: Route.ComponentProps) {
  return <BagEntryPage {...loaderData} />;
}
