import { TalismanPage } from "~/features/collections/talisman-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { localize } from "~/shared/i18n/localize.ts";
import { metaFor } from "~/shared/page/page-meta.ts";
import { requestContext } from "~/shared/request-context.ts";
import { requireSearchBudget } from "~/shared/routing/search-budget.ts";
import { notFound } from "~/shared/routing/not-found.ts";
import { getEntry, listKind } from "../../../server/content/catalog.ts";
import { entryIdParam, listTalismans, parseFilters, sourceNames, talismanFilters } from "../../../server/content/collections.ts";
import type { GameClass, Talisman } from "../../../universal/content/pack-schema.ts";
import type { Route } from "./+types/index";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";

/** The list is titled by the page; a talisman opened with `?id=` by the talisman. */
export const meta: Route.MetaFunction = (args) => {
  const selected = args.loaderData?.selected;
  return metaFor(
    "talisman",
    args,
    selected
      ? {
          title: localize(selected.talisman.name, args.loaderData.language),
          description: localize(selected.talisman.description, args.loaderData.language),
        }
      : undefined,
  );
};

/** `/talisman` lists the talismans; `?id=` opens one in place. An unknown id is a 404. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireSearchBudget(context, url);
  const { db } = context.get(requestContext);
  const id = entryIdParam(url.searchParams);
  const [i18n, catalogI18n, allClasses] = await Promise.all([
    loadRouteMessages(request, "collections"),
    loadRouteMessages(request, "catalog"),
    listKind<GameClass>(db, "classes"),
  ]);
  const classes = allClasses.map((entry) => ({ id: entry.id, name: entry.name }));
  const base = { i18n, catalogI18n, language: i18n.language, classes };
  if (id !== null) {
    const talisman = id ? await getEntry<Talisman>(db, "talismans", id) : null;
    if (!talisman) notFound(url);
    return { ...base, entries: [], total: 0, perPage: 0, page: 1, selected: { talisman, sources: await sourceNames(db, talisman.obtain) } };
  }
  const filters = parseFilters(talismanFilters, url.searchParams);
  const result = await listTalismans(db, filters, i18n.language);
  return { ...base, ...result, page: filters.page, selected: null };
}

/** Served as islands (decision 025): only its interactive parts hydrate. */
export const handle = islandsHandle;

export default function TalismanRoute({ loaderData }: Route.ComponentProps) {
  return <TalismanPage {...loaderData} />;
}
