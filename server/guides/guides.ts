/**
 * Guides written by members: a working copy its author saves (each save names the version it is
 * based on, so a stale tab never overwrites a newer text), submits for review, and moderators
 * approve (a new revision, public in `/guide`, in search and in the sitemap) or send back with a
 * reason. The public always reads the newest approved revision; an edit in review leaves it up.
 */
import { and, asc, desc, eq, isNotNull, isNull, max, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { guideRevisions, guides, users } from "../../db/schema/index.ts";
import {
  GUIDE_LIST_MAX,
  memberGuideHref,
  type GuideDraft,
  type HiddenGuide,
  type PublishedGuide,
  type GuideStatus,
  type PublishedGuideSummary,
} from "../../universal/guides/guide-limits.ts";
import { can } from "../../universal/auth/permissions.ts";
import type { CreateGuideInput, UpdateGuideInput } from "../../universal/guides/guide-schemas.ts";
import type { PersistedEvent } from "../../universal/realtime/protocol.ts";
import type { Viewer } from "../auth/viewer.ts";
import { awardPoints, revokePoints } from "../contribution/contribution.ts";
import { AppError } from "../errors.ts";
import { DEFAULT_QUOTAS, holdQuota } from "../quotas.ts";
import { recordAudit } from "../moderation/audit-log.ts";
import { renderMarkdown } from "../markdown/render-markdown.ts";
import { notify } from "../notifications/notifications.ts";
import type { RealtimeHub } from "../realtime/hub.ts";

type GuideRow = typeof guides.$inferSelect;

const authorName = sql<string>`coalesce(${users.displayName}, '')`;

function toDraft(row: GuideRow, displayName: string): GuideDraft {
  return {
    id: row.id,
    author: { uid: row.authorUid, displayName },
    title: row.title,
    body: row.body,
    language: row.language,
    category: row.category,
    version: row.version,
    status: row.status as GuideStatus,
    rejectReason: row.rejectReason,
    published: row.publishedRevisionId !== null,
    hidden: row.hiddenAt !== null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    submittedAt: row.submittedAt,
  };
}

/** A member guide the public may read: approved at least once, neither hidden nor deleted. */
const isPublic = and(sql`${guides.publishedRevisionId} is not null`, isNull(guides.hiddenAt), isNull(guides.deletedAt));

async function findGuide(db: Database, id: number): Promise<{ row: GuideRow; displayName: string }> {
  const [found] = await db
    .select({ row: guides, displayName: authorName })
    .from(guides)
    .leftJoin(users, eq(users.uid, guides.authorUid))
    .where(and(eq(guides.id, id), isNull(guides.deletedAt)));
  if (!found) throw new AppError("not-found", "No such guide.");
  return found;
}

/** The working copy for its author or a moderator; anyone else is told it does not exist. */
function mayRead(viewer: Viewer, row: GuideRow): boolean {
  return row.authorUid === viewer.uid || viewer.role === "moderator" || viewer.role === "admin";
}

function mustBeAuthor(viewer: Viewer, row: GuideRow): void {
  if (row.authorUid !== viewer.uid) {
    if (mayRead(viewer, row)) throw new AppError("permission-denied", "Only its author can change this guide.");
    throw new AppError("not-found", "No such guide.");
  }
}

export async function getGuide(db: Database, viewer: Viewer, id: number): Promise<GuideDraft & { html: string }> {
  const { row, displayName } = await findGuide(db, id);
  if (!mayRead(viewer, row)) throw new AppError("not-found", "No such guide.");
  return { ...toDraft(row, displayName), html: renderMarkdown(row.body).html };
}

/**
 * A new draft, while the author has fewer never-published guides (drafts, guides in review) than
 * the quota; the same `clientId` again answers the guide it made.
 */
export async function createGuide(
  db: Database,
  viewer: Viewer,
  input: CreateGuideInput,
  now = Date.now(),
  limit = DEFAULT_QUOTAS["guide-drafts"],
): Promise<GuideDraft> {
  const values = {
    authorUid: viewer.uid,
    clientId: input.clientId ?? null,
    language: input.lang,
    category: input.category,
    title: input.title,
    body: input.body,
    createdAt: now,
    updatedAt: now,
  };
  const inserted = await db.transaction(async (tx) => {
    if (input.clientId) {
      const [again] = await tx
        .select({ id: guides.id })
        .from(guides)
        .where(and(eq(guides.authorUid, viewer.uid), eq(guides.clientId, input.clientId)));
      if (again) return again;
    }
    await holdQuota(tx, viewer.uid, "guide-drafts", limit, async () => {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(guides)
        .where(and(eq(guides.authorUid, viewer.uid), isNull(guides.publishedRevisionId), isNull(guides.deletedAt)));
      return row?.count ?? 0;
    });
    const [row] = await tx.insert(guides).values(values).onConflictDoNothing().returning({ id: guides.id });
    return row;
  });
  if (inserted) return toDraft((await findGuide(db, inserted.id)).row, viewer.name);
  const [existing] = await db
    .select({ id: guides.id })
    .from(guides)
    .where(and(eq(guides.authorUid, viewer.uid), eq(guides.clientId, input.clientId ?? "")));
  if (!existing) throw new AppError("conflict", "The guide could not be created. Try again.");
  const { row, displayName } = await findGuide(db, existing.id);
  return toDraft(row, displayName);
}

/**
 * Saves the author's working copy if `version` is still its version (one statement: two tabs
 * saving at once cannot both win). A stale version writes nothing and answers 409 `aborted` with
 * the current version, so the client can show both texts. A saved edit goes back to review: the
 * status becomes `draft` until the author submits again.
 */
export async function updateGuide(
  db: Database,
  viewer: Viewer,
  id: number,
  input: UpdateGuideInput,
  now = Date.now(),
): Promise<GuideDraft> {
  const { row: current } = await findGuide(db, id);
  mustBeAuthor(viewer, current);
  const changes = {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.body !== undefined ? { body: input.body } : {}),
    ...(input.lang !== undefined ? { language: input.lang } : {}),
    ...(input.category !== undefined ? { category: input.category } : {}),
  };
  const [saved] = await db
    .update(guides)
    .set({ ...changes, version: sql`${guides.version} + 1`, status: "draft", updatedAt: now })
    .where(and(eq(guides.id, id), eq(guides.version, input.version), isNull(guides.deletedAt)))
    .returning();
  if (!saved) {
    const { row } = await findGuide(db, id);
    throw new AppError("aborted", "This guide was saved elsewhere since this copy was opened: nothing was written.", {
      version: row.version,
      updatedAt: row.updatedAt,
    });
  }
  return toDraft(saved, viewer.name);
}

