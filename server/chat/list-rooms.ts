/**
 * The rooms a member sees in chat (the lounges, their clans' rooms, their direct conversations), with
 * unread counts and, for a direct room, the other member and when they were last seen.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client.ts";
import { UNREAD_MAX, type ChatRoom, type RoomKind } from "../../universal/chat/chat-schemas.ts";
import type { Language } from "../../universal/i18n/languages.ts";
import type { Viewer } from "../auth/viewer.ts";
import { chatMessagesFor } from "./chat-messages.ts";

/** A global room's unread count, before its reader first opens it, counts the last day only. */
const UNREAD_FIRST_VISIT_MS = 24 * 60 * 60 * 1000;

export function globalRoomId(language: Language): string {
  return `global-${language}`;
}

/** The viewer's rooms with unread counts: their language's global room first, then by latest message. */
export async function listRooms(db: Database, viewer: Viewer, language: Language, now = Date.now()): Promise<ChatRoom[]> {
  const rows = await queryRows<{
    id: string;
    kind: RoomKind;
    language: string | null;
    slow_mode_seconds: number;
    peer_uid: string | null;
    peer_name: string | null;
    peer_seen: string | number | null;
    clan_name: string | null;
    last_id: string | number | null;
    last_read_id: string | number | null;
    unread: string | number;
  }>(
    db,
    sql`select r.id, r.kind, r.language, r.slow_mode_seconds, rd.last_read_id,
          p.uid as peer_uid, coalesce(p.display_name, '') as peer_name, seen.last_seen_at as peer_seen,
          case when c.id is null then null else c.name || ' [' || c.tag || ']' end as clan_name,
          (select max(m.id) from chat_messages m where m.room_id = r.id and m.deleted_at is null) as last_id,
          (select count(*) from (
            select 1 from chat_messages m
            where m.room_id = r.id and m.deleted_at is null and m.author_uid <> ${viewer.uid}
              and m.id > coalesce(rd.last_read_id, 0)
              and (rd.uid is not null or m.created_at > ${now - UNREAD_FIRST_VISIT_MS})
            limit ${UNREAD_MAX + 1}) as unread_rows) as unread
        from chat_rooms r
        left join chat_reads rd on rd.room_id = r.id and rd.uid = ${viewer.uid}
        left join users p on r.kind = 'direct'
          and p.uid = case when r.member_a = ${viewer.uid} then r.member_b else r.member_a end
        left join presence seen on seen.uid = p.uid
        left join clans c on r.kind = 'clan' and c.id = r.clan_id
        where r.kind = 'global' or (r.kind = 'direct' and (r.member_a = ${viewer.uid} or r.member_b = ${viewer.uid}))
          or (r.kind = 'clan' and exists (select 1 from clan_members cm where cm.clan_id = r.clan_id and cm.uid = ${viewer.uid}))`,
  );
  const names = chatMessagesFor(language);
  const rooms = rows.map((row): ChatRoom => {
    const lastMessageId = row.last_id === null ? null : Number(row.last_id);
    const base = {
      id: row.id,
      kind: row.kind,
      unread: Number(row.unread),
      lastMessageId,
      lastReadId: row.last_read_id === null ? null : Number(row.last_read_id),
      slowModeSeconds: row.slow_mode_seconds,
    };
    if (row.kind === "direct" && row.peer_uid) {
      return {
        ...base,
        name: row.peer_name || names.member,
        peer: { uid: row.peer_uid, displayName: row.peer_name ?? "", lastSeenAt: row.peer_seen === null ? null : Number(row.peer_seen) },
      };
    }
    if (row.kind === "clan") return { ...base, name: row.clan_name ?? row.id };
    const roomLanguage = row.language as Language;
    return { ...base, name: names.globalRoom[roomLanguage] ?? row.id, language: roomLanguage };
  });
  const home = globalRoomId(language);
  return rooms.sort((a, b) => {
    if ((a.id === home) !== (b.id === home)) return a.id === home ? -1 : 1;
    if ((a.kind === "global") !== (b.kind === "global")) return a.kind === "global" ? -1 : 1;
    return (b.lastMessageId ?? 0) - (a.lastMessageId ?? 0);
  });
}
