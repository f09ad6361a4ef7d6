import { ItemListPage, type ItemCard } from "~/features/catalog/item-list-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { requestContext } from "~/shared/request-context.ts";
import { requireSearchBudget } from "~/shared/routing/search-budget.ts";
import { listItems, listKind, parseItemFilters } from "../../../server/content/catalog.ts";
import type { GameClass } from "../../../universal/content/pack-schema.ts";
import type { Route } from "./+types/index";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireSearchBudget(context, url);
  const { db } = context.get(requestContext);
  const i18n = await loadRouteMessages(request, "catalog");
  const filters = parseItemFilters(url.searchParams);
  const [result, classes] = await Promise.all([listItems(db, filters, i18n.language), listKind<GameClass>(db, "classes")]);
  return {
    i18n,
    language: i18n.language,
    ...result,
    items: result.items.map(({ id, name, icon, level, type, rarity }): ItemCard => ({ id, name, icon, level, type, rarity })),
    page: filters.page,
    classes: classes.map((entry) => ({ id: entry.id, name: entry.name })),
  };
}

/** Served as islands (decision 025): only its interactive parts hydrate. */
export const handle = islandsHandle;

export default function EquipmentsItems({ loaderData }: Route.ComponentProps) {
  return <ItemListPage {...loaderData} />;
}
