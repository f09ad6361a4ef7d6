/**
 * Proving a character is one's own, through the moderation queue:
 * - `claim`: a member's screenshot showing their claim's one-time code in the game (sent with
 *   `POST /api/characters/claims/{id}/proof`). A moderator who sees the code verifies it: the claim
 *   becomes `verified` and the character the member's; or dismisses it (the claim stays pending
 *   and expires unless the member sends a better screenshot in time).
 * - `claim-dispute`: another member says a verified claim is not its member's (`POST /api/reports`
 *   with a screenshot). Upheld (`verify`), the disputed claim is removed and the removal audited;
 *   dismissed, it stands.
 *
 * Verifying a claim while another member's claim of the character is verified is refused (409):
 * a dispute removes that one first. Other members' pending claims of a character just verified are
 * left as they are: their proofs cannot be verified any more (409) and, once dismissed, they expire
 * with the rest (CLAIM_PENDING_DAYS), so nothing is deleted behind a member's back.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { foldedQuery } from "../../db/folding.ts";
import { characterClaims, reportReporters, reports, users } from "../../db/schema/index.ts";
import type { ReportContext } from "../../universal/moderation/moderation-schemas.ts";
import { claimDisputeBody } from "../../universal/offers/offer-schemas.ts";
import type { CharacterClaim } from "../../universal/offers/offer-types.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";
import { parseValue } from "../http/context.ts";
import { recordAudit } from "../moderation/audit-log.ts";
import { assertReportsLeft, fileReport, reportKindsOf } from "../moderation/moderation.ts";
import type { ReportableKind } from "../moderation/report-kinds.ts";
import { attachImages, bplayerLink, readImages } from "./character-reports.ts";
import { claimOf, imagesOf, ownClaim } from "./reputation.ts";

type ClaimRow = typeof characterClaims.$inferSelect;

function claimId(targetId: string): number | undefined {
  const id = Number(targetId);
  return /^\d{1,16}$/.test(targetId) && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

async function claimRow(db: Database, targetId: string): Promise<(ClaimRow & { displayName: string | null }) | undefined> {
  const id = claimId(targetId);
  if (id === undefined) return undefined;
  const [row] = await db
    .select({ claim: characterClaims, displayName: users.displayName })
    .from(characterClaims)
    .leftJoin(users, eq(users.uid, characterClaims.uid))
    .where(eq(characterClaims.id, id));
  return row ? { ...row.claim, displayName: row.displayName } : undefined;
}

/** The claim as moderators see it: its member, the character and (for a proof) the code to look for; the report's screenshots. */
async function claimContext(
  db: Database,
  kind: "claim" | "claim-dispute",
  targetId: string,
  reportedAt: number,
): Promise<ReportContext | null> {
  const claim = await claimRow(db, targetId);
  if (!claim) return null;
  const [report] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.kind, kind), eq(reports.targetId, targetId), eq(reports.createdAt, reportedAt)));
  const images = report ? ((await imagesOf(db, [report.id])).get(report.id) ?? []) : [];
  const owner = { uid: claim.uid, displayName: claim.displayName ?? "" };
  const text = kind === "claim" ? `${claim.name} (${claim.server}) · ${claim.code}` : `${claim.name} (${claim.server})`;
  return {
    author: owner,
    text,
    createdAt: claim.createdAt,
    where: { kind, id: claim.server, label: claim.server },
    link: bplayerLink(claim.name, claim.server),
    removed: false,
    around: [{ id: String(claim.id), author: owner, text, createdAt: claim.createdAt, target: true }],
    images,
  };
}

