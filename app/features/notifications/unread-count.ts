/**
 * The signed-in member's unread notification count, shared by the bell and `/notification`:
 * read once the page is interactive, kept live through the member's `user:{uid}` topic, and set by
 * the page when it marks notifications read. The code that follows the topic loads only then
 * (`notification-feed.ts`), off the first load.
 */
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
  const following = () => state.uid === uid;
  void import("./notification-feed.ts").then(({ followNotifications }) => {
    if (!following()) return;
    state.stop = followNotifications(uid, {
      counted: (count) => {
        if (following()) setUnreadCount(count);
      },
      arrived(notification) {
        if (state.count !== null && !notification.read) setUnreadCount(state.count + 1);
        for (const listener of state.arrivals) listener(notification);
      },
      alerts: () => state.alerts ?? alerts,
    });
  });
}
