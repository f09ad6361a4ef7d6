/**
 * Likes on posts and comments: each member once, the count kept on the row, a contribution point
 * for the author (taken back on unlike), and the author told through the grouped like notice.
 */
import { and, eq, gte, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { commentLikes, comments, postLikes, posts } from "../../db/schema/index.ts";
import type { Viewer } from "../auth/viewer.ts";
import { awardPoints, likeSource, revokePoints } from "../contribution/contribution.ts";
import { AppError } from "../errors.ts";
import { notifyLike, type FeedThing, type LikeNotice } from "../notifications/feed-notifications.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { excerpt, postLink, visiblePostRow } from "./feed-rows.ts";

function likeNotice(viewer: Viewer, authorUid: string, thing: FeedThing, body: string): LikeNotice {
  return { actorUid: viewer.uid, ownerUid: authorUid, thing, link: postLink(thing.postId), excerpt: excerpt(body) };
}

/** Members other than its author who like the post now and liked it at `since` or later. */
async function postLikersSince(db: Database, postId: number, authorUid: string, since: number): Promise<number | undefined> {
  const [likers] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(postLikes)
    .where(and(eq(postLikes.postId, postId), gte(postLikes.createdAt, since), ne(postLikes.uid, authorUid)));
  return likers?.count;
}

/** Members other than its author who like the comment now and liked it at `since` or later. */
async function commentLikersSince(db: Database, commentId: number, authorUid: string, since: number): Promise<number | undefined> {
  const [likers] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(commentLikes)
    .where(and(eq(commentLikes.commentId, commentId), gte(commentLikes.createdAt, since), ne(commentLikes.uid, authorUid)));
  return likers?.count;
}

/** Likes (`on`) or unlikes a post; each member once. Answers the post's like count. */
export async function likePost(db: Database, hub: RealtimeHub, viewer: Viewer, id: number, on: boolean, now = Date.now()) {
  const row = await visiblePostRow(db, id);
  const events = await db.transaction(async (tx) => {
    if (on) {
      const added = await tx.insert(postLikes).values({ postId: id, uid: viewer.uid, createdAt: now }).onConflictDoNothing().returning();
      if (added.length === 0) return [];
      await tx
        .update(posts)
        .set({ likeCount: sql`${posts.likeCount} + 1` })
        .where(eq(posts.id, id));
      await awardPoints(tx, { uid: row.authorUid, reason: "post-liked", source: likeSource(id, viewer.uid), actorUid: viewer.uid }, now);
      const notice = likeNotice(viewer, row.authorUid, { postId: id }, row.body);
      return notifyLike(tx, notice, (since) => postLikersSince(tx, id, row.authorUid, since), now);
    }
    const removed = await tx
      .delete(postLikes)
      .where(and(eq(postLikes.postId, id), eq(postLikes.uid, viewer.uid)))
      .returning();
    if (removed.length > 0) {
      await tx
        .update(posts)
        .set({ likeCount: sql`greatest(${posts.likeCount} - 1, 0)` })
        .where(eq(posts.id, id));
      await revokePoints(tx, { uid: row.authorUid, reason: "post-liked", source: likeSource(id, viewer.uid) }, now);
    }
    return [];
  });
  for (const event of events) hub.publish(event);
  const [counted] = await db.select({ likeCount: posts.likeCount }).from(posts).where(eq(posts.id, id));
  return { liked: on, likes: counted?.likeCount ?? 0 };
}

/** Likes (`on`) or unlikes a comment; each member once. Answers the comment's like count. */
export async function likeComment(db: Database, hub: RealtimeHub, viewer: Viewer, id: number, on: boolean, now = Date.now()) {
  const [row] = await db
    .select()
    .from(comments)
    .where(and(eq(comments.id, id), isNull(comments.hiddenAt), isNull(comments.deletedAt)));
  if (!row) throw new AppError("not-found", "No such comment.");
  const events = await db.transaction(async (tx) => {
    if (on) {
      const added = await tx
        .insert(commentLikes)
        .values({ commentId: id, uid: viewer.uid, createdAt: now })
        .onConflictDoNothing()
        .returning();
      if (added.length === 0) return [];
      await tx
        .update(comments)
        .set({ likeCount: sql`${comments.likeCount} + 1` })
        .where(eq(comments.id, id));
      await awardPoints(tx, { uid: row.authorUid, reason: "comment-liked", source: likeSource(id, viewer.uid), actorUid: viewer.uid }, now);
      const notice = likeNotice(viewer, row.authorUid, { postId: row.postId, commentId: id }, row.body);
      return notifyLike(tx, notice, (since) => commentLikersSince(tx, id, row.authorUid, since), now);
    }
    const removed = await tx
      .delete(commentLikes)
      .where(and(eq(commentLikes.commentId, id), eq(commentLikes.uid, viewer.uid)))
      .returning();
    if (removed.length > 0) {
      await tx
        .update(comments)
        .set({ likeCount: sql`greatest(${comments.likeCount} - 1, 0)` })
        .where(eq(comments.id, id));
      await revokePoints(tx, { uid: row.authorUid, reason: "comment-liked", source: likeSource(id, viewer.uid) }, now);
    }
    return [];
  });
  for (const event of events) hub.publish(event);
  const [counted] = await db.select({ likeCount: comments.likeCount }).from(comments).where(eq(comments.id, id));
  return { liked: on, likes: counted?.likeCount ?? 0 };
}
