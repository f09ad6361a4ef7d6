import { EventBoard } from "~/features/events/event-board.tsx";
import { MinimalHeader } from "~/features/shell/minimal-header.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { requestContext } from "~/shared/request-context.ts";
import { liveEvents } from "../../../server/content/highlights.ts";
import type { Route } from "./+types/index";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(requestContext);
  const now = new Date();
  const [i18n, live] = await Promise.all([loadRouteMessages(request, "home"), liveEvents(db, now)]);
  return { i18n, language: i18n.language, serverNow: now.getTime(), ...live };
}

export default function Event({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-dvh">
      <MinimalHeader />
      <main id="main">
        <EventBoard {...loaderData} />
      </main>
    </div>
  );
}
