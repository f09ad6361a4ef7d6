/**
 * Notification kinds: kebab-case names, one per event. Chat adds `mention` and `direct-message`;
 * the community, guides and trading add theirs to the same list.
 */
export const notificationKinds = [
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
  "announcement",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

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
