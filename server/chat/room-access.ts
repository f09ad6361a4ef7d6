/**
 * Who may read and write a chat room: finding a room by id, the members who may read it (and so
 * write in it), and the refusals of a muted or blocked writer, for sending and editing alike.
 */
import { and, eq, gt, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { chatBlocks, chatMutes, chatRooms, clanMembers } from "../../db/schema/index.ts";
import { isClanRole, mayInClan } from "../../universal/clans/clan-permissions.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";

export type RoomRow = typeof chatRooms.$inferSelect;

const ROOM_ID = /^[A-Za-z0-9_-]{1,80}$/;

/**
 * Of `uids`, those who may read (and so write in) the room: anyone signed in for a global room, its
 * two members for a direct one, the clan's members for a clan's room (read at this moment, so a
 * member who left or was kicked is out at once).
 */
export async function readersAmong(db: Database, room: RoomRow, uids: readonly string[]): Promise<string[]> {
  if (room.kind === "global") return [...uids];
  if (room.kind === "direct") return uids.filter((uid) => uid === room.memberA || uid === room.memberB);
  if (room.clanId === null || uids.length === 0) return [];
  const rows = await db
    .select({ uid: clanMembers.uid, role: clanMembers.role })
    .from(clanMembers)
    .where(and(eq(clanMembers.clanId, room.clanId), inArray(clanMembers.uid, [...uids])));
  return rows.filter((row) => mayInClan(isClanRole(row.role) ? row.role : null, "room:read")).map((row) => row.uid);
}

/** Whether the viewer may read (and so write in) the room. */
export async function mayRead(db: Database, viewer: Pick<Viewer, "uid">, room: RoomRow): Promise<boolean> {
  return (await readersAmong(db, room, [viewer.uid])).length > 0;
}

export async function findRoom(db: Database, roomId: string): Promise<RoomRow | undefined> {
  if (!ROOM_ID.test(roomId)) return undefined;
  const [room] = await db.select().from(chatRooms).where(eq(chatRooms.id, roomId));
  return room;
}

/** The room, if the viewer may read it: 404 when there is none, 403 when it is not theirs. */
export async function roomForViewer(db: Database, viewer: Viewer, roomId: string): Promise<RoomRow> {
  const room = await findRoom(db, roomId);
  if (!room) throw new AppError("not-found", "No such room.");
  if (!(await mayRead(db, viewer, room))) throw new AppError("permission-denied", "You are not a member of this room.");
  return room;
}

/**
 * Refuses a member a moderator muted in the room, or whom the other member of a direct room blocked:
 * for sending and for editing alike.
 */
export async function assertMayWrite(db: Database, viewer: Viewer, room: RoomRow, now: number): Promise<void> {
  const [mute] = await db
    .select({ until: chatMutes.until })
    .from(chatMutes)
    .where(and(eq(chatMutes.roomId, room.id), eq(chatMutes.uid, viewer.uid), gt(chatMutes.until, now)));
  if (mute) throw new AppError("permission-denied", "A moderator muted you in this room.", { reason: "muted", until: mute.until });
  if (room.kind === "direct") {
    const other = room.memberA === viewer.uid ? room.memberB : room.memberA;
    const [block] = await db
      .select({ uid: chatBlocks.uid })
      .from(chatBlocks)
      .where(and(eq(chatBlocks.uid, other ?? ""), eq(chatBlocks.blockedUid, viewer.uid)));
    if (block) throw new AppError("permission-denied", "This member does not take your messages.", { reason: "blocked" });
  }
}
