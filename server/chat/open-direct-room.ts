/** A direct conversation between two members: one room per pair, made the first time either opens it. */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { chatRooms, users } from "../../db/schema/index.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";

/** The direct room of two members, made on first use. */
export async function openDirectRoom(db: Database, viewer: Viewer, otherUid: string, now = Date.now()): Promise<string> {
  if (otherUid === viewer.uid) throw new AppError("invalid-argument", "uid: you cannot message yourself.", { field: "uid" });
  const [other] = await db.select({ uid: users.uid }).from(users).where(eq(users.uid, otherUid));
  if (!other) throw new AppError("not-found", "No such member.");
  const [memberA, memberB] = [viewer.uid, otherUid].sort() as [string, string];
  const pair = and(eq(chatRooms.memberA, memberA), eq(chatRooms.memberB, memberB));
  const [existing] = await db.select({ id: chatRooms.id }).from(chatRooms).where(pair);
  if (existing) return existing.id;
  await db
    .insert(chatRooms)
    .values({ id: `dm-${randomUUID().replaceAll("-", "")}`, kind: "direct", memberA, memberB, createdAt: now })
    .onConflictDoNothing();
  const [room] = await db.select({ id: chatRooms.id }).from(chatRooms).where(pair);
  if (!room) throw new AppError("internal", "The direct room could not be made.");
  return room.id;
}
