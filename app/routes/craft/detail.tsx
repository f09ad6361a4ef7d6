import { CraftDetailPage } from "~/features/craft/craft-detail-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { localize } from "~/shared/i18n/localize.ts";
import { metaFor } from "~/shared/page/page-meta.ts";
import { requestContext } from "~/shared/request-context.ts";
import { notFound } from "~/shared/routing/not-found.ts";
import { calculatorRevalidation } from "~/shared/routing/should-revalidate.ts";
import { ownedQuantities } from "../../../server/bag/bag.ts";
import { getEntries, recipeTree } from "../../../server/content/catalog.ts";
import { medianUnitPrices, VALUE_WINDOW_MS } from "../../../server/offers/offer-prices.ts";
import type { Item } from "../../../universal/content/pack-schema.ts";
import type { Route } from "./+types/detail";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";

export const meta: Route.MetaFunction = (args) =>
  metaFor("craftDetail", args, args.loaderData ? { title: localize(args.loaderData.recipe.name, args.loaderData.language) } : undefined);

/**
 * `?id=` names the recipe; `n` (crafts) and `have` (owned items) keep the calculator in the URL. A
 * signed-in player's bag fills what they have when `have` is absent; the tree's items come with their
 * 90-day median prices for craft or buy.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { db, viewer } = context.get(requestContext);
  const id = url.searchParams.get("id") ?? "";
  const tree = /^[a-z0-9-]{1,80}$/.test(id) ? await recipeTree(db, id) : null;
  if (!tree) notFound(url);
  const itemIds = tree.recipes.flatMap((recipe) => [recipe.output.item, ...recipe.inputs.map((input) => input.item)]);
  const [i18n, bagI18n, items, prices, bag] = await Promise.all([
    loadRouteMessages(request, "catalog"),
    loadRouteMessages(request, "bag"),
    getEntries<Item>(db, "items", itemIds),
    medianUnitPrices(db, itemIds, Date.now() - VALUE_WINDOW_MS),
    viewer ? ownedQuantities(db, viewer, itemIds) : Promise.resolve(null),
  ]);
  return {
    i18n,
    bagI18n,
    language: i18n.language,
    prices: Object.fromEntries(prices),
    bag: bag ? Object.fromEntries(bag) : null,
    ...tree,
    items: Object.fromEntries([...items].map(([itemId, item]) => [itemId, { name: item.name, icon: item.icon }])),
  };
}

/** The calculator recomputes in the browser; only another recipe needs the server. */
export const shouldRevalidate = calculatorRevalidation(["id"]);

/** Served as islands (decision 025): only its interactive parts hydrate. */
export const handle = islandsHandle;

export default function CraftDetail({ loaderData }: Route.ComponentProps) {
  return <CraftDetailPage {...loaderData} />;
}
