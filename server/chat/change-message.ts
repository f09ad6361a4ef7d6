/**
 * Editing and deleting chat messages: the author within ten minutes, a moderator deleting in a
 * lounge. Each change is an event of the room's topic, recorded under the room's lock; a report's
 * decision removes a message through `removeMessage` too.
 */
import { eq, sql } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client.ts";
import { chatMessages } from "../../db/schema/index.ts";
import { can } from "../../universal/auth/permissions.ts";
import { MESSAGE_EDIT_WINDOW_MS } from "../../universal/chat/chat-schemas.ts";
import { roomTopic } from "../../universal/realtime/protocol.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";
import { recordAudit } from "../moderation/audit-log.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { messageById, type MessageRow } from "./message-rows.ts";
import { assertMayWrite, roomForViewer } from "./room-access.ts";

async function ownOrModerated(db: Database, viewer: Viewer, messageId: number, now: number, action: "edit" | "delete") {
  const found = await messageById(db, messageId);
  if (!found || found.row.deletedAt !== null) throw new AppError("not-found", "No such message.");
  const room = await roomForViewer(db, viewer, found.row.roomId);
  const own = found.row.authorUid === viewer.uid;
  const fresh = now - found.row.createdAt <= MESSAGE_EDIT_WINDOW_MS;
  // Moderators delete in lounges and clan rooms; a direct conversation is moderated through reports only.
  const moderator = action === "delete" && !own && room.kind !== "direct" && can(viewer.role, "message:hide");
  if (!moderator) {
    if (!own) throw new AppError("permission-denied", "Only its author can change this message.");
    if (!fresh) throw new AppError("permission-denied", "Messages can be changed for 10 minutes after sending.", { reason: "too-late" });
  }
  if (action === "edit") await assertMayWrite(db, viewer, room, now);
  return { ...found, room };
}

/** Records an edit or a deletion as an event of the room, under the room's lock; returns its id. */
async function recordChange(
  db: Database,
  roomId: string,
  messageId: number,
  type: "message-updated" | "message-deleted",
  change: Partial<MessageRow>,
  now: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from chat_rooms where id = ${roomId} for update`);
    await tx.update(chatMessages).set(change).where(eq(chatMessages.id, messageId));
    const [event] = await queryRows<{ id: string | number }>(
      tx,
      sql`insert into chat_message_events (id, room_id, message_id, type, created_at)
          values (nextval(pg_get_serial_sequence('chat_messages', 'id')), ${roomId}, ${messageId}, ${type}, ${now})
          returning id`,
    );
    return Number(event?.id);
  });
}

export async function editMessage(db: Database, hub: RealtimeHub, viewer: Viewer, messageId: number, text: string, now = Date.now()) {
  const { row, room } = await ownOrModerated(db, viewer, messageId, now, "edit");
  const eventId = await recordChange(db, room.id, row.id, "message-updated", { text, editedAt: now }, now);
  const updated = await messageById(db, row.id);
  if (!updated) throw new AppError("not-found", "No such message.");
  hub.publish({ type: "message-updated", topic: roomTopic(room.id), id: eventId, message: updated.message });
  return updated.message;
}

export async function deleteMessage(db: Database, hub: RealtimeHub, viewer: Viewer, messageId: number, now = Date.now()) {
  const { row } = await ownOrModerated(db, viewer, messageId, now, "delete");
  const moderated = row.authorUid !== viewer.uid;
  const publish = await db.transaction(async (tx) => {
    const done = await removeMessage(tx, hub, viewer.uid, row.id, { erase: false, now });
    if (moderated)
      await recordAudit(tx, { actorUid: viewer.uid, action: "chat.delete", targetKind: "message", targetId: String(row.id) }, now);
    return done;
  });
  publish();
}

/**
 * Takes a message out of its room's history (its row stays, for the moderation queue and the
 * audit), or with `erase` also wipes its text. Runs in the caller's transaction and returns the
 * publication of the `message-deleted` event, to call once that has committed. Removing what is
 * already removed publishes nothing.
 */
export async function removeMessage(
  db: Database,
  hub: RealtimeHub,
  byUid: string,
  messageId: number,
  { erase, now }: { erase: boolean; now: number },
): Promise<() => void> {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, messageId));
  if (!row) return () => {};
  if (erase) await db.update(chatMessages).set({ text: "", mentions: [] }).where(eq(chatMessages.id, messageId));
  if (row.deletedAt !== null) return () => {};
  const eventId = await recordChange(db, row.roomId, row.id, "message-deleted", { deletedAt: now, deletedBy: byUid }, now);
  return () => hub.publish({ type: "message-deleted", topic: roomTopic(row.roomId), id: eventId, messageId: row.id });
}
