/**
 * Members in the moderation queue (`kind: 'member'`): who may report a member's public profile, the
 * profile as moderators see it, and hiding (unlisted from the directory, their page a 404 to others)
 * or deleting it (the same, and their photo removed).
 */
import { eq } from "drizzle-orm";
import { userPhotos, users } from "../../db/schema/index.ts";
import type { ReportContext, ReportKind } from "../../universal/moderation/moderation-schemas.ts";
import { AppError } from "../errors.ts";
import type { ReportableKind } from "../moderation/report-kinds.ts";
import { findPublicMember, setListed } from "./directory.ts";

/** The kind's name; `reportKinds` (universal/moderation/moderation-limits.ts) must list it before the queue accepts it. */
const MEMBER = "member" satisfies ReportKind;

export function memberReportable(): ReportableKind {
  return {
    kind: MEMBER,
    permission: "report:verify",
    async assertReportable(db, viewer, targetId) {
      if (targetId === viewer.uid) throw new AppError("invalid-argument", "You cannot report yourself.", { reason: "own" });
      // A profile the reporter cannot see (hidden, unnamed, banned, none) is answered as one that does not exist.
      await findPublicMember(db, targetId, null);
    },
    async context(db, targetId): Promise<ReportContext | null> {
      const [row] = await db.select().from(users).where(eq(users.uid, targetId));
      if (!row) return null;
      const listed = await findPublicMember(db, targetId, null).then(
        () => true,
        () => false,
      );
      const displayName = row.displayName ?? "";
      // The public profile's fields only: what the reporters saw.
      const text = [
        displayName,
        `role: ${row.role}`,
        `tag: ${row.tag}`,
        `title: ${row.title}`,
        `level: ${row.level}`,
        row.photoURL ? `photo: ${row.photoURL}` : null,
      ]
        .filter((line) => line !== null)
        .join("\n");
      return {
        author: { uid: row.uid, displayName },
        text,
        createdAt: row.createdAt,
        where: { kind: MEMBER, id: row.uid, label: displayName || null },
        link: listed ? `/users?id=${encodeURIComponent(row.uid)}` : null,
        removed: !listed,
        around: [],
      };
    },
    async apply(tx, _moderator, targetId, action, now) {
      const [row] = await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, targetId));
      // A member who deleted their account is gone already.
      if (!row) return () => {};
      await setListed(tx, targetId, false);
      if (action === "delete") {
        await tx.delete(userPhotos).where(eq(userPhotos.uid, targetId));
        await tx.update(users).set({ photoURL: null, updatedAt: now }).where(eq(users.uid, targetId));
      }
      return () => {};
    },
  };
}
