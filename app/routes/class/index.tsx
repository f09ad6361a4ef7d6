import { ClassPage } from "~/features/collections/class-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { localize } from "~/shared/i18n/localize.ts";
import { metaFor } from "~/shared/page/page-meta.ts";
import { requestContext } from "~/shared/request-context.ts";
import { notFound } from "~/shared/routing/not-found.ts";
import { getEntry } from "../../../server/content/catalog.ts";
import { classRecommendations, entryIdParam, listClasses } from "../../../server/content/collections.ts";
import type { GameClass } from "../../../universal/content/pack-schema.ts";
import type { Route } from "./+types/index";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";

/** The list is titled by the page; a class opened with `?id=` by the class. */
export const meta: Route.MetaFunction = (args) => {
  const selected = args.loaderData?.selected;
  return metaFor(
    "class",
    args,
    selected
      ? {
          title: localize(selected.gameClass.name, args.loaderData.language),
          description: localize(selected.gameClass.summary, args.loaderData.language),
        }
      : undefined,
  );
};

/** `/class` lists the classes; `?id=` opens one on the same page. An unknown id is a 404. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { db } = context.get(requestContext);
  const id = entryIdParam(url.searchParams);
  const [i18n, catalogI18n] = await Promise.all([loadRouteMessages(request, "collections"), loadRouteMessages(request, "catalog")]);
  if (id === null) return { i18n, catalogI18n, language: i18n.language, classes: await listClasses(db), selected: null };
  const gameClass = id ? await getEntry<GameClass>(db, "classes", id) : null;
  if (!gameClass) notFound(url);
  const recommended = await classRecommendations(db, gameClass);
  return { i18n, catalogI18n, language: i18n.language, classes: [], selected: { gameClass, recommended } };
}

/** Served as islands (decision 025): only its interactive parts hydrate. */
export const handle = islandsHandle;

export default function Class({ loaderData }: Route.ComponentProps) {
  return <ClassPage {...loaderData} />;
}
