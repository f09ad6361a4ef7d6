/**
 * Changing a post: its author edits the body for a day or deletes it; a moderator hides, restores,
 * pins or unpins it, each recorded in the audit log.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { posts } from "../../db/schema/index.ts";
import { can } from "../../universal/auth/permissions.ts";
import { FEED_EDIT_WINDOW_MS, type Post } from "../../universal/feed/feed-limits.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";
import { recordAudit } from "../moderation/audit-log.ts";
import { DEFAULT_NOTIFY_RULES, type NotifyRules } from "../notifications/notifications.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { newlyMentioned, tellMentioned } from "./feed-mentions.ts";
import { postsWhere, visiblePostRow, type PostRow } from "./feed-rows.ts";
import { getPost } from "./list-posts.ts";

export interface PostChange {
  body?: string | undefined;
  hidden?: boolean | undefined;
  pinned?: boolean | undefined;
}

/**
 * `PATCH /api/feed/posts/{id}`: its author edits the body (for a day); a moderator (`post:hide`)
 * hides or restores it and pins or unpins it, each recorded in the audit log with the change.
 */
export async function changePost(
  db: Database,
  hub: RealtimeHub,
  viewer: Viewer,
  id: number,
  change: PostChange,
  now = Date.now(),
  rules: NotifyRules = DEFAULT_NOTIFY_RULES,
): Promise<Post> {
  const moderating = change.hidden !== undefined || change.pinned !== undefined;
  if (moderating && !can(viewer.role, "post:hide")) throw new AppError("permission-denied", "Only moderators can hide or pin posts.");
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), isNull(posts.deletedAt)));
  // A hidden post is found only to hide or restore it: pinning one that stays hidden is refused before anything is written.
  if (!row || (row.hiddenAt !== null && change.hidden === undefined)) throw new AppError("not-found", "No such post.");
  if (change.body !== undefined) {
    if (row.authorUid !== viewer.uid) throw new AppError("permission-denied", "Only its author can change this post.");
    if (row.hiddenAt !== null) throw new AppError("not-found", "No such post.");
    if (now - row.createdAt > FEED_EDIT_WINDOW_MS)
      throw new AppError("permission-denied", "Posts can be edited for a day after posting.", { reason: "too-late" });
  }
  const events = await db.transaction(async (tx) => {
    const set: Partial<PostRow> = {};
    if (change.body !== undefined) Object.assign(set, { body: change.body, editedAt: now });
    if (change.hidden === true && row.hiddenAt === null) Object.assign(set, { hiddenAt: now, hiddenBy: viewer.uid, pinnedAt: null });
    if (change.hidden === false && row.hiddenAt !== null) Object.assign(set, { hiddenAt: null, hiddenBy: null });
    if (change.pinned !== undefined && change.hidden !== true)
      Object.assign(set, { pinnedAt: change.pinned ? (row.pinnedAt ?? now) : null });
    if (Object.keys(set).length > 0) await tx.update(posts).set(set).where(eq(posts.id, id));
    for (const [action, value] of [
      ["post.hide", change.hidden],
      ["post.pin", change.pinned],
    ] as const) {
      if (value === undefined) continue;
      await recordAudit(
        tx,
        {
          actorUid: viewer.uid,
          action,
          targetKind: "post",
          targetId: String(id),
          after: { [action === "post.hide" ? "hidden" : "pinned"]: value },
        },
        now,
      );
    }
    if (change.body === undefined) return [];
    // Members the edit names for the first time are told, as a new post's would be.
    const named = await newlyMentioned(tx, row.body, change.body, row.authorUid, { postId: id });
    return tellMentioned(tx, named, viewer.uid, { postId: id }, change.body, now, rules);
  });
  for (const event of events) hub.publish(event);
  if (change.hidden === true) {
    const [hidden] = await postsWhere(db, viewer, eq(posts.id, id), [], 1);
    if (!hidden) throw new AppError("not-found", "No such post.");
    return hidden;
  }
  return getPost(db, viewer, id);
}

export async function deletePost(db: Database, viewer: Viewer, id: number): Promise<void> {
  const row = await visiblePostRow(db, id);
  if (row.authorUid !== viewer.uid) throw new AppError("permission-denied", "Only its author can delete this post.");
  await db.update(posts).set({ deletedAt: Date.now() }).where(eq(posts.id, id));
}
