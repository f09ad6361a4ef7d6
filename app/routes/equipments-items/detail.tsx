import { ItemDetailPage } from "~/features/catalog/item-detail-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { localize } from "~/shared/i18n/localize.ts";
import { metaFor } from "~/shared/page/page-meta.ts";
import { requestContext } from "~/shared/request-context.ts";
import { notFound } from "~/shared/routing/not-found.ts";
import { calculatorRevalidation } from "~/shared/routing/should-revalidate.ts";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";
import { getEntries, getEntry, listKind, recipesForItem } from "../../../server/content/catalog.ts";
import { sourceNames } from "../../../server/content/collections.ts";
import type { GameClass, GameServer, Item } from "../../../universal/content/pack-schema.ts";
import type { Route } from "./+types/detail";

export const meta: Route.MetaFunction = (args) =>
  metaFor(
    "equipmentsItemsDetail",
    args,
    args.loaderData
      ? {
          title: localize(args.loaderData.item.name, args.loaderData.language),
          description: localize(args.loaderData.item.description, args.loaderData.language),
        }
      : undefined,
  );

/**
 * `?id=` names the item; an unknown or missing id is a 404 like any unknown page. The page is cached
 * for visitors (decision 012), so it carries only what is the same for everyone: the market's
 * offers and prices are read in the browser (`ItemMarket`).
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { db } = context.get(requestContext);
  const id = url.searchParams.get("id") ?? "";
  const item = /^[a-z0-9-]{1,80}$/.test(id) ? await getEntry<Item>(db, "items", id) : null;
  if (!item) notFound(url);
  const [i18n, offersI18n, recipes, sources, servers] = await Promise.all([
    loadRouteMessages(request, "catalog"),
    loadRouteMessages(request, "offers"),
    recipesForItem(db, id),
    sourceNames(db, item.obtain),
    listKind<GameServer>(db, "servers"),
  ]);
  const itemIds = [...recipes.makes, ...recipes.uses].flatMap((recipe) => [
    recipe.output.item,
    ...recipe.inputs.map((input) => input.item),
  ]);
  const [items, classes] = await Promise.all([getEntries<Item>(db, "items", itemIds), getEntries<GameClass>(db, "classes", item.classes)]);
  const named = <T extends { id: string; name: { vi: string; en: string }; icon?: string }>(map: Map<string, T>) =>
    Object.fromEntries([...map].map(([key, value]) => [key, { id: value.id, name: value.name, icon: value.icon }]));
  const market = {
    i18n: offersI18n,
    servers: servers
      .filter((server) => server.status !== "merged")
      .map((server) => ({ id: server.id, name: localize(server.name, i18n.language) })),
  };
  return { i18n, language: i18n.language, item, ...recipes, related: { items: named(items), classes: named(classes) }, sources, market };
}

/** Served as islands: the app bar, the star, the market and the view beacon hydrate, nothing else (decision 025). */
export const handle = islandsHandle;

/** The market's server filter (`?server=`) is applied in the browser: no new data needed. */
export const shouldRevalidate = calculatorRevalidation(["id"]);

export default function EquipmentsItemsDetail({ loaderData }: Route.ComponentProps) {
  return <ItemDetailPage {...loaderData} />;
}
