/**
 * The kinds features send today, in the order `/me` lists them. A kind gets its switches in `/me`
 * and its row in `GET /api/notifications/preferences` by being added here, with its label
 * (`preferences.kinds.<kind>` in both languages' `notifications.json`).
 */
export const activeNotificationKinds = [
  "mention",
  "direct-message",
  "comment",
  "reply",
  "like",
  "guide-approved",
  "guide-rejected",
  "offer-reply",
  "offer-reserved",
  "offer-confirm",
  "offer-completed",
  "offer-cancelled",
  "offer-expired",
  "price-alert",
  "clan-request",
  "clan-approved",
  "clan-invite",
  "clan-removed",
  "clan-event",
  "announcement",
] as const;

/**
 * Notification kinds: kebab-case names, one per event. Chat adds `mention` and `direct-message`;
 * the community, guides, trading, clans and the team's announcements add theirs.
 */
export const notificationKinds = [...activeNotificationKinds] as const;
export type NotificationKind = (typeof notificationKinds)[number];
export type ActiveNotificationKind = (typeof activeNotificationKinds)[number];

/**
 * The kinds worth a browser notification while the site is open (someone speaking to the member),
 * each with its title (`browser.<kind>`). The others have the in-app switch only.
 */
export const browserNotificationKinds = ["mention", "direct-message"] as const satisfies readonly ActiveNotificationKind[];

export function mayNotifyInBrowser(kind: string): boolean {
  return (browserNotificationKinds as readonly string[]).includes(kind);
}

export interface NotificationActor {
  uid: string;
  displayName: string;
}

/** One notification as the API and the `user:{uid}` topic carry it. */
export interface AppNotification {
  id: number;
  kind: NotificationKind;
  read: boolean;
  createdAt: number;
  actor: NotificationActor | null;
  /** A same-origin path to the thing the notification is about. */
  link: string | null;
  /** Kind-specific facts (the room, an excerpt of the message…), shown by the page in the viewer's language. */
  data: Record<string, string | number | null>;
}
