/** Who is online in the open room: the other member's status in a direct room, how many have a lounge open (and who). */
import { useId } from "react";
import type { ChatRoom } from "../../../universal/chat/chat-limits.ts";
import { formatAgo } from "../../shared/i18n/format.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";

export interface RoomOnline {
  count: number;
  members: Map<string, string>;
}

/** Applies a presence event: a list replaces what was known, joins and leaves change it. */
export function nextOnline(
  current: RoomOnline | null,
  frame: {
    count: number;
    members?: { uid: string; displayName: string }[];
    joined?: { uid: string; displayName: string }[];
    left?: string[];
  },
): RoomOnline {
  const members = new Map(frame.members ? [] : (current?.members ?? []));
  for (const member of frame.members ?? []) members.set(member.uid, member.displayName);
  for (const member of frame.joined ?? []) members.set(member.uid, member.displayName);
  for (const uid of frame.left ?? []) members.delete(uid);
  return { count: frame.count, members };
}

export function RoomPresence({ room, online, now }: { room: ChatRoom; online: RoomOnline | null; now: number }) {
  const { t, i18n } = useTranslation("chat");
  const id = useId();
  const dot = <span aria-hidden="true" className="inline-block size-2 rounded-full bg-emerald-500" />;
  if (room.kind === "direct" && room.peer) {
    if (online?.members.has(room.peer.uid))
      return (
        <p className="flex items-center gap-1.5 text-xs text-fg-muted" data-presence="online">
          {dot}
          {t("presence.online")}
        </p>
      );
    const seen = room.peer.lastSeenAt;
    // Relative times wait for the device's clock (0 while the page hydrates).
    if (seen === null || now === 0) return null;
    return (
      <p className="text-xs text-fg-muted" data-presence="offline">
        {t("presence.lastSeen", { ago: formatAgo(seen, now, i18n.language) })}
      </p>
    );
  }
  if (!online || online.count === 0) return null;
  const names = [...online.members.values()];
  return (
    <details className="relative text-xs text-fg-muted">
      <summary
        className="inline-flex min-h-6 cursor-pointer list-none items-center gap-1.5 rounded px-1 hover:bg-surface-muted"
        aria-controls={id}
      >
        {dot}
        {t("presence.here", { count: online.count })}
      </summary>
      <ul
        id={id}
        aria-label={t("presence.whoIsHere")}
        className="absolute start-0 top-full z-10 mt-1 max-h-64 w-56 overflow-y-auto rounded-md border border-line bg-surface p-2 text-sm text-fg shadow-lg"
      >
        {names.map((name, index) => (
          <li key={`${name}-${index}`} className="truncate py-0.5">
            {name || t("rooms.member")}
          </li>
        ))}
        {online.count > names.length ? (
          <li className="py-0.5 text-fg-muted">{t("presence.more", { count: online.count - names.length })}</li>
        ) : null}
      </ul>
    </details>
  );
}
