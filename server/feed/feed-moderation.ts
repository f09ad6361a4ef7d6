/**
 * What moderators see and undo beyond a post's own hide and pin: the posts and comments they hid,
 * and putting a hidden comment back in its thread. Each list is refused to members without the
 * permission to hide.
 */
import { and, desc, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { comments, posts, users } from "../../db/schema/index.ts";
import { can } from "../../universal/auth/permissions.ts";
import type { HiddenComment, HiddenPost } from "../../universal/feed/feed-limits.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";
import { recordAudit } from "../moderation/audit-log.ts";
import { excerpt } from "./feed-rows.ts";

/** Posts hidden by moderators (deleted ones are gone for good), most recently hidden first. */
export async function listHiddenPosts(db: Database, viewer: Viewer, limit = 30): Promise<HiddenPost[]> {
  if (!can(viewer.role, "post:hide")) throw new AppError("permission-denied", "Only moderators see hidden posts.");
  const rows = await db
    .select({
      id: posts.id,
      authorUid: posts.authorUid,
      displayName: sql<string>`coalesce(${users.displayName}, '')`,
      body: posts.body,
      language: posts.language,
      hiddenAt: posts.hiddenAt,
      hiddenBy: sql<string | null>`(select display_name from users where uid = ${posts.hiddenBy})`,
    })
    .from(posts)
    .innerJoin(users, eq(users.uid, posts.authorUid))
    .where(and(sql`${posts.hiddenAt} is not null`, isNull(posts.deletedAt)))
    .orderBy(desc(posts.hiddenAt), desc(posts.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    author: { uid: row.authorUid, displayName: row.displayName },
    excerpt: excerpt(row.body),
    language: row.language,
    hiddenAt: row.hiddenAt ?? 0,
    hiddenBy: row.hiddenBy,
  }));
}

/**
 * A comment a moderator hid and may put back: its text kept (a report's "delete" erased it), not
 * deleted by its author, on a post that still exists.
 */
const restorableComment = and(
  isNotNull(comments.hiddenAt),
  isNull(comments.deletedAt),
  ne(comments.body, ""),
  sql`exists (select 1 from posts where posts.id = ${comments.postId} and posts.deleted_at is null)`,
);

/** Comments moderators hid, their text kept, most recently hidden first. */
export async function listHiddenComments(db: Database, viewer: Viewer, limit = 30): Promise<HiddenComment[]> {
  if (!can(viewer.role, "comment:hide")) throw new AppError("permission-denied", "Only moderators see hidden comments.");
  const rows = await db
    .select({
      id: comments.id,
      postId: comments.postId,
      authorUid: comments.authorUid,
      displayName: sql<string>`coalesce(${users.displayName}, '')`,
      body: comments.body,
      hiddenAt: comments.hiddenAt,
      hiddenBy: sql<string | null>`(select display_name from users where uid = ${comments.hiddenBy})`,
    })
    .from(comments)
    .innerJoin(users, eq(users.uid, comments.authorUid))
    .where(restorableComment)
    .orderBy(desc(comments.hiddenAt), desc(comments.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    postId: row.postId,
    author: { uid: row.authorUid, displayName: row.displayName },
    excerpt: excerpt(row.body),
    hiddenAt: row.hiddenAt ?? 0,
    hiddenBy: row.hiddenBy,
  }));
}

/** A moderator puts a hidden comment back in its thread (the post's count follows), recorded in the audit log. */
export async function restoreComment(db: Database, moderator: Viewer, id: number, now = Date.now()): Promise<void> {
  if (!can(moderator.role, "comment:hide")) throw new AppError("permission-denied", "Only moderators restore comments.");
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(comments)
      .set({ hiddenAt: null, hiddenBy: null })
      .where(and(eq(comments.id, id), restorableComment))
      .returning({ postId: comments.postId });
    if (!row) throw new AppError("not-found", "No such hidden comment.");
    await tx
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} + 1` })
      .where(eq(posts.id, row.postId));
    await recordAudit(tx, { actorUid: moderator.uid, action: "comment.restore", targetKind: "comment", targetId: String(id) }, now);
  });
}
