import { RunePage } from "~/features/collections/rune-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { requestContext } from "~/shared/request-context.ts";
import { requireSearchBudget } from "~/shared/routing/search-budget.ts";
import { listRuneSets, sourceNames } from "../../../server/content/collections.ts";
import { searchText } from "../../../server/http/search-text.ts";
import type { Route } from "./+types/index";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

/** The rune sets with their bonuses and runes; `?q=` searches set and rune names. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireSearchBudget(context, url);
  const { db } = context.get(requestContext);
  const q = searchText.catch("").parse(url.searchParams.get("q") ?? "");
  const [i18n, catalogI18n, result] = await Promise.all([
    loadRouteMessages(request, "collections"),
    loadRouteMessages(request, "catalog"),
    listRuneSets(db, q),
  ]);
  const sources = await sourceNames(
    db,
    result.sets.flatMap((view) => view.runes.flatMap((rune) => rune.obtain)),
  );
  return { i18n, catalogI18n, language: i18n.language, ...result, sources };
}

/** Served as islands (decision 025): only its interactive parts hydrate. */
export const handle = islandsHandle;

export default function RuneRoute({ loaderData }: Route.ComponentProps) {
  return <RunePage {...loaderData} />;
}
