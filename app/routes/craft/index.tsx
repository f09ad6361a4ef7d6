import { CraftListPage } from "~/features/craft/craft-list-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { requestContext } from "~/shared/request-context.ts";
import { requireSearchBudget } from "~/shared/routing/search-budget.ts";
import { getEntries, listRecipes } from "../../../server/content/catalog.ts";
import type { Item } from "../../../universal/content/pack-schema.ts";
import type { Route } from "./+types/index";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireSearchBudget(context, url);
  const { db } = context.get(requestContext);
  const [i18n, recipes] = await Promise.all([loadRouteMessages(request, "catalog"), listRecipes(db, url.searchParams)]);
  const items = await getEntries<Item>(
    db,
    "items",
    recipes.flatMap((recipe) => [recipe.output.item, ...recipe.inputs.map((input) => input.item)]),
  );
  return {
    i18n,
    language: i18n.language,
    recipes,
    items: Object.fromEntries([...items].map(([id, item]) => [id, { name: item.name, icon: item.icon }])),
  };
}

/** Served as islands (decision 025): only its interactive parts hydrate. */
export const handle = islandsHandle;

export default function Craft({ loaderData }: Route.ComponentProps) {
  return <CraftListPage {...loaderData} />;
}
