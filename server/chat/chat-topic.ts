/**
 * The `room:{id}` realtime topic: a room's messages, edits and deletions, for the room's members. A
 * resuming subscriber is replayed what it missed, each message once, up to REPLAY_MAX events.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client.ts";
import { chatMessages, users } from "../../db/schema/index.ts";
import { can } from "../../universal/auth/permissions.ts";
import { roomTopic, type PersistedEvent } from "../../universal/realtime/protocol.ts";
import { freshReads } from "../realtime/fresh-reads.ts";
import type { TopicSource } from "../realtime/topic-source.ts";
import { messageById, messageColumns, toChatMessage } from "./message-rows.ts";
import { findRoom, mayRead } from "./room-access.ts";

/** Replay to a resuming subscriber at most this many events; past it the client reloads. */
export const REPLAY_MAX = 500;

/** The newest event id of a room's topic (a message, an edit or a deletion), or null when it has none. */
export async function roomLastEventId(db: Database, roomId: string): Promise<number | null> {
  const [row] = await queryRows<{ last: string | number | null }>(
    db,
    sql`select greatest((select max(id) from chat_messages where room_id = ${roomId}),
                        (select max(id) from chat_message_events where room_id = ${roomId})) as last`,
  );
  return row?.last === null || row?.last === undefined ? null : Number(row.last);
}

/**
 * What a `room:{id}` subscriber missed after `afterId`, in id order and each thing once: messages
 * sent since (a message deleted since is left out), and the latest edit or deletion of each older
 * message, as that message's state now. `undefined` when more than REPLAY_MAX were missed.
 */
export async function roomEventsAfter(
  db: Database,
  roomId: string,
  afterId: number,
  max = REPLAY_MAX,
): Promise<PersistedEvent[] | undefined> {
  const fresh = await db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.uid, chatMessages.authorUid))
    .where(and(eq(chatMessages.roomId, roomId), gt(chatMessages.id, afterId), isNull(chatMessages.deletedAt)))
    .orderBy(chatMessages.id)
    .limit(max + 1);
  const changes = await queryRows<{ id: string | number; message_id: string | number }>(
    db,
    sql`select max(id) as id, message_id from chat_message_events
        where room_id = ${roomId} and id > ${afterId} and message_id <= ${afterId}
        group by message_id order by max(id) limit ${max + 1}`,
  );
  if (fresh.length + changes.length > max) return undefined;
  const topic = roomTopic(roomId);
  const events: PersistedEvent[] = fresh.map(({ row, displayName }) => ({
    type: "message",
    topic,
    id: row.id,
    message: toChatMessage(row, displayName),
  }));
  for (const change of changes) {
    const found = await messageById(db, Number(change.message_id));
    if (!found) continue;
    const id = Number(change.id);
    events.push(
      found.row.deletedAt !== null
        ? { type: "message-deleted", topic, id, messageId: found.row.id }
        : { type: "message-updated", topic, id, message: found.message },
    );
  }
  return events.sort((a, b) => a.id - b.id);
}

export function chatRoomTopic(db: Database, replayMax = REPLAY_MAX): TopicSource {
  // Subscribers that ask at once share a read of the room begun after they asked (a burst of resumes).
  const room = freshReads(
    (id: string) => id,
    (id) => findRoom(db, id),
  );
  return {
    typing: true,
    async mayRead(viewer, id) {
      if (!viewer || !can(viewer.role, "chat:read")) return false;
      const found = await room(id);
      return found !== undefined && (await mayRead(db, viewer, found));
    },
    lastId: (id) => roomLastEventId(db, id),
    eventsAfter: (id, afterId) => roomEventsAfter(db, id, afterId, replayMax),
    // A lounge shows who has it open; a direct conversation, whether its two members are on the site.
    async presence(id) {
      const found = await room(id);
      return found?.kind === "direct" ? [found.memberA ?? "", found.memberB ?? ""].filter(Boolean) : "subscribers";
    },
  };
}
