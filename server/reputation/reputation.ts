/**
 * Player reputation (`/bplayer`): characters members claim (pending until a moderator
 * verifies the member's proof; one verified member per character, the name folded), and what a
 * character's record shows: feedback about it, its completed trades, and
 * the scam reports moderators verified. Names match accent- and case-insensitively
 * (`f_unaccent(lower(…))`, as the indexes fold them).
 */
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, getTableColumns, inArray, not, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client.ts";
import { foldedQuery } from "../../db/folding.ts";
import { characterClaims, offerFeedback, offers, reportImages, reportReporters, reports, users } from "../../db/schema/index.ts";
import { CLAIM_PENDING_DAYS, CLAIMS_MAX } from "../../universal/offers/offer-limits.ts";
import type { CharacterClaim, Reputation, ReportImage, VerifiedReport } from "../../universal/offers/offer-types.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";
import { assertServer } from "../content/pack-servers.ts";
import { feedbackWhere } from "../offers/leave-feedback.ts";

type ClaimRow = typeof characterClaims.$inferSelect;

const folded = (column: SQLWrapper) => sql`f_unaccent(lower(${column}))`;

const DAY_MS = 86_400_000;
const PENDING_MS = CLAIM_PENDING_DAYS * DAY_MS;
/** The one-time codes' letters: no 0/O or 1/I/L, which players misread on a phone screenshot. */
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** A fresh claim code, `LV-` and four letters or digits (`LV-7Q2K`). */
export function newClaimCode(): string {
  return `LV-${[...randomBytes(4)].map((byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join("")}`;
}

/** The open report carrying a claim's proof (`claim` report, target: the claim's id). */
const openProof = (claimId: SQLWrapper) =>
  sql`(select r.id from reports r where r.kind = 'claim' and r.target_id = (${claimId})::text and r.status = 'open' limit 1)`;

/**
 * A claim that still stands at `now`: verified, or pending and either younger than
 * CLAIM_PENDING_DAYS or with its proof waiting for a moderator (a slow queue does not expire it).
 * An expired pending claim is gone for every purpose; its row is deleted lazily (`claimCharacter`).
 */
export const liveClaim = (now: number): SQL =>
  sql`(${characterClaims.status} = 'verified' or ${characterClaims.createdAt} > ${now - PENDING_MS} or ${openProof(characterClaims.id)} is not null)`;

function toClaim(row: ClaimRow & { proofReportId: number | string | null }): CharacterClaim {
  const proofReportId = row.proofReportId === null ? null : Number(row.proofReportId);
  return {
    id: row.id,
    name: row.name,
    server: row.server,
    status: row.status === "verified" ? "verified" : "pending",
    code: row.code,
    proofReportId,
    expiresAt: row.status === "pending" && proofReportId === null ? row.createdAt + PENDING_MS : null,
    createdAt: row.createdAt,
    verifiedAt: row.verifiedAt,
  };
}

const claimColumns = { ...getTableColumns(characterClaims), proofReportId: sql<number | string | null>`${openProof(characterClaims.id)}` };

/** The folded form of a character name, as the database folds it (the key a scam report files under). */
export async function foldName(db: Database, name: string): Promise<string> {
  const [row] = await queryRows<{ folded: string }>(db, sql`select ${foldedQuery(name)} as folded`);
  return row?.folded ?? name.toLowerCase();
}

/** The moderation queue's target id of a character: `{server}/{folded name}`. */
export function characterTarget(server: string, foldedName: string): string {
  return `${server}/${foldedName}`;
}

/** Whose a character is: the member whose claim a moderator verified, if anyone (a pending claim makes it nobody's). */
export async function claimOf(db: Database, name: string, server: string): Promise<ClaimRow | undefined> {
  const [row] = await db
    .select()
    .from(characterClaims)
    .where(
      and(
        sql`${folded(characterClaims.name)} = ${foldedQuery(name)}`,
        eq(characterClaims.server, server),
        eq(characterClaims.status, "verified"),
      ),
    );
  return row;
}

