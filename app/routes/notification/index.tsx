import { NotificationsPage } from "~/features/notifications/notifications-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { requestContext } from "~/shared/request-context.ts";
import { listNotifications, NOTIFICATION_PAGE } from "../../../server/notifications/notifications.ts";
import type { Route } from "./+types/index";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, db } = context.get(requestContext);
  const i18n = await loadRouteMessages(request, "notifications");
  const unreadOnly = new URL(request.url).searchParams.get("unread") === "1";
  if (!viewer) return { i18n, signedIn: false, unreadOnly, notifications: [], unread: 0, nextBefore: null };
  const page = await listNotifications(db, viewer.uid, { unread: unreadOnly ? "1" : undefined, limit: NOTIFICATION_PAGE });
  return { i18n, signedIn: true, unreadOnly, notifications: page.data, unread: page.unread, nextBefore: page.nextBefore };
}

export default function Notification({ loaderData }: Route.ComponentProps) {
  return <NotificationsPage {...loaderData} />;
}
