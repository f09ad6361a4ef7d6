/**
 * A member blocks another: the blocked one can no longer write to them directly, and nothing of theirs
 * notifies them.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { chatBlocks, users } from "../../db/schema/index.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";

export async function blockMember(db: Database, viewer: Viewer, uid: string, now = Date.now()) {
  if (uid === viewer.uid) throw new AppError("invalid-argument", "uid: you cannot block yourself.", { field: "uid" });
  const [member] = await db.select({ uid: users.uid }).from(users).where(eq(users.uid, uid));
  if (!member) throw new AppError("not-found", "No such member.");
  await db.insert(chatBlocks).values({ uid: viewer.uid, blockedUid: uid, createdAt: now }).onConflictDoNothing();
}

export async function unblockMember(db: Database, viewer: Viewer, uid: string) {
  await db.delete(chatBlocks).where(and(eq(chatBlocks.uid, viewer.uid), eq(chatBlocks.blockedUid, uid)));
}

export async function listBlocks(db: Database, viewer: Viewer) {
  return db
    .select({ uid: chatBlocks.blockedUid, displayName: sql<string>`coalesce(${users.displayName}, '')` })
    .from(chatBlocks)
    .leftJoin(users, eq(users.uid, chatBlocks.blockedUid))
    .where(eq(chatBlocks.uid, viewer.uid))
    .orderBy(desc(chatBlocks.createdAt));
}