/** A member's own claim that still stands, by id (another member's, or one gone, is undefined). */
export async function ownClaim(db: Database, viewer: Viewer, id: number, now = Date.now()): Promise<CharacterClaim | undefined> {
  const [row] = await db
    .select(claimColumns)
    .from(characterClaims)
    .where(and(eq(characterClaims.id, id), eq(characterClaims.uid, viewer.uid), liveClaim(now)));
  return row ? toClaim(row) : undefined;
}

/**
 * Starts the viewer's claim of a character: pending, with a fresh code to show in the game. The same
 * claim again answers the one made (`created: false`); a character another member has proven theirs
 * is refused with 409 (they may dispute it instead). Other members' pending claims do not stand in
 * the way: whoever a moderator verifies first owns it.
 */
export async function claimCharacter(
  db: Database,
  viewer: Viewer,
  input: { name: string; server: string },
  now = Date.now(),
): Promise<{ claim: CharacterClaim; created: boolean }> {
  await assertServer(db, input.server);
  const sameCharacter = and(sql`${folded(characterClaims.name)} = ${foldedQuery(input.name)}`, eq(characterClaims.server, input.server));
  const { id, created } = await db.transaction(async (tx) => {
    // One member's claims one at a time: a retry never doubles and the count below holds.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`claims:${viewer.uid}`}))`);
    await tx.delete(characterClaims).where(and(eq(characterClaims.uid, viewer.uid), not(liveClaim(now))));
    const [mine] = await tx
      .select({ id: characterClaims.id })
      .from(characterClaims)
      .where(and(eq(characterClaims.uid, viewer.uid), sameCharacter));
    if (mine) return { id: mine.id, created: false };
    const [taken] = await tx
      .select({ id: characterClaims.id })
      .from(characterClaims)
      .where(and(sameCharacter, eq(characterClaims.status, "verified")));
    if (taken) throw new AppError("conflict", "Another member has already proven this character is theirs.", { reason: "claimed" });
    const [count] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(characterClaims)
      .where(eq(characterClaims.uid, viewer.uid));
    if ((count?.count ?? 0) >= CLAIMS_MAX)
      throw new AppError("resource-exhausted", `At most ${CLAIMS_MAX} characters.`, { reason: "limit" });
    const [row] = await tx
      .insert(characterClaims)
      .values({ uid: viewer.uid, name: input.name, server: input.server, status: "pending", code: newClaimCode(), createdAt: now })
      .returning({ id: characterClaims.id });
    if (!row) throw new AppError("internal", "The claim was not saved.");
    return { id: row.id, created: true };
  });
  const claim = await ownClaim(db, viewer, id, now);
  if (!claim) throw new AppError("internal", "The claim was not saved.");
  return { claim, created };
}

/** The viewer's claims that still stand, oldest first. */
export async function listClaims(db: Database, viewer: Viewer, now = Date.now()): Promise<CharacterClaim[]> {
  const rows = await db
    .select(claimColumns)
    .from(characterClaims)
    .where(and(eq(characterClaims.uid, viewer.uid), liveClaim(now)))
    .orderBy(asc(characterClaims.id));
  return rows.map(toClaim);
}

export async function deleteClaim(db: Database, viewer: Viewer, id: number): Promise<void> {
  const deleted = await db
    .delete(characterClaims)
    .where(and(eq(characterClaims.id, id), eq(characterClaims.uid, viewer.uid)))
    .returning({ id: characterClaims.id });
  if (deleted.length === 0) throw new AppError("not-found", "No such claim.");
}

export function reportImageUrl(id: string): string {
  return `/api/reputation/images/${id}`;
}

/** The screenshots of reports, by report. */
export async function imagesOf(db: Database, reportIds: readonly number[]): Promise<Map<number, ReportImage[]>> {
  const byReport = new Map<number, ReportImage[]>();
  if (reportIds.length === 0) return byReport;
  const rows = await db
    .select({ id: reportImages.id, reportId: reportImages.reportId, width: reportImages.width, height: reportImages.height })
    .from(reportImages)
    .where(inArray(reportImages.reportId, [...reportIds]))
    .orderBy(asc(reportImages.createdAt), asc(reportImages.id));
  for (const row of rows)
    byReport.set(row.reportId, [
      ...(byReport.get(row.reportId) ?? []),
      { url: reportImageUrl(row.id), width: row.width, height: row.height },
    ]);
  return byReport;
}

