/**
 * The chat's limits and shapes, without Zod: what the browser needs (chat-schemas.ts validates with
 * Zod on the server and imports these).
 */
/** Longest message, in characters (UTF-16 code units, as the composer counts them). */
export const MESSAGE_TEXT_MAX = 2_000;
/** A message's author may edit or delete it for this long after sending it. */
export const MESSAGE_EDIT_WINDOW_MS = 10 * 60 * 1000;
/** Messages per page of history, and the most one request may ask for. */
export const HISTORY_PAGE = 50;
export const HISTORY_PAGE_MAX = 100;
/** The longest mute a moderator may set (one week) and the longest slow mode (one hour). */
export const MUTE_MINUTES_MAX = 7 * 24 * 60;
export const SLOW_MODE_SECONDS_MAX = 60 * 60;

/** Unread counts show up to this, then "99+" (the server counts one more to know). */
export const UNREAD_MAX = 99;

export const roomKinds = ["global", "clan", "direct"] as const;
export type RoomKind = (typeof roomKinds)[number];

export interface ChatAuthor {
  uid: string;
  displayName: string;
}

export interface ChatMessage {
  id: number;
  roomId: string;
  author: ChatAuthor;
  text: string;
  createdAt: number;
  editedAt: number | null;
}

export interface ChatRoom {
  id: string;
  kind: RoomKind;
  /** In the viewer's language: the room's language for a global room, the other member for a direct one. */
  name: string;
  language?: string;
  /** The other member of a direct room, and when they were last connected (null: never, or not yet known). */
  peer?: ChatAuthor & { lastSeenAt: number | null };
  unread: number;
  lastMessageId: number | null;
  /** The newest message id the viewer has read here (null: never opened). */
  lastReadId: number | null;
  slowModeSeconds: number;
}
