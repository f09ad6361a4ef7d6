/** A moderator mutes a member in a room or sets its slow mode; each is recorded in the audit log. */
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { chatMutes, chatRooms, users } from "../../db/schema/index.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";
import { recordAudit } from "../moderation/audit-log.ts";
import { roomForViewer, type RoomRow } from "./room-access.ts";

/**
 * Mutes and slow mode are for lounges and clan rooms: a moderator in a direct conversation is one of
 * its two members.
 */
function moderatedRoom(room: RoomRow): RoomRow {
  if (room.kind === "direct")
    throw new AppError("invalid-argument", "Direct conversations have no mutes or slow mode; report a message instead.");
  return room;
}

export async function muteMember(db: Database, viewer: Viewer, roomId: string, uid: string, minutes: number, now = Date.now()) {
  const room = moderatedRoom(await roomForViewer(db, viewer, roomId));
  const [member] = await db.select({ uid: users.uid }).from(users).where(eq(users.uid, uid));
  if (!member) throw new AppError("not-found", "No such member.");
  if (uid === viewer.uid) throw new AppError("invalid-argument", "uid: you cannot mute yourself.", { field: "uid" });
  const until = now + minutes * 60_000;
  await db.transaction(async (tx) => {
    await tx
      .insert(chatMutes)
      .values({ roomId: room.id, uid, until, mutedBy: viewer.uid, createdAt: now })
      .onConflictDoUpdate({ target: [chatMutes.roomId, chatMutes.uid], set: { until, mutedBy: viewer.uid, createdAt: now } });
    await recordAudit(
      tx,
      { actorUid: viewer.uid, action: "chat.mute", targetKind: "member", targetId: uid, after: { room: room.id, minutes } },
      now,
    );
  });
  return { roomId: room.id, uid, until };
}

export async function setSlowMode(db: Database, viewer: Viewer, roomId: string, seconds: number, now = Date.now()) {
  const room = moderatedRoom(await roomForViewer(db, viewer, roomId));
  await db.transaction(async (tx) => {
    await tx.update(chatRooms).set({ slowModeSeconds: seconds }).where(eq(chatRooms.id, room.id));
    await recordAudit(
      tx,
      { actorUid: viewer.uid, action: "chat.slow-mode", targetKind: "room", targetId: room.id, after: { seconds } },
      now,
    );
  });
  return { roomId: room.id, seconds };
}