/**
 * Which feedback is about a character (folded name, and server unless every server counts), read at
 * the time of the lookup so that a claim verified later brings old feedback along. `claims` are the
 * character's verified claims (one a server at most):
 * - feedback whose subject, written when it was left, is this character (feedback about an offer's
 *   owner names the offer's character; about a counterparty, the counterparty's verified claim at
 *   the time), and, on a server where the character is claimed, only feedback about its owner:
 *   what anyone else received under the name (a forger's offer naming it) is not the owner's record;
 * - feedback about a counterparty (`to_uid` is not the offer's owner) who claims this character on
 *   the offer's server now. A counterparty never names a character in a trade, so feedback about
 *   them belongs to the member on that server: it shows on each character they claim there.
 * Feedback about an offer's owner follows the character written on the offer, never the owner's
 * other claims: it is about that character.
 */
export function feedbackAbout(fold: SQL, server: string | undefined, claims: readonly { uid: string; server: string }[]): SQL {
  const onServer = (column: SQLWrapper) => (server ? sql`${column} = ${server}` : sql`true`);
  // The claims come as values, so each arm has an index condition on offer_feedback (its subject, or
  // `to_uid`) and the planner reads both indexes instead of every feedback row.
  const asCounterparty = claims.map(
    (claim) =>
      sql`(${offerFeedback.toUid} = ${claim.uid} and ${offers.server} = ${claim.server} and ${offerFeedback.toUid} <> ${offers.ownerUid})`,
  );
  const ownerOnly = claims.map(
    (claim) => sql`and (${offerFeedback.subjectServer} <> ${claim.server} or ${offerFeedback.toUid} = ${claim.uid})`,
  );
  return sql`((${folded(offerFeedback.subjectName)} = ${fold} and ${onServer(offerFeedback.subjectServer)} ${sql.join(ownerOnly, sql` `)})
    ${asCounterparty.length > 0 ? sql`or ${sql.join(asCounterparty, sql` or `)}` : sql``})`;
}

/**
 * A character's record: feedback about it (`feedbackAbout`), its completed trades (offers under its
 * name, and trades its claimant completed as counterparty on its server), and the scam reports
 * about it that moderators verified. Without a server, every server counts.
 *
 * On a server where a moderator verified a member's claim of the character, only that member's
 * trades count: an offer anyone else posts under the name (refused since the claim, but possibly
 * posted before it) adds nothing to the owner's record. Where nobody has verified a claim, the
 * record is whatever was traded under the name, and says so (`verified: false`).
 *
 * The item page's book shows a trader's counts per member (`reputationCounts` in server/offers):
 * everything said about the member and every trade they completed, on every character and server,
 * so that a new character name sheds nothing. The two agree for a member who trades under one
 * character on one server and has claimed it; a member with several characters has, on the book,
 * the sum of what their characters' records show (plus feedback received as a counterparty on a
 * server where they claim no character, which no character's record shows until they claim one).
 */
