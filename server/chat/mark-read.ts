/** A member's read position in a room, and the bell's notifications of that room that reading marks read. */
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { chatReads } from "../../db/schema/index.ts";
import type { Viewer } from "../auth/viewer.ts";
import { markRoomNotificationsRead } from "../notifications/notifications.ts";
import { roomForViewer } from "./room-access.ts";

/**
 * Moves the viewer's read position forward (never back) to `lastId`, and marks read their
 * notifications of the room's messages up to it (a direct message or a mention read in the room is
 * read on the bell too). Answers how many notifications that marked read.
 */
export async function markRead(db: Database, viewer: Viewer, roomId: string, lastId: number): Promise<{ notificationsRead: number }> {
  const room = await roomForViewer(db, viewer, roomId);
  return db.transaction(async (tx) => {
    await tx
      .insert(chatReads)
      .values({ roomId: room.id, uid: viewer.uid, lastReadId: lastId })
      .onConflictDoUpdate({
        target: [chatReads.roomId, chatReads.uid],
        set: { lastReadId: sql`greatest(${chatReads.lastReadId}, ${lastId})` },
      });
    return { notificationsRead: await markRoomNotificationsRead(tx, viewer.uid, room.id, lastId) };
  });
}
