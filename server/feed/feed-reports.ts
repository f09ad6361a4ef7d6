/** Feed posts and comments in the moderation queue (`kind: 'post'`, `'comment'`). */
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { comments, posts, users } from "../../db/schema/index.ts";
import type { ReportContext } from "../../universal/moderation/moderation-schemas.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";
import type { ReportableKind } from "../moderation/report-kinds.ts";
import { publishPagesChanged } from "../delivery/page-changes.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { removeComment } from "./comments.ts";
import { FEED_PAGES, postLink } from "./feed-rows.ts";

function numericId(targetId: string): number | undefined {
  const id = Number(targetId);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

async function postRow(db: Database, targetId: string) {
  const id = numericId(targetId);
  if (id === undefined) return undefined;
  const [found] = await db
    .select({ row: posts, displayName: users.displayName })
    .from(posts)
    .leftJoin(users, eq(users.uid, posts.authorUid))
    .where(eq(posts.id, id));
  return found;
}

async function commentRow(db: Database, targetId: string) {
  const id = numericId(targetId);
  if (id === undefined) return undefined;
  const [found] = await db
    .select({ row: comments, displayName: users.displayName })
    .from(comments)
    .leftJoin(users, eq(users.uid, comments.authorUid))
    .where(eq(comments.id, id));
  return found;
}

function refuseOwn(viewer: Viewer, authorUid: string) {
  if (authorUid === viewer.uid) throw new AppError("invalid-argument", "You cannot report your own post or comment.", { reason: "own" });
}

export function postReportable(hub: RealtimeHub): ReportableKind {
  return {
    kind: "post",
    permission: "post:hide",
    async assertReportable(db, viewer, targetId) {
      const found = await postRow(db, targetId);
      if (!found || found.row.hiddenAt !== null || found.row.deletedAt !== null) throw new AppError("not-found", "No such post.");
      refuseOwn(viewer, found.row.authorUid);
    },
    async context(db, targetId): Promise<ReportContext | null> {
      const found = await postRow(db, targetId);
      if (!found) return null;
      const { row } = found;
      return {
        author: { uid: row.authorUid, displayName: found.displayName ?? "" },
        text: row.body,
        createdAt: row.createdAt,
        where: { kind: "feed", id: row.language, label: row.language },
        link: row.hiddenAt === null && row.deletedAt === null ? postLink(row.id) : null,
        removed: row.hiddenAt !== null || row.deletedAt !== null,
        around: [],
      };
    },
    async apply(tx, moderator, targetId, action, now) {
      const id = numericId(targetId);
      if (id === undefined) return () => {};
      await tx
        .update(posts)
        .set({ hiddenAt: now, hiddenBy: moderator.uid, pinnedAt: null, ...(action === "delete" ? { body: "" } : {}) })
        .where(eq(posts.id, id));
      return () => publishPagesChanged(hub, FEED_PAGES);
    },
  };
}

export function commentReportable(hub: RealtimeHub): ReportableKind {
  return {
    kind: "comment",
    permission: "comment:hide",
    async assertReportable(db, viewer, targetId) {
      const found = await commentRow(db, targetId);
      const [post] = found
        ? await db
            .select()
            .from(posts)
            .where(and(eq(posts.id, found.row.postId), isNull(posts.hiddenAt), isNull(posts.deletedAt)))
        : [];
      if (!found || !post || found.row.hiddenAt !== null || found.row.deletedAt !== null)
        throw new AppError("not-found", "No such comment.");
      refuseOwn(viewer, found.row.authorUid);
    },
    async context(db, targetId): Promise<ReportContext | null> {
      const found = await commentRow(db, targetId);
      if (!found) return null;
      const { row } = found;
      const thread = await db
        .select({ row: comments, displayName: users.displayName })
        .from(comments)
        .leftJoin(users, eq(users.uid, comments.authorUid))
        .where(and(eq(comments.postId, row.postId), isNull(comments.deletedAt)))
        .orderBy(asc(comments.id));
      const at = thread.findIndex((each) => each.row.id === row.id);
      const around = (at < 0 ? [found] : thread.slice(Math.max(0, at - 3), at + 4)).map((each) => ({
        id: String(each.row.id),
        author: { uid: each.row.authorUid, displayName: each.displayName ?? "" },
        text: each.row.body,
        createdAt: each.row.createdAt,
        target: each.row.id === row.id,
      }));
      return {
        author: { uid: row.authorUid, displayName: found.displayName ?? "" },
        text: row.body,
        createdAt: row.createdAt,
        where: { kind: "post", id: String(row.postId), label: null },
        link: postLink(row.postId),
        removed: row.hiddenAt !== null || row.deletedAt !== null,
        around,
      };
    },
    async apply(tx, moderator, targetId, action, now) {
      const found = await commentRow(tx, targetId);
      if (found) await removeComment(tx, found.row, { erase: action === "delete", now, hiddenBy: moderator.uid });
      return () => publishPagesChanged(hub, FEED_PAGES);
    },
  };
}
