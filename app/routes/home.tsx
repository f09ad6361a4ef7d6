import { HomePage } from "~/features/home/home-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { requestContext } from "~/shared/request-context.ts";
import { homeHighlights } from "../../server/content/highlights.ts";
import { listTrending } from "../../server/trending/trending.ts";
import type { Route } from "./+types/home";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(requestContext);
  const now = new Date();
  const [i18n, highlights, trending] = await Promise.all([
    loadRouteMessages(request, "home"),
    homeHighlights(db, now),
    listTrending(db, now),
  ]);
  return { i18n, language: i18n.language, serverNow: now.getTime(), ...highlights, trending };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage {...loaderData} />;
}
