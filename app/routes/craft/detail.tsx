import { CraftDetailPage } from "~/features/craft/craft-detail-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { localize } from "~/shared/i18n/localize.ts";
import { metaFor } from "~/shared/page/page-meta.ts";
import { requestContext } from "~/shared/request-context.ts";
import { notFound } from "~/shared/routing/not-found.ts";
import { calculatorRevalidation } from "~/shared/routing/should-revalidate.ts";
import { getEntries, recipeTree } from "../../../server/content/catalog.ts";
import type { Item } from "../../../universal/content/pack-schema.ts";
import type { Route } from "./+types/detail";

export const meta: Route.MetaFunction = (args) =>
  metaFor("craftDetail", args, args.loaderData ? { title: localize(args.loaderData.recipe.name, args.loaderData.language) } : undefined);

/** `?id=` names the recipe; `n` (crafts) and `have` (owned items) keep the calculator in the URL. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { db } = context.get(requestContext);
  const id = url.searchParams.get("id") ?? "";
  const tree = /^[a-z0-9-]{1,80}$/.test(id) ? await recipeTree(db, id) : null;
  if (!tree) notFound(url);
  const itemIds = tree.recipes.flatMap((recipe) => [recipe.output.item, ...recipe.inputs.map((input) => input.item)]);
  const [i18n, items] = await Promise.all([loadRouteMessages(request, "catalog"), getEntries<Item>(db, "items", itemIds)]);
  return {
    i18n,
    language: i18n.language,
    ...tree,
    items: Object.fromEntries([...items].map(([itemId, item]) => [itemId, { name: item.name, icon: item.icon }])),
  };
}

/** The calculator recomputes in the browser; only another recipe needs the server. */
export const shouldRevalidate = calculatorRevalidation(["id"]);

export default function CraftDetail({ loaderData }: Route.ComponentProps) {
  return <CraftDetailPage {...loaderData} />;
}
