/**
 * The signed-in member's unread notification count, shared by the bell and `/notification`: the
 * count the page was rendered with, then kept live through the member's `user:{uid}` topic once the
 * page has settled (at once on `/notification`), and set by the page when it marks notifications
 * read. The code that follows the topic (`notification-feed.ts`, and the socket client on a page that
 * has no other use for it) loads only then, off the first load (decision 045).
 */
import type { AppNotification } from "../../../universal/notifications/notification-kinds.ts";
import { afterInteractive, afterSettled } from "../../shared/page/after-interactive.ts";
import type { BellState } from "../../../server/notifications/notifications.ts";
import type { BrowserAlerts } from "./browser-notifications.ts";

type Listener = () => void;

const state = {
  uid: null as string | null,
  count: null as number | null,
  listeners: new Set<Listener>(),
  arrivals: new Set<(notification: AppNotification) => void>(),
  stop: null as (() => void) | null,
  alerts: null as BrowserAlerts | null,
  /** The newest notification's id when the first page was rendered: the live feed starts after it. */
  since: null as number | null,
  /** The follow a bell has asked for once the page has settled, not started yet. */
  pending: null as (() => void) | null,
  /** Whether the page wants the count live at once (its content is the notifications). */
  now: false,
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

/**
 * The bell the server rendered the page with (null for a visitor): the count it shows until the
 * notifications are followed live, from which point the live count is the one that holds; and the
 * newest notification then, after which the live feed starts, so that one arriving before it does is
 * still announced (as a browser notification, at the top of `/notification`), however late it starts.
 */
export function startFromRenderedCount(bell: BellState | null): void {
  if (!bell || state.uid !== null) return;
  // The first page's: a page moved to later is rendered with arrivals the feed must still announce.
  state.since ??= bell.lastId ?? 0;
  if (state.count !== bell.unread) setUnreadCount(bell.unread);
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
  // Another member's count is not this one's; a first follow starts from the rendered count.
  if (state.uid !== null) state.count = null;
  state.uid = uid;
  const following = () => state.uid === uid;
  void import("./notification-feed.ts").then(({ followNotifications }) => {
    if (!following()) return;
    state.stop = followNotifications(uid, state.since ?? undefined, {
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

/**
 * Follows `uid`'s notifications once the page has settled (`afterSettled`): until then the bell shows
 * the rendered count, and a notification that arrives meanwhile is in the count the socket starts from.
 * At once instead where the page has asked for it (`followUnreadNow`). Returns a cancel function.
 */
export function followUnreadWhenSettled(uid: string, alerts: BrowserAlerts): () => void {
  const follow = () => {
    state.pending = null;
    followUnread(uid, alerts);
  };
  if (state.now) return afterInteractive(follow);
  state.pending = follow;
  const cancel = afterSettled(follow);
  return () => {
    if (state.pending === follow) state.pending = null;
    cancel();
  };
}

/** Follows the notifications as soon as the page is interactive: `/notification`, whose list they are. */
export function followUnreadNow(): void {
  state.now = true;
  const pending = state.pending;
  if (pending) afterInteractive(pending);
}
