/**
 * The `/ws` protocol: what the server sends, typed for both sides, and the close codes. Zod-free, since
 * the browser's socket client imports it: the schemas of what clients send are in `client-frames.ts`,
 * which only the server loads (decision 042: a module-level schema would carry Zod into every page).
 */
import type { ChatMessage } from "../chat/chat-schemas.ts";
import type { AppNotification } from "../notifications/notification-kinds.ts";
import type { Post } from "../feed/feed-limits.ts";
import type { Offer, OfferReply, OfferStatus } from "../offers/offer-types.ts";

/** Events stored with a per-topic, strictly increasing id: replayed to a client that resumes. */
export type PersistedEvent =
  | { type: "message"; topic: string; id: number; message: ChatMessage }
  | { type: "message-updated"; topic: string; id: number; message: ChatMessage }
  | { type: "message-deleted"; topic: string; id: number; messageId: number }
  | { type: "notification"; topic: string; id: number; notification: AppNotification }
  /** On `feed:{language}`: a new post (visitors may subscribe). */
  | { type: "post"; topic: string; id: number; post: Post }
  /** On `offer:{id}`: a reply in the offer's thread (readers of the offer only). */
  | { type: "offer-reply"; topic: string; id: number; reply: OfferReply };

export interface PresenceMember {
  uid: string;
  displayName: string;
}

/** Names a presence event lists at most (a lounge may hold thousands; `count` is always exact). */
export const PRESENCE_LIST_MAX = 100;

/**
 * Events that are not stored and carry no id. Presence comes first as the list of who is online
 * in the topic (`members`, right after `subscribed`), then as changes (`joined`, `left`); `count`
 * is the number online after the event.
 */
export type TransientEvent =
  | { type: "typing"; topic: string; uid: string; displayName: string }
  /** On `user:{uid}`: the member's unread count after some were marked read (in another tab, or by reading a room). */
  | { type: "unread"; topic: string; unread: number }
  | { type: "presence"; topic: string; count: number; members?: PresenceMember[]; joined?: PresenceMember[]; left?: string[] }
  /** On `offer:{id}`: the offer moved (readers fetch it again). */
  | { type: "offer-changed"; topic: string; offerId: number; status: OfferStatus; version: number }
  /** On `offer:{id}`: one side left feedback on the trade (readers fetch the offer again; its version is the same). */
  | { type: "offer-feedback"; topic: string; offerId: number }
  /** On `offers:{itemId}` (anyone): an open offer entered or changed in the item's book (`offer`), or left it (`offer: null`). */
  | { type: "offer-book"; topic: string; offerId: number; offer: Offer | null };

const RELAYED_TRANSIENT_TYPES = ["typing", "unread", "offer-changed", "offer-feedback", "offer-book"] as const;
const relayed: ReadonlySet<string> = new Set(RELAYED_TRANSIENT_TYPES);

/**
 * Whether the hub carries this event to a topic's live subscribers as it is: the transient events but
 * presence (the socket server's own); `pages-changed` and pokes are for the processes, not browsers.
 */
export function isRelayedTransient(event: {
  type: string;
}): event is Extract<TransientEvent, { type: (typeof RELAYED_TRANSIENT_TYPES)[number] }> {
  return relayed.has(event.type);
}

export type ServerFrame =
  | PersistedEvent
  | TransientEvent
  | { type: "subscribed"; topic: string; lastId: number | null }
  | { type: "error"; topic?: string; code: SocketErrorCode };

/**
 * Why the server refused a frame or a connection. `too-many-topics`: the connection holds its
 * topics' ceiling; `too-many-sockets`, `too-many-connections`: the account's or the address's
 * sockets, or the address's new connections this minute, are at their ceiling (the socket is then
 * closed with 1008 and the same code as its reason). `unauthenticated`: a topic refused to a socket
 * that holds no session (the page re-reads who it is: its session may have ended while it reconnected).
 */
export type SocketErrorCode =
  | "permission-denied"
  | "unauthenticated"
  | "reload"
  | "invalid-argument"
  | "resource-exhausted"
  | "too-many-topics"
  | "too-many-sockets"
  | "too-many-connections";

/**
 * The application close codes (4000-4999) the server ends a socket with when who holds it changed:
 * the client re-reads its identity and reconnects as what it now is (a visitor after a sign-out).
 * The close reason names the cause.
 */
export const SOCKET_CLOSE = {
  /** The session ended: signed out, revoked from another device, a password reset or change, the account deleted. */
  sessionEnded: 4401,
  /** The account changed: banned, or given another role. */
  accountChanged: 4403,
  /** A limit refused the socket (`too-many-sockets`, `too-many-connections`); standard "policy violation". */
  policy: 1008,
} as const;

export type SocketCloseReason = "signed-out" | "account-deleted" | "banned" | "role-changed";

export function roomTopic(roomId: string): string {
  return `room:${roomId}`;
}

export function userTopic(uid: string): string {
  return `user:${uid}`;
}
