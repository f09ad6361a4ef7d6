/**
 * Who is in the conversation (`chat-room.ts`): who is typing, and who is here: a direct room's peer
 * online or last seen, a group room's count with the list of names.
 */
import type { ServerFrame } from "../../../universal/realtime/protocol.ts";
import { formatAgo } from "../../shared/i18n/format.ts";
import { pageInterval } from "../../shared/islands/page-lifetime.ts";
import { escapeHtml } from "./message-html.ts";
import type { RoomContext } from "./room-context.ts";
import { nextOnline, type RoomOnline } from "./room-online.ts";
import { setHtml, setText } from "../../shared/page/dom-writes.ts";

const TYPING_SHOWN_MS = 4_000;
const DOT = '<span aria-hidden="true" class="inline-block size-2 rounded-full bg-emerald-500"></span>';

export interface RoomPresence {
  presence(frame: Extract<ServerFrame, { type: "presence" }>): void;
  typing(frame: Extract<ServerFrame, { type: "typing" }>): void;
  /** A message from this member: they are no longer typing. */
  spoke(uid: string): void;
}

export function roomPresence(context: RoomContext, typingLine: HTMLElement, presenceBox: HTMLElement, names: Set<string>): RoomPresence {
  const { room, t, language } = context;
  let online: RoomOnline | null = null;
  const typers = new Map<string, { name: string; until: number }>();

  let typingTimer: ReturnType<typeof setTimeout> | undefined;
  function showTyping(): void {
    const now = Date.now();
    for (const [uid, each] of typers) if (each.until <= now) typers.delete(uid);
    const shown = [...typers.values()].map((each) => each.name);
    setText(typingLine, shown.length > 0 ? t("typing", { count: shown.length, names: shown.join(", ") }) : "");
    clearTimeout(typingTimer);
    if (typers.size > 0) typingTimer = setTimeout(showTyping, 1_000);
  }

  function showPresence(): void {
    const peer = room.kind === "direct" ? room.peer : null;
    if (peer) {
      if (online?.members.has(peer.uid)) {
        setHtml(
          presenceBox,
          `<p class="flex items-center gap-1.5 text-xs text-fg-muted" data-presence="online">${DOT}${escapeHtml(t("presence.online"))}</p>`,
        );
        return;
      }
      setHtml(
        presenceBox,
        peer.lastSeenAt === null
          ? ""
          : `<p class="text-xs text-fg-muted" data-presence="offline">${escapeHtml(t("presence.lastSeen", { ago: formatAgo(peer.lastSeenAt, Date.now(), language) }))}</p>`,
      );
      return;
    }
    if (!online || online.count === 0) {
      setHtml(presenceBox, "");
      return;
    }
    const open = presenceBox.querySelector("details")?.open ?? false;
    const members = [...online.members.values()];
    const items = members.map((name) => `<li class="truncate py-0.5">${escapeHtml(name || t("rooms.member"))}</li>`).join("");
    const more =
      online.count > members.length
        ? `<li class="py-0.5 text-fg-muted">${escapeHtml(t("presence.more", { count: online.count - members.length }))}</li>`
        : "";
    setHtml(
      presenceBox,
      `<details class="relative text-xs text-fg-muted"${open ? " open" : ""}><summary class="inline-flex min-h-6 cursor-pointer list-none items-center gap-1.5 rounded px-1 hover:bg-surface-muted" aria-controls="chat-presence-list">${DOT}${escapeHtml(t("presence.here", { count: online.count }))}</summary>` +
        `<ul id="chat-presence-list" aria-label="${escapeHtml(t("presence.whoIsHere"))}" class="absolute start-0 top-full z-10 mt-1 max-h-64 w-56 overflow-y-auto rounded-md border border-line bg-surface p-2 text-sm text-fg shadow-lg">${items}${more}</ul></details>`,
    );
  }
  showPresence();
  // "Last seen 5 minutes ago" stays true.
  if (room.kind === "direct") pageInterval(() => showPresence(), 60_000);

  return {
    presence(frame) {
      online = nextOnline(online, frame);
      for (const name of online.members.values()) if (name) names.add(name);
      showPresence();
    },
    typing(frame) {
      typers.set(frame.uid, { name: frame.displayName, until: Date.now() + TYPING_SHOWN_MS });
      showTyping();
    },
    spoke(uid) {
      if (typers.delete(uid)) showTyping();
    },
  };
}