/** Sends the working copy to the moderators' queue (again, after an edit or a rejection). */
export async function submitGuide(db: Database, viewer: Viewer, id: number, now = Date.now()): Promise<GuideDraft> {
  const { row } = await findGuide(db, id);
  mustBeAuthor(viewer, row);
  if (row.status === "review") return toDraft(row, viewer.name);
  if (row.status === "published") throw new AppError("conflict", "This guide is published as it is: edit it to submit a change.");
  if (row.body.trim().length === 0)
    throw new AppError("invalid-argument", "body: a guide needs some text before review.", { field: "body" });
  const [submitted] = await db
    .update(guides)
    .set({ status: "review", submittedAt: now, rejectReason: null })
    .where(and(eq(guides.id, id), eq(guides.version, row.version), eq(guides.status, "draft")))
    .returning();
  if (!submitted)
    throw new AppError("aborted", "This guide changed while it was being submitted: nothing was sent.", { version: row.version });
  return toDraft(submitted, viewer.name);
}

/** Locks a guide in review for a moderator's decision (another moderator's decision first: 409). */
async function lockForReview(tx: Database, moderator: Viewer, id: number): Promise<GuideRow> {
  const [row] = await tx
    .select()
    .from(guides)
    .where(and(eq(guides.id, id), isNull(guides.deletedAt)))
    .for("update");
  if (!row) throw new AppError("not-found", "No such guide.");
  if (row.authorUid === moderator.uid) throw new AppError("permission-denied", "Another moderator reviews your own guide.");
  if (row.status !== "review") throw new AppError("conflict", "This guide is not waiting for review (another moderator may have decided).");
  return row;
}

