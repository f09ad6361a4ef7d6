import { BagPage } from "~/features/bag/bag-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";
import { requestContext } from "~/shared/request-context.ts";
import { guarded, middlewareFor, requireViewer } from "~/shared/routing/guards.ts";
import { listBag } from "../../../../server/bag/bag.ts";
import { firstRows } from "~/shared/routing/first-rows.ts";
import { BAG_ALL_PARAM, BAG_FIRST_ROWS, BAG_MORE_ID } from "../../../../universal/bag/bag-limits.ts";
import { bagQuery } from "../../../../universal/bag/bag-schemas.ts";
import type { Route } from "./+types/index";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

export const middleware = middlewareFor("meBag");

/**
 * `/me/bag?q=&type=&sort=`: the member's bag, filtered, sorted and valued on the server; a made-up query
 * shows it all, and an empty parameter (the filters' form submitted before its island woke) is no filter.
 * The first `BAG_FIRST_ROWS` entries are shown, every one with `?all=1`.
 */
export const loader = guarded(async ({ request, url, context }: Route.LoaderArgs) => {
  const { db } = context.get(requestContext);
  const viewer = requireViewer(context);
  const params = Object.fromEntries(
    [...url.searchParams].filter(([key, value]) => key !== "lang" && key !== BAG_ALL_PARAM && value !== ""),
  );
  const parsed = bagQuery.safeParse(params);
  const query = parsed.success ? parsed.data : bagQuery.parse({});
  const i18n = await loadRouteMessages(request, "bag");
  const { entries, totals } = await listBag(db, viewer, query, i18n.language);
  const { shown, count, allHref } = firstRows(entries, url, {
    first: BAG_FIRST_ROWS,
    param: BAG_ALL_PARAM,
    value: "1",
    landOn: BAG_MORE_ID,
  });
  return {
    i18n,
    entries: shown,
    count,
    allHref,
    totals,
    filtered: Boolean(query.q) || query.type !== undefined,
  };
});

/** Served as islands: only the tools and the filters hydrate, when the member uses them. */
export const handle = islandsHandle;

export default function Bag({ loaderData }: Route.ComponentProps) {
  return <BagPage {...loaderData} />;
}
