/** The members the composer suggests after `@`: those who may read the room, whoever wrote in it lately first. */
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client.ts";
import { likePattern } from "../../db/folding.ts";
import type { ChatAuthor } from "../../universal/chat/chat-schemas.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { RoomRow } from "./room-access.ts";

/** Members suggested for `@` in the composer. */
export const MENTION_SUGGESTIONS = 8;

/**
 * Members whose display name has a word starting with `query` (diacritics and case aside: "tuan"
 * finds "Tuấn"), who may read the room: whoever wrote in it lately first. The viewer, banned
 * members, and members hidden from the directory who never wrote in the room are left out.
 */
export async function mentionSuggestions(db: Database, viewer: Viewer, room: RoomRow, query: string): Promise<ChatAuthor[]> {
  const pattern = likePattern(query);
  const rows = await queryRows<{ uid: string; name: string }>(
    db,
    sql`select u.uid, u.display_name as name
        from users u
        join auth_users a on a.id = u.uid
        left join profile_settings ps on ps.uid = u.uid
        left join lateral (select max(m.id) as last from chat_messages m where m.room_id = ${room.id} and m.author_uid = u.uid) recent on true
        where u.uid <> ${viewer.uid} and coalesce(u.display_name, '') <> ''
          -- Banned members never; members hidden from the directory only where they wrote.
          and not (coalesce(a.banned, false) and (a.ban_expires is null or a.ban_expires > now()))
          and (coalesce(ps.listed, true) or recent.last is not null)
          and (f_unaccent(lower(u.display_name)) like ${pattern} || '%' or f_unaccent(lower(u.display_name)) like '% ' || ${pattern} || '%')
          ${room.kind === "direct" ? sql`and u.uid in (${room.memberA ?? ""}, ${room.memberB ?? ""})` : sql``}
        order by recent.last desc nulls last, lower(u.display_name)
        limit ${MENTION_SUGGESTIONS}`,
  );
  return rows.map((row) => ({ uid: row.uid, displayName: row.name }));
}