function publishAll(hub: RealtimeHub, events: PersistedEvent[]): void {
  for (const event of events) hub.publish(event);
}

/**
 * Publishes the working copy as the guide's next revision, tells the author, and on the first
 * publication awards the author's contribution points, all in one transaction.
 */
export async function approveGuide(db: Database, hub: RealtimeHub, moderator: Viewer, id: number, now = Date.now()): Promise<GuideDraft> {
  const { row, events } = await db.transaction(async (tx) => {
    const guide = await lockForReview(tx, moderator, id);
    const [last] = await tx
      .select({ number: max(guideRevisions.number) })
      .from(guideRevisions)
      .where(eq(guideRevisions.guideId, id));
    const [revision] = await tx
      .insert(guideRevisions)
      .values({
        guideId: id,
        number: (last?.number ?? 0) + 1,
        language: guide.language,
        category: guide.category,
        title: guide.title,
        body: guide.body,
        version: guide.version,
        approvedBy: moderator.uid,
        createdAt: now,
      })
      .returning({ id: guideRevisions.id });
    const [published] = await tx
      .update(guides)
      // A moderator vouches for the new text: a guide hidden after a report is public again.
      .set({ status: "published", rejectReason: null, publishedRevisionId: revision!.id, publishedAt: now, hiddenAt: null })
      .where(eq(guides.id, id))
      .returning();
    if (guide.publishedRevisionId === null) {
      await awardPoints(tx, { uid: guide.authorUid, reason: "guide-published", source: String(id) }, now);
    }
    // One decision, one entry: publishing the text, and showing again a guide hidden after a report.
    await recordAudit(
      tx,
      {
        actorUid: moderator.uid,
        action: "guide.approve",
        targetKind: "guide",
        targetId: String(id),
        before: { status: guide.status, hidden: guide.hiddenAt !== null },
        after: { status: "published", hidden: false, revision: revision!.id },
      },
      now,
    );
    const notices = await notify(
      tx,
      [
        {
          uid: guide.authorUid,
          kind: "guide-approved",
          actorUid: moderator.uid,
          link: memberGuideHref(id),
          data: { guideId: id, excerpt: guide.title },
        },
      ],
      now,
    );
    return { row: published!, events: notices };
  });
  publishAll(hub, events);
  return toDraft(row, (await findGuide(db, id)).displayName);
}

/** Sends the working copy back to its author with the moderator's reason; a published revision stays up. */
export async function rejectGuide(
  db: Database,
  hub: RealtimeHub,
  moderator: Viewer,
  id: number,
  reason: string,
  now = Date.now(),
): Promise<GuideDraft> {
  const { row, events } = await db.transaction(async (tx) => {
    const guide = await lockForReview(tx, moderator, id);
    const [rejected] = await tx.update(guides).set({ status: "draft", rejectReason: reason }).where(eq(guides.id, id)).returning();
    await recordAudit(
      tx,
      {
        actorUid: moderator.uid,
        action: "guide.reject",
        targetKind: "guide",
        targetId: String(id),
        note: reason,
        before: { status: guide.status },
        after: { status: "draft" },
      },
      now,
    );
    const notices = await notify(
      tx,
      [
        {
          uid: guide.authorUid,
          kind: "guide-rejected",
          actorUid: moderator.uid,
          link: `/guide?edit=${id}`,
          data: { guideId: id, excerpt: guide.title, reason },
        },
      ],
      now,
    );
    return { row: rejected!, events: notices };
  });
  publishAll(hub, events);
  return toDraft(row, (await findGuide(db, id)).displayName);
}

