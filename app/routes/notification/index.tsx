import { NotificationsPage } from "~/features/notifications/notifications-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";
import { requestContext } from "~/shared/request-context.ts";
import { listNotifications, NOTIFICATION_PAGE } from "../../../server/notifications/notifications.ts";
import type { Route } from "./+types/index";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

/** `/notification?unread=1&before=`: the newest (unread) notifications, or those older than `before` (the link under the list). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, db } = context.get(requestContext);
  const i18n = await loadRouteMessages(request, "notifications");
  const params = new URL(request.url).searchParams;
  const unreadOnly = params.get("unread") === "1";
  // A made-up `before` is no `before`: the newest.
  const before = Number(params.get("before"));
  if (!viewer) return { i18n, signedIn: false, unreadOnly, notifications: [], unread: 0, nextBefore: null };
  const page = await listNotifications(db, viewer.uid, {
    unread: unreadOnly ? "1" : undefined,
    before: Number.isSafeInteger(before) && before > 0 ? before : undefined,
    limit: NOTIFICATION_PAGE,
  });
  return { i18n, signedIn: true, unreadOnly, notifications: page.data, unread: page.unread, nextBefore: page.nextBefore };
}

/** Served as islands: the rows are server HTML, made to work by a plain island (no React). */
export const handle = islandsHandle;

export default function Notification({ loaderData }: Route.ComponentProps) {
  return <NotificationsPage {...loaderData} />;
}
