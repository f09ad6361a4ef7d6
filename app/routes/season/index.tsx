import { SeasonListPage } from "~/features/seasons/season-list-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { requestContext } from "~/shared/request-context.ts";
import { listSeasons } from "../../../server/content/world.ts";
import type { Route } from "./+types/index";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

/** Every season with its status for now: the countdowns start from the server's clock. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(requestContext);
  const now = new Date();
  const [i18n, seasons] = await Promise.all([loadRouteMessages(request, "world"), listSeasons(db, now)]);
  return { i18n, language: i18n.language, serverNow: now.getTime(), seasons };
}

/** Served as islands (decision 025): only its interactive parts hydrate. */
export const handle = islandsHandle;

export default function Seasons({ loaderData }: Route.ComponentProps) {
  return <SeasonListPage {...loaderData} />;
}
