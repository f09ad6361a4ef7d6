import { ManorPage } from "~/features/manors/manor-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { localize } from "~/shared/i18n/localize.ts";
import { metaFor } from "~/shared/page/page-meta.ts";
import { requestContext } from "~/shared/request-context.ts";
import { notFound } from "~/shared/routing/not-found.ts";
import { calculatorRevalidation } from "~/shared/routing/should-revalidate.ts";
import { listManors, manorDetail } from "../../../server/content/world.ts";
import type { Route } from "./+types/index";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";

/** The list is titled by the page; a manor opened with `?id=` by the manor. */
export const meta: Route.MetaFunction = (args) => {
  const selected = args.loaderData?.selected;
  return metaFor(
    "manor",
    args,
    selected
      ? {
          title: localize(selected.manor.name, args.loaderData.language),
          description: localize(selected.manor.description, args.loaderData.language),
        }
      : undefined,
  );
};

/** `/manor` lists the manors; `?id=` opens one in place, with its calculator's inputs in the URL too. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { db } = context.get(requestContext);
  const id = url.searchParams.get("id");
  const i18n = await loadRouteMessages(request, "world");
  const base = { i18n, language: i18n.language };
  if (id !== null) {
    const selected = await manorDetail(db, id);
    if (!selected) notFound(url);
    return { ...base, manors: [], selected };
  }
  return { ...base, manors: await listManors(db), selected: null };
}

/** The calculator recomputes in the browser; only another manor (or the list) needs the server. */
export const shouldRevalidate = calculatorRevalidation(["id"]);

/** Served as islands (decision 025): only the calculator, the stars and the app bar hydrate. */
export const handle = islandsHandle;

export default function Manors({ loaderData }: Route.ComponentProps) {
  return <ManorPage {...loaderData} />;
}