/** Two verifications of one character never race: they take the character's lock. */
async function lockCharacter(tx: Database, claim: ClaimRow): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('claim:' || ${claim.server} || '/' || ${foldedQuery(claim.name)}))`);
}

function assertNotVerifiedElsewhere(other: ClaimRow | undefined, claim: ClaimRow): void {
  if (other && other.id !== claim.id)
    throw new AppError("conflict", "Another member's claim of this character is verified: dispute it first.", { reason: "claimed" });
}

export function claimReportable(): ReportableKind {
  return {
    kind: "claim",
    permission: "report:verify",
    earnsPoints: false,
    async assertReportable(db, viewer, targetId) {
      const id = claimId(targetId);
      const claim = id === undefined ? undefined : await ownClaim(db, viewer, id);
      // Another member's claim (or one gone) is as if it did not exist.
      if (!claim) throw new AppError("not-found", "No such claim.");
      if (claim.status === "verified") throw new AppError("failed-precondition", "This claim is already verified.", { reason: "verified" });
      const other = await claimOf(db, claim.name, claim.server);
      if (other && other.id !== claim.id)
        throw new AppError("conflict", "Another member has already proven this character is theirs.", { reason: "claimed" });
    },
    context: (db, targetId, reportedAt) => claimContext(db, "claim", targetId, reportedAt),
    async apply() {
      throw new AppError("invalid-argument", "A claim's proof is verified or dismissed.");
    },
    async verify(tx, moderator, reportId, targetId, now) {
      void reportId;
      const claim = await claimRow(tx, targetId);
      if (!claim)
        throw new AppError("failed-precondition", "The claim was withdrawn or has expired: dismiss its proof.", { reason: "gone" });
      // Another moderator decides: nobody proves a character theirs on their own word.
      if (claim.uid === moderator.uid)
        throw new AppError("permission-denied", "Another moderator verifies your own claim.", { reason: "own-claim" });
      if (claim.status === "verified") return () => {};
      await lockCharacter(tx, claim);
      assertNotVerifiedElsewhere(await claimOf(tx, claim.name, claim.server), claim);
      await tx
        .update(characterClaims)
        .set({ status: "verified", verifiedAt: now })
        .where(and(eq(characterClaims.id, claim.id), eq(characterClaims.status, "pending")));
      return () => {};
    },
    async file() {
      throw new AppError("invalid-argument", "Send a claim's screenshot to /api/characters/claims/{id}/proof.");
    },
  };
}

export function claimDisputeReportable(): ReportableKind {
  const kind: ReportableKind = {
    kind: "claim-dispute",
    permission: "report:verify",
    earnsPoints: false,
    async assertReportable(db, viewer, targetId) {
      const claim = await claimRow(db, targetId);
      if (!claim || claim.status !== "verified") throw new AppError("not-found", "No such claim.");
      if (claim.uid === viewer.uid) throw new AppError("invalid-argument", "You cannot dispute your own claim.", { reason: "own-claim" });
    },
    context: (db, targetId, reportedAt) => claimContext(db, "claim-dispute", targetId, reportedAt),
    async apply() {
      throw new AppError("invalid-argument", "A claim dispute is verified or dismissed.");
    },
    async verify(tx, moderator, reportId, targetId, now) {
      const id = claimId(targetId);
      if (id === undefined) return () => {};
      // A moderator who disputed the claim does not uphold their own dispute.
      const [disputer] = await tx
        .select({ uid: reportReporters.uid })
        .from(reportReporters)
        .where(and(eq(reportReporters.reportId, reportId), eq(reportReporters.uid, moderator.uid)));
      if (disputer) throw new AppError("permission-denied", "Another moderator decides your own dispute.", { reason: "own-claim" });
      // Upheld: the disputed claim loses. Removing what is already gone is not an error.
      const [removed] = await tx
        .delete(characterClaims)
        .where(and(eq(characterClaims.id, id), eq(characterClaims.status, "verified")))
        .returning();
      if (removed)
        await recordAudit(
          tx,
          {
            actorUid: moderator.uid,
            action: "claim.remove",
            targetKind: "claim",
            targetId,
            note: null,
            before: { uid: removed.uid, name: removed.name, server: removed.server },
            after: { report: reportId, uid: null },
          },
          now,
        );
      return () => {};
    },
    async file(db, viewer, request) {
      const body = parseValue(claimDisputeBody, request.fields, "body");
      await kind.assertReportable(db, viewer, String(body.claimId));
      if (request.images.length === 0)
        throw new AppError("invalid-argument", "A dispute needs a screenshot showing the character is yours.", {
          reason: "image-required",
        });
      const images = await readImages(request.images);
      const filed = await fileReport(
        db,
        reportKindsOf([kind]),
        viewer,
        { kind: "claim-dispute", id: String(body.claimId), reason: body.reason },
        Date.now(),
        request.reportsPerDay,
      );
      await attachImages(db, filed.id, viewer.uid, images);
      return filed;
    },
  };
  return kind;
}

/**
 * Sends the viewer's proof of their claim: their screenshot opens (or joins) the claim's report in
 * the moderation queue. Only the claim's member may, while it is pending; a retry adds nothing.
 */
export async function sendClaimProof(
  db: Database,
  viewer: Viewer,
  id: number,
  input: { screenshot: File; note?: string | undefined },
  now = Date.now(),
  reportsPerDay?: number,
): Promise<CharacterClaim> {
  const kind = claimReportable();
  await kind.assertReportable(db, viewer, String(id));
  const images = await readImages([input.screenshot]);
  const claim = (await ownClaim(db, viewer, id, now)) as CharacterClaim;
  const filed = await fileReport(
    db,
    reportKindsOf([kind]),
    viewer,
    { kind: "claim", id: String(id), reason: input.note || claim.code },
    now,
    reportsPerDay,
  );
  await attachImages(db, filed.id, viewer.uid, images);
  const sent = await ownClaim(db, viewer, id, now);
  if (!sent) throw new AppError("not-found", "No such claim.");
  return sent;
}

/** Whether the viewer may send a proof of claim `id` now (theirs, pending, reports left today): asked before the body is read. */
export async function assertMayProve(db: Database, viewer: Viewer, id: number, reportsPerDay?: number): Promise<void> {
  await claimReportable().assertReportable(db, viewer, String(id));
  await assertReportsLeft(db, viewer, reportsPerDay);
}