/** Deletes the author's guide, published or not; a first publication's points go back. */
export async function deleteGuide(db: Database, viewer: Viewer, id: number, now = Date.now()): Promise<void> {
  const { row } = await findGuide(db, id);
  mustBeAuthor(viewer, row);
  await db.transaction(async (tx) => {
    await tx.update(guides).set({ deletedAt: now }).where(eq(guides.id, id));
    if (row.publishedRevisionId !== null)
      await revokePoints(tx, { uid: row.authorUid, reason: "guide-published", source: String(id) }, now);
  });
}

/** The viewer's own guides, newest change first, every status. */
export async function listOwnGuides(db: Database, viewer: Viewer): Promise<GuideDraft[]> {
  const rows = await db
    .select()
    .from(guides)
    .where(and(eq(guides.authorUid, viewer.uid), isNull(guides.deletedAt)))
    .orderBy(desc(guides.updatedAt), desc(guides.id))
    .limit(GUIDE_LIST_MAX);
  return rows.map((row) => toDraft(row, viewer.name));
}

/**
 * The moderators' queue: guides waiting for review, oldest submission first, with their text rendered.
 * A guide hidden after a report is in it too once its author sends a new version (`hidden` says so):
 * approving that version puts the guide back in `/guide`.
 */
export async function listReviewQueue(db: Database): Promise<(GuideDraft & { html: string })[]> {
  const rows = await db
    .select({ row: guides, displayName: authorName })
    .from(guides)
    .leftJoin(users, eq(users.uid, guides.authorUid))
    .where(and(eq(guides.status, "review"), isNull(guides.deletedAt)))
    .orderBy(asc(guides.submittedAt), asc(guides.id))
    .limit(GUIDE_LIST_MAX);
  return rows.map(({ row, displayName }) => ({ ...toDraft(row, displayName), html: renderMarkdown(row.body).html }));
}

/** Published guides moderators hid after a report (deleted ones are gone for good), most recently hidden first. */
export async function listHiddenGuides(db: Database, viewer: Viewer): Promise<HiddenGuide[]> {
  if (!can(viewer.role, "guide:approve")) throw new AppError("permission-denied", "Only moderators see hidden guides.");
  const rows = await db
    .select({
      id: guides.id,
      authorUid: guides.authorUid,
      displayName: authorName,
      title: guideRevisions.title,
      language: guideRevisions.language,
      status: guides.status,
      hiddenAt: guides.hiddenAt,
    })
    .from(guides)
    .innerJoin(guideRevisions, eq(guideRevisions.id, guides.publishedRevisionId))
    .leftJoin(users, eq(users.uid, guides.authorUid))
    .where(and(isNotNull(guides.hiddenAt), isNull(guides.deletedAt)))
    .orderBy(desc(guides.hiddenAt), desc(guides.id))
    .limit(GUIDE_LIST_MAX);
  return rows.map(({ authorUid, displayName, status, hiddenAt, ...rest }) => ({
    ...rest,
    author: { uid: authorUid, displayName },
    inReview: status === "review",
    hiddenAt: hiddenAt ?? 0,
  }));
}

/**
 * A moderator puts a hidden guide back: its newest approved revision is public again (an edit
 * waiting for review stays in the queue). Recorded in the audit log in the same transaction.
 */
