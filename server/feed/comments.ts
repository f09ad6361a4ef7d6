/**
 * Comments with one level of replies: reading a post's thread, commenting once per client id (the
 * post's author, the replied-to and members named are told), the author's edit and deletion, and
 * the removal a report or the author makes, which the post's comment count follows.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { commentLikes, comments, posts, users } from "../../db/schema/index.ts";
import { COMMENT_PAGE, FEED_EDIT_WINDOW_MS, type Comment } from "../../universal/feed/feed-limits.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";
import { DEFAULT_NOTIFY_RULES, notify, type NotificationInput, type NotifyRules } from "../notifications/notifications.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { mentioned, newlyMentioned, tellMentioned } from "./feed-mentions.ts";
import { limitFeedWrite } from "./feed-rate-limits.ts";
import { authorColumns, excerpt, postLink, toComment, visiblePostRow, type CommentRow } from "./feed-rows.ts";

/**
 * A post's comments, oldest first, replies with their parents; hidden and deleted ones (and replies to
 * them) left out.
 */
export async function listComments(db: Database, viewer: Viewer | null, postId: number, after?: number): Promise<Comment[]> {
  await visiblePostRow(db, postId);
  const rows = await db
    .select({ row: comments, ...authorColumns })
    .from(comments)
    .leftJoin(users, eq(users.uid, comments.authorUid))
    .where(
      and(
        eq(comments.postId, postId),
        isNull(comments.hiddenAt),
        isNull(comments.deletedAt),
        after === undefined ? undefined : gt(comments.id, after),
      ),
    )
    .orderBy(asc(comments.id))
    .limit(COMMENT_PAGE * 4);
  const ids = rows.map(({ row }) => row.id);
  const liked = new Set(
    viewer && ids.length > 0
      ? (
          await db
            .select({ id: commentLikes.commentId })
            .from(commentLikes)
            .where(and(eq(commentLikes.uid, viewer.uid), inArray(commentLikes.commentId, ids)))
        ).map((row) => row.id)
      : [],
  );
  const shown = new Set(rows.filter(({ row }) => row.parentId === null).map(({ row }) => row.id));
  return rows
    .filter(({ row }) => row.parentId === null || shown.has(row.parentId))
    .map(({ row, ...author }) => toComment(row, author, liked.has(row.id)));
}

async function commentById(db: Database, viewer: Viewer | null, id: number): Promise<Comment> {
  const [found] = await db
    .select({ row: comments, ...authorColumns })
    .from(comments)
    .leftJoin(users, eq(users.uid, comments.authorUid))
    .where(and(eq(comments.id, id), isNull(comments.hiddenAt), isNull(comments.deletedAt)));
  if (!found) throw new AppError("not-found", "No such comment.");
  const { row, ...author } = found;
  const liked = viewer
    ? (
        await db
          .select()
          .from(commentLikes)
          .where(and(eq(commentLikes.commentId, id), eq(commentLikes.uid, viewer.uid)))
      ).length > 0
    : false;
  return toComment(row, author, liked);
}

export interface CreateCommentInput {
  body: string;
  /** Without one, a retry comments again. */
  clientId?: string | undefined;
  parentId?: number | null | undefined;
}

/**
 * Comments once per client id; notifies the post's author (comment), the parent's author (reply), and
 * members named.
 */
