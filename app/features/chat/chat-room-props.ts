/** What the conversation's server HTML and its plain island share: the parts' ids, the island's props, the history line. No React. */
import type { ChatRoom } from "../../../universal/chat/chat-limits.ts";
import type { RouteMessages } from "../../shared/i18n/route-messages.ts";
import type { ChatT } from "./chat-text.ts";
import { escapeHtml } from "./message-html.ts";

export const CHAT_IDS = {
  section: "chat-conversation",
  presence: "chat-presence",
  block: "chat-block",
  slowMode: "chat-slow-mode",
  list: "chat-messages",
  history: "chat-history",
  typing: "chat-typing",
  blockedNotice: "chat-blocked",
  error: "chat-error",
  form: "chat-composer-form",
  mentions: "chat-mentions",
  composer: "chat-composer",
  remaining: "chat-remaining",
  reconnecting: "chat-reconnecting",
  slowModeLine: "chat-slow-mode-line",
} as const;

export const SLOW_MODE_CHOICES = [0, 10, 30, 60, 300] as const;

/** The `chat-room` plain island's props: the room, who reads it, and the chat's texts it shows (not the messages: they are the HTML). */
export interface ChatRoomProps {
  i18n: RouteMessages;
  room: Pick<ChatRoom, "id" | "kind" | "name" | "slowModeSeconds"> & { peer: ChatRoom["peer"] | null };
  viewerUid: string;
  viewerName: string | null;
  moderator: boolean;
  blocked: boolean;
  /** The page holds the room's first message. */
  olderDone: boolean;
  dividerBefore: number | null;
  /** The newest message the page shows (0: none): the room's subscription resumes from it. */
  lastId: number;
}

/** The list's first item: the way to earlier messages, or where the conversation begins. */
export function historyInner(t: ChatT, done: boolean, empty: boolean, loading = false): string {
  if (done) return escapeHtml(t(empty ? "empty" : "beginning"));
  return `<button type="button" data-chat-older="" class="min-h-10 rounded-md border border-line px-3 hover:bg-surface-muted">${escapeHtml(t(loading ? "loadingEarlier" : "loadEarlier"))}</button>`;
}

export function historyHtml(t: ChatT, done: boolean, empty: boolean): string {
  return `<li id="${CHAT_IDS.history}" class="py-2 text-center text-sm text-fg-muted">${historyInner(t, done, empty)}</li>`;
}
