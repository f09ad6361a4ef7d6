/**
 * The signed-in member's unread notification count, shared by the bell and `/notification`:
 * read once the page is interactive, kept live through the member's `user:{uid}` topic, and set by
 * the page when it marks notifications read. The socket code loads only then, off the first load;
 * the browser notification code only when a notification may use one.
 */
import { apiJson } from "../../shared/api/json-api.ts";
import type { ServerFrame } from "../../../universal/realtime/protocol.ts";
import type { AppNotification } from "../../../universal/notifications/notification-kinds.ts";
import type { BrowserAlerts } from "./browser-notifications.ts";

type Listener = () => void;

const state = {
  uid: null as string | null,
  count: null as number | null,
  listeners: new Set<Listener>(),
  arrivals: new Set<(notification: AppNotification) => void>(),
  stop: null as (() => void) | null,
  alerts: null as BrowserAlerts | null,
};

function changed(): void {
  for (const listener of state.listeners) listener();
}

export function subscribeUnread(listener: Listener): () => void {
  state.listeners.add(listener);
  return () => state.listeners.delete(listener);
}

export function unreadCount(): number | null {
  return state.count;
}

export function setUnreadCount(count: number): void {
  state.count = count;
  changed();
}

/** New notifications as they arrive (the page prepends them). */
export function onNotification(listener: (notification: AppNotification) => void): () => void {
  state.arrivals.add(listener);
  return () => state.arrivals.delete(listener);
}

/** Starts following `uid`'s notifications (once per member and page load); `alerts` is how browser notifications speak and navigate. */
export function followUnread(uid: string, alerts: BrowserAlerts): void {
  state.alerts = alerts;
  if (state.uid === uid) return;
  state.stop?.();
  state.uid = uid;
  state.count = null;
  void import("../../shared/realtime/socket-client.ts").then(({ socketClient }) => {
    if (state.uid !== uid) return;
    let since: number | null = null;
    state.stop = socketClient().subscribe(`user:${uid}`, undefined, (frame: ServerFrame) => {
      if (frame.type === "subscribed") {
        // Counted after the subscription is live, so nothing falls between the count and the events.
        since = frame.lastId ?? 0;
        void apiJson<unknown, { unread: number }>("/api/notifications?unread=1&limit=1").then((answer) => {
          if (answer.ok && state.uid === uid) setUnreadCount(answer.body.unread);
        });
      } else if (frame.type === "notification" && since !== null && frame.id > since) {
        if (state.count !== null && !frame.notification.read) setUnreadCount(state.count + 1);
        for (const listener of state.arrivals) listener(frame.notification);
        alertInBrowser(frame.notification);
      }
    });
  });
}

function alertInBrowser(notification: AppNotification): void {
  const alerts = state.alerts;
  if (!alerts || notification.read) return;
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  // A browser notification is a courtesy: a chunk that fails to load costs only that.
  void import("./browser-notifications.ts").then(
    (module) => module.alertInBrowser(notification, alerts),
    () => {},
  );
}