export async function createComment(
  db: Database,
  hub: RealtimeHub,
  viewer: Viewer,
  postId: number,
  input: CreateCommentInput,
  now = Date.now(),
  rules: NotifyRules = DEFAULT_NOTIFY_RULES,
): Promise<Comment> {
  const clientId = input.clientId ?? randomBytes(12).toString("base64url");
  const [existing] = await db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.authorUid, viewer.uid), eq(comments.clientId, clientId)));
  if (existing) return commentById(db, viewer, existing.id);
  const post = await visiblePostRow(db, postId);
  let parentAuthor: string | null = null;
  if (input.parentId) {
    const [parent] = await db
      .select()
      .from(comments)
      .where(and(eq(comments.id, input.parentId), eq(comments.postId, postId), isNull(comments.hiddenAt), isNull(comments.deletedAt)));
    if (!parent) throw new AppError("invalid-argument", "parentId: no such comment on this post.", { field: "parentId" });
    if (parent.parentId !== null)
      throw new AppError("invalid-argument", "parentId: replies go to a top-level comment.", { field: "parentId" });
    parentAuthor = parent.authorUid;
  }
  await limitFeedWrite(db, viewer, "comment", now);
  const { row, events } = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(comments)
      .values({
        postId,
        parentId: input.parentId ?? null,
        authorUid: viewer.uid,
        clientId,
        body: input.body,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) return { row: undefined, events: [] };
    await tx
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} + 1` })
      .where(eq(posts.id, postId));
    const data = { postId, commentId: inserted.id, excerpt: excerpt(input.body) };
    const link = postLink(postId);
    const named = await mentioned(tx, input.body, viewer.uid);
    const inputs: NotificationInput[] = [];
    const told = new Set<string>([viewer.uid]);
    if (parentAuthor && !told.has(parentAuthor)) {
      inputs.push({ uid: parentAuthor, kind: "reply", actorUid: viewer.uid, link, data });
      told.add(parentAuthor);
    }
    if (!told.has(post.authorUid)) {
      inputs.push({ uid: post.authorUid, kind: "comment", actorUid: viewer.uid, link, data });
      told.add(post.authorUid);
    }
    for (const uid of named) if (!told.has(uid)) inputs.push({ uid, kind: "mention", actorUid: viewer.uid, link, data });
    return { row: inserted, events: await notify(tx, inputs, now, rules) };
  });
  if (!row) return createComment(db, hub, viewer, postId, { ...input, clientId }, now, rules);
  for (const event of events) hub.publish(event);
  return commentById(db, viewer, row.id);
}

async function ownComment(db: Database, viewer: Viewer, id: number, now: number, action: "edit" | "delete"): Promise<CommentRow> {
  const [row] = await db
    .select()
    .from(comments)
    .where(and(eq(comments.id, id), isNull(comments.hiddenAt), isNull(comments.deletedAt)));
  if (!row) throw new AppError("not-found", "No such comment.");
  if (row.authorUid !== viewer.uid) throw new AppError("permission-denied", "Only its author can change this comment.");
  if (action === "edit" && now - row.createdAt > FEED_EDIT_WINDOW_MS)
    throw new AppError("permission-denied", "Comments can be edited for a day after posting.", { reason: "too-late" });
  return row;
}

/** The author edits a comment (for a day); members the edit names for the first time are told. */
export async function editComment(
  db: Database,
  hub: RealtimeHub,
  viewer: Viewer,
  id: number,
  body: string,
  now = Date.now(),
  rules: NotifyRules = DEFAULT_NOTIFY_RULES,
): Promise<Comment> {
  const row = await ownComment(db, viewer, id, now, "edit");
  const events = await db.transaction(async (tx) => {
    await tx.update(comments).set({ body, editedAt: now }).where(eq(comments.id, id));
    const thing = { postId: row.postId, commentId: id };
    const named = await newlyMentioned(tx, row.body, body, row.authorUid, thing);
    return tellMentioned(tx, named, viewer.uid, thing, body, now, rules);
  });
  for (const event of events) hub.publish(event);
  return commentById(db, viewer, id);
}

export async function deleteComment(db: Database, viewer: Viewer, id: number, now = Date.now()): Promise<void> {
  const row = await ownComment(db, viewer, id, now, "delete");
  await removeComment(db, row, { erase: false, now });
}

/**
 * Takes a comment out of its post (the post's count follows): hidden by a moderator (`hiddenBy`) or
 * deleted by its author; `erase` also wipes its text.
 */
export async function removeComment(
  db: Database,
  row: CommentRow,
  { erase, now, hiddenBy }: { erase: boolean; now: number; hiddenBy?: string },
) {
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(comments)
      .set(hiddenBy ? { hiddenAt: now, hiddenBy, ...(erase ? { body: "" } : {}) } : { deletedAt: now, ...(erase ? { body: "" } : {}) })
      .where(and(eq(comments.id, row.id), isNull(comments.hiddenAt), isNull(comments.deletedAt)))
      .returning();
    if (changed)
      await tx
        .update(posts)
        .set({ commentCount: sql`greatest(${posts.commentCount} - 1, 0)` })
        .where(eq(posts.id, row.postId));
  });
}