export async function restoreGuide(db: Database, moderator: Viewer, id: number, now = Date.now()): Promise<GuideDraft> {
  if (!can(moderator.role, "guide:approve")) throw new AppError("permission-denied", "Only moderators restore guides.");
  const restored = await db.transaction(async (tx) => {
    const hidden = and(eq(guides.id, id), isNotNull(guides.hiddenAt), isNotNull(guides.publishedRevisionId), isNull(guides.deletedAt));
    const [found] = await tx.select({ authorUid: guides.authorUid }).from(guides).where(hidden).for("update");
    if (!found) throw new AppError("not-found", "No such hidden guide.");
    // As with approval: a moderator's own guide is another moderator's decision.
    if (found.authorUid === moderator.uid) throw new AppError("permission-denied", "Another moderator restores your own guide.");
    const [row] = await tx.update(guides).set({ hiddenAt: null }).where(hidden).returning();
    if (!row) throw new AppError("not-found", "No such hidden guide.");
    await recordAudit(tx, { actorUid: moderator.uid, action: "guide.restore", targetKind: "guide", targetId: String(id) }, now);
    return row;
  });
  return toDraft(restored, (await findGuide(db, id)).displayName);
}

/**
 * Published member guides as `/guide` lists them (their newest approved revision), newest first; with
 * `authorUid`, one member's (their public profile), which the `guides_author` index finds.
 */
export async function listPublishedGuides(
  db: Database,
  { authorUid, limit }: { authorUid?: string; limit?: number } = {},
): Promise<PublishedGuideSummary[]> {
  const all = db
    .select({
      id: guides.id,
      authorUid: guides.authorUid,
      displayName: authorName,
      title: guideRevisions.title,
      language: guideRevisions.language,
      category: guideRevisions.category,
      publishedAt: guideRevisions.createdAt,
    })
    .from(guides)
    .innerJoin(guideRevisions, eq(guideRevisions.id, guides.publishedRevisionId))
    .leftJoin(users, eq(users.uid, guides.authorUid))
    .where(and(isPublic, authorUid === undefined ? undefined : eq(guides.authorUid, authorUid)))
    .orderBy(desc(guideRevisions.createdAt), desc(guides.id));
  const rows = await (limit === undefined ? all : all.limit(limit));
  return rows.map(({ authorUid, displayName, ...rest }) => ({ ...rest, author: { uid: authorUid, displayName } }));
}

/** The revision shown comes with its markdown, for the page to render. */
export type PublishedGuideWithBody = PublishedGuide & { revision: PublishedGuide["revision"] & { body: string } };

/** A published member guide for the public (null when there is none, or it is hidden or deleted). */
export async function getPublishedGuide(db: Database, id: number, revisionNumber?: number): Promise<PublishedGuideWithBody | null> {
  const [guide] = await db
    .select({ id: guides.id, authorUid: guides.authorUid, displayName: authorName })
    .from(guides)
    .leftJoin(users, eq(users.uid, guides.authorUid))
    .where(and(eq(guides.id, id), isPublic));
  if (!guide) return null;
  const revisions = await db
    .select({
      number: guideRevisions.number,
      title: guideRevisions.title,
      language: guideRevisions.language,
      category: guideRevisions.category,
      body: guideRevisions.body,
      createdAt: guideRevisions.createdAt,
    })
    .from(guideRevisions)
    .where(eq(guideRevisions.guideId, id))
    .orderBy(desc(guideRevisions.number));
  const latest = revisions[0];
  const shown = revisionNumber === undefined ? latest : revisions.find((each) => each.number === revisionNumber);
  if (!latest || !shown) return null;
  return {
    id: guide.id,
    author: { uid: guide.authorUid, displayName: guide.displayName },
    revision: shown,
    latest: latest.number,
    revisions: revisions.map(({ number, title, createdAt }) => ({ number, title, createdAt })),
  };
}

/** Ids of the public member guides, for the sitemap. */
export async function publishedGuideIds(db: Database): Promise<number[]> {
  const rows = await db.select({ id: guides.id }).from(guides).where(isPublic).orderBy(asc(guides.id));
  return rows.map((row) => row.id);
}
