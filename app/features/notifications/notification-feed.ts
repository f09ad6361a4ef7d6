/**
 * Follows a member's `user:{uid}` topic for the bell: the unread count once the subscription is
 * live, then each new notification, and a browser notification where one may show. Loaded after
 * the page is interactive (`unread-count.ts`), so none of it is in a page's first load.
 */
import type { AppNotification } from "../../../universal/notifications/notification-kinds.ts";
import type { ServerFrame } from "../../../universal/realtime/protocol.ts";
import { SERVICE_WORKER_MESSAGES } from "../../../universal/delivery/service-worker-protocol.ts";
import { sameOriginPath } from "../../../universal/navigation/safe-navigation.ts";
import { socketClient } from "../../shared/realtime/socket-client.ts";
import type { BrowserAlerts } from "./browser-notifications.ts";

export interface NotificationFeed {
  counted(count: number): void;
  arrived(notification: AppNotification): void;
  /** How a browser notification speaks and navigates, as the page is now. */
  alerts(): BrowserAlerts;
}

/**
 * Listens until the returned function is called. `after`: the newest notification the page was
 * rendered with; those that came after it are announced as they would have been live (decision 045).
 */
export function followNotifications(uid: string, after: number | undefined, feed: NotificationFeed): () => void {
  let since: number | null = after ?? null;
  // A browser notification shown through the service worker was clicked: open its page here.
  const onWorkerMessage = (event: MessageEvent) => {
    const message = event.data as { type?: unknown; href?: unknown } | null;
    if (message?.type !== SERVICE_WORKER_MESSAGES.openNotification) return;
    const href = sameOriginPath(typeof message.href === "string" ? message.href : null);
    if (href) feed.alerts().navigate(href);
  };
  navigator.serviceWorker?.addEventListener("message", onWorkerMessage);
  const stop = socketClient().subscribe(`user:${uid}`, after, (frame: ServerFrame) => {
    if (frame.type === "subscribed") {
      // The count follows at once, as of this id (the server's opening `unread` frame): later
      // notifications add to it, so nothing falls between the count and the events.
      since = frame.lastId ?? 0;
    } else if (frame.type === "unread" && since !== null) {
      feed.counted(frame.unread);
    } else if (frame.type === "notification" && since !== null && frame.id > since) {
      feed.arrived(frame.notification);
      alertInBrowser(frame.notification, feed.alerts());
    }
  });
  return () => {
    stop();
    navigator.serviceWorker?.removeEventListener("message", onWorkerMessage);
  };
}

function alertInBrowser(notification: AppNotification, alerts: BrowserAlerts): void {
  if (notification.read || typeof Notification === "undefined" || Notification.permission !== "granted") return;
  // A browser notification is a courtesy: a chunk that fails to load costs only that.
  void import("./browser-notifications.ts").then(
    (module) => module.alertInBrowser(notification, alerts),
    () => {},
  );
}
