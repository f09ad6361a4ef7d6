import { PetPage } from "~/features/collections/pet-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { localize } from "~/shared/i18n/localize.ts";
import { metaFor } from "~/shared/page/page-meta.ts";
import { requestContext } from "~/shared/request-context.ts";
import { requireSearchBudget } from "~/shared/routing/search-budget.ts";
import { notFound } from "~/shared/routing/not-found.ts";
import { getEntry } from "../../../server/content/catalog.ts";
import { entryIdParam, listPets, parseFilters, petFilters, sourceNames } from "../../../server/content/collections.ts";
import type { Pet } from "../../../universal/content/pack-schema.ts";
import type { Route } from "./+types/index";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";

/** The list is titled by the page; a pet opened with `?id=` by the pet. */
export const meta: Route.MetaFunction = (args) => {
  const selected = args.loaderData?.selected;
  return metaFor(
    "pets",
    args,
    selected
      ? {
          title: localize(selected.pet.name, args.loaderData.language),
          description: localize(selected.pet.description, args.loaderData.language),
        }
      : undefined,
  );
};

/** `/pets` lists the pets; `?id=` opens one in place (the other parameters keep the list's filters). */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireSearchBudget(context, url);
  const { db } = context.get(requestContext);
  const id = entryIdParam(url.searchParams);
  const [i18n, catalogI18n] = await Promise.all([loadRouteMessages(request, "collections"), loadRouteMessages(request, "catalog")]);
  const base = { i18n, catalogI18n, language: i18n.language };
  if (id !== null) {
    const pet = id ? await getEntry<Pet>(db, "pets", id) : null;
    if (!pet) notFound(url);
    return { ...base, entries: [], total: 0, perPage: 0, page: 1, selected: { pet, sources: await sourceNames(db, pet.obtain) } };
  }
  const filters = parseFilters(petFilters, url.searchParams);
  const result = await listPets(db, filters, i18n.language);
  return { ...base, ...result, page: filters.page, selected: null };
}

/** Served as islands (decision 025): only its interactive parts hydrate. */
export const handle = islandsHandle;

export default function Pets({ loaderData }: Route.ComponentProps) {
  return <PetPage {...loaderData} />;
}
