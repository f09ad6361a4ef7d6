/**
 * Published member guides in the moderation queue (`kind: 'guide'`): any member may report one they
 * can read (not their own); a moderator's decision hides it (gone from `/guide`, search and the
 * sitemap, the author's working copy kept) or deletes it (the same, and the author's points go back).
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { guideRevisions, guides, users } from "../../db/schema/index.ts";
import { memberGuideHref } from "../../universal/guides/guide-limits.ts";
import type { ReportContext, ReportKind } from "../../universal/moderation/moderation-schemas.ts";
import { revokePoints } from "../contribution/contribution.ts";
import { AppError } from "../errors.ts";
import type { ReportableKind } from "../moderation/report-kinds.ts";

/** The kind's name; `reportKinds` (universal/moderation/moderation-limits.ts) lists it. */
const GUIDE = "guide" satisfies ReportKind;

async function publishedRow(db: Database, targetId: string) {
  const id = /^[1-9][0-9]{0,15}$/.test(targetId) ? Number(targetId) : Number.NaN;
  if (!Number.isSafeInteger(id)) return undefined;
  const [found] = await db
    .select({ guide: guides, revision: guideRevisions, displayName: users.displayName })
    .from(guides)
    .innerJoin(guideRevisions, eq(guideRevisions.id, guides.publishedRevisionId))
    .leftJoin(users, eq(users.uid, guides.authorUid))
    .where(eq(guides.id, id));
  return found;
}

export function guideReportable(): ReportableKind {
  return {
    kind: GUIDE,
    permission: "guide:approve",
    async assertReportable(db, viewer, targetId) {
      const found = await publishedRow(db, targetId);
      if (!found || found.guide.hiddenAt !== null || found.guide.deletedAt !== null) throw new AppError("not-found", "No such guide.");
      if (found.guide.authorUid === viewer.uid)
        throw new AppError("invalid-argument", "You cannot report your own guide.", { reason: "own" });
    },
    async context(db, targetId): Promise<ReportContext | null> {
      const found = await publishedRow(db, targetId);
      if (!found) return null;
      const { guide, revision } = found;
      const removed = guide.hiddenAt !== null || guide.deletedAt !== null;
      return {
        author: { uid: guide.authorUid, displayName: found.displayName ?? "" },
        text: `${revision.title}\n\n${revision.body}`,
        createdAt: revision.createdAt,
        where: { kind: "guide", id: String(guide.id), label: null },
        link: removed ? null : memberGuideHref(guide.id),
        removed,
        around: [],
      };
    },
    async apply(tx, _moderator, targetId, action, now) {
      const found = await publishedRow(tx, targetId);
      if (!found) return () => {};
      const removal = action === "delete" ? { hiddenAt: found.guide.hiddenAt ?? now, deletedAt: now } : { hiddenAt: now };
      await tx
        .update(guides)
        .set(removal)
        .where(and(eq(guides.id, found.guide.id), isNull(action === "delete" ? guides.deletedAt : guides.hiddenAt)));
      if (action === "delete") {
        await revokePoints(tx, { uid: found.guide.authorUid, reason: "guide-published", source: String(found.guide.id) }, now);
      }
      return () => {};
    },
  };
}
