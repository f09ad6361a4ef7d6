/**
 * The chat API's request and answer shapes, shared by the server (which validates with them) and
 * the browser (which reads its answers as these types).
 */
import { z } from "zod";

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

export const roomKinds = ["global", "clan", "direct"] as const;
export type RoomKind = (typeof roomKinds)[number];

/** Account ids as better-auth makes them (letters, digits, `-`, `_`). */
export const uidSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "not an account id");

export const messageTextSchema = z
  .string()
  .max(MESSAGE_TEXT_MAX * 2, `at most ${MESSAGE_TEXT_MAX} characters`)
  .transform((text) => text.trim())
  .pipe(z.string().min(1, "a message needs some text").max(MESSAGE_TEXT_MAX, `at most ${MESSAGE_TEXT_MAX} characters`));

/** The sender's own id for a message: the same id again is the same message, never a second one. */
export const clientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "8 to 64 letters, digits, - or _");

export const sendMessageBody = z.object({
  text: messageTextSchema,
  clientId: clientIdSchema,
  mentions: z.array(uidSchema).max(20).optional(),
});
export const editMessageBody = z.object({ text: messageTextSchema });
export const directRoomBody = z.object({ uid: uidSchema });
export const readBody = z.object({ lastId: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) });
export const muteBody = z.object({ uid: uidSchema, minutes: z.number().int().min(1).max(MUTE_MINUTES_MAX) });
export const slowModeBody = z.object({ seconds: z.number().int().min(0).max(SLOW_MODE_SECONDS_MAX) });
export const blockBody = z.object({ uid: uidSchema });

const messageId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
export const historyQuery = z
  .object({
    after: messageId.optional(),
    before: messageId.optional(),
    limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).default(HISTORY_PAGE),
  })
  .refine((query) => query.after === undefined || query.before === undefined, "after and before cannot both be set");

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
  /** The other member of a direct room. */
  peer?: ChatAuthor;
  unread: number;
  lastMessageId: number | null;
  /** The newest message id the viewer has read here (null: never opened). */
  lastReadId: number | null;
  slowModeSeconds: number;
}

/** Why the server refused a message, in `error.details.reason`: the composer explains each in words. */
export const refusalReasons = ["rate-limit", "slow-mode", "muted", "blocked"] as const;
export type RefusalReason = (typeof refusalReasons)[number];