export async function reputationOf(db: Database, name: string, server: string | undefined): Promise<Reputation> {
  const fold = foldedQuery(name);
  const onServer = (column: SQLWrapper) => (server ? sql`${column} = ${server}` : sql`true`);
  const claims = await db
    .select({ claim: characterClaims, displayName: users.displayName, photoURL: users.photoURL })
    .from(characterClaims)
    .leftJoin(users, eq(users.uid, characterClaims.uid))
    .where(and(sql`${folded(characterClaims.name)} = ${fold}`, onServer(characterClaims.server), eq(characterClaims.status, "verified")))
    .orderBy(asc(characterClaims.id));
  const claimed = claims[0];
  const about = feedbackAbout(
    fold,
    server,
    claims.map(({ claim }) => claim),
  );
  const feedback = await feedbackWhere(db, about, 100);
  const [scores] = await db
    .select({
      positive: sql<number>`(count(*) filter (where ${offerFeedback.score} > 0))::int`,
      negative: sql<number>`(count(*) filter (where ${offerFeedback.score} < 0))::int`,
    })
    .from(offerFeedback)
    .innerJoin(offers, eq(offers.id, offerFeedback.offerId))
    // The list shows every feedback; the scores only those that count.
    .where(and(about, eq(offerFeedback.counts, true)));
  const asCounterparty = claims.map(({ claim }) => sql`(counterparty_uid = ${claim.uid} and server = ${claim.server})`);
  const ownerOnly = claims.map(({ claim }) => sql`and (server <> ${claim.server} or owner_uid = ${claim.uid})`);
  const [traded] = await queryRows<{ trades: number | string }>(
    db,
    sql`select count(*) as trades from offers where status = 'completed' and (
          (f_unaccent(lower(character_name)) = ${fold} and ${onServer(sql`server`)} ${sql.join(ownerOnly, sql` `)})
          ${asCounterparty.length > 0 ? sql`or ${sql.join(asCounterparty, sql` or `)}` : sql``}
        )`,
  );
  // Without a server, the record is its owners' only if every server the name was traded on is claimed.
  const [unclaimedElsewhere] =
    claims.length > 0 && !server
      ? await queryRows<{ found: boolean }>(
          db,
          sql`select exists (select 1 from offers where f_unaccent(lower(character_name)) = ${fold}
                and server not in (${sql.join(
                  claims.map(({ claim }) => sql`${claim.server}`),
                  sql`, `,
                )})) as found`,
        )
      : [];
  const targets = server
    ? sql`target_id = ${characterTarget(server, await foldName(db, name))}`
    : sql`substr(target_id, strpos(target_id, '/') + 1) = ${fold}`;
  const verified = await db
    .select()
    .from(reports)
    .where(and(eq(reports.kind, "character"), eq(reports.action, "verify"), targets))
    .orderBy(desc(reports.resolvedAt))
    .limit(50);
  const ids = verified.map((report) => report.id);
  const reasons =
    ids.length === 0
      ? []
      : await db
          .select({ reportId: reportReporters.reportId, reason: reportReporters.reason })
          .from(reportReporters)
          .where(inArray(reportReporters.reportId, ids))
          .orderBy(asc(reportReporters.createdAt), asc(reportReporters.uid));
  const images = await imagesOf(db, ids);
  const reportList: VerifiedReport[] = verified.map((report) => ({
    id: report.id,
    reason: reasons
      .filter((each) => each.reportId === report.id)
      .map((each) => each.reason)
      .join("\n\n"),
    images: images.get(report.id) ?? [],
    createdAt: report.createdAt,
    verifiedAt: report.resolvedAt ?? report.updatedAt,
  }));
  // The name as its player writes it: the claim's, or the latest offer's under it, or as looked up.
  const [written] = claimed
    ? []
    : await queryRows<{ name: string }>(
        db,
        sql`select character_name as name from offers where f_unaccent(lower(character_name)) = ${fold} and ${onServer(sql`server`)}
            order by id desc limit 1`,
      );
  return {
    name: claimed?.claim.name ?? written?.name ?? name,
    server: server ?? null,
    positive: Number(scores?.positive ?? 0),
    negative: Number(scores?.negative ?? 0),
    trades: Number(traded?.trades ?? 0),
    claimedBy: claimed ? { uid: claimed.claim.uid, displayName: claimed.displayName ?? "", photoURL: claimed.photoURL } : null,
    claimId: claimed?.claim.id ?? null,
    verified: claims.length > 0 && !unclaimedElsewhere?.found,
    feedback,
    reports: reportList,
  };
}

/**
 * A report's screenshot: for moderators (`report:verify`) always, for everyone once a scam report
 * is verified. A claim's proof or a dispute's screenshots stay with moderators, verified or not:
 * they show a member's own game screens, not something the public record needs.
 */
export async function reportImage(db: Database, id: string, moderator: boolean): Promise<{ contentType: string; data: Buffer } | null> {
  const [found] = await db
    .select({ contentType: reportImages.contentType, data: reportImages.data, action: reports.action, kind: reports.kind })
    .from(reportImages)
    .innerJoin(reports, eq(reports.id, reportImages.reportId))
    .where(eq(reportImages.id, id));
  if (!found || (!moderator && (found.action !== "verify" || found.kind !== "character"))) return null;
  return { contentType: found.contentType, data: Buffer.from(found.data, "base64") };
}
