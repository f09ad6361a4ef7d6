import { LevelPage } from "~/features/level/level-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { requestContext } from "~/shared/request-context.ts";
import { calculatorRevalidation } from "~/shared/routing/should-revalidate.ts";
import { listKind } from "../../../server/content/catalog.ts";
import type { Level } from "../../../universal/content/pack-schema.ts";
import type { Route } from "./+types/index";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(requestContext);
  const [i18n, levels] = await Promise.all([loadRouteMessages(request, "catalog"), listKind<Level>(db, "levels")]);
  return { i18n, language: i18n.language, levels: levels.sort((a, b) => a.level - b.level) };
}

/** The calculator works in the browser: its inputs in the URL need no new data (a language switch does). */
export const shouldRevalidate = calculatorRevalidation();

/** Served as islands (decision 025): only the calculator and the app bar hydrate. */
export const handle = islandsHandle;

export default function LevelRoute({ loaderData }: Route.ComponentProps) {
  return <LevelPage {...loaderData} />;
}
