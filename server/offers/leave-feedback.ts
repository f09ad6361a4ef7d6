/**
 * Feedback on a completed trade (`POST /api/offers/{id}/feedback`): each party once, about the
 * other, and whether it counts in the totals. Also the feedback lists an offer's page and `/bplayer`
 * show (server/reputation).
 */
import { and, asc, desc, eq, gt, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { authUsers, characterClaims, offerFeedback, offers } from "../../db/schema/index.ts";
import { FEEDBACK_REPEAT_WINDOW_MS } from "../../universal/offers/offer-limits.ts";
import type { Feedback, FeedbackNotCountedReason, TradePerson } from "../../universal/offers/offer-types.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { existingOffer, nobodyOnline, people, roleOf, type OfferRow, type TraderPresence } from "./offer-rows.ts";
import { offerTopic, publishTraders } from "./offer-topic.ts";

/** The feedback rules a deployment sets (server/config.ts). */
export interface FeedbackRules {
  /** A giver's account younger than this leaves feedback that counts in no total; 0: no such rule. */
  feedbackMinAccountAgeHours: number;
}

export async function feedbackWhere(db: Database, where: SQL | undefined, limit = 100): Promise<Feedback[]> {
  const rows = await db
    .select({ row: offerFeedback, itemId: offers.itemId, server: offers.server })
    .from(offerFeedback)
    .innerJoin(offers, eq(offers.id, offerFeedback.offerId))
    .where(where)
    .orderBy(desc(offerFeedback.createdAt))
    .limit(limit);
  const named = await people(
    db,
    rows.flatMap(({ row }) => [row.fromUid, row.toUid]),
  );
  return rows.map(({ row, itemId, server }) => ({
    offerId: row.offerId,
    from: named.get(row.fromUid) as TradePerson,
    to: named.get(row.toUid) as TradePerson,
    score: row.score === 1 ? 1 : -1,
    comment: row.comment,
    subjectName: row.subjectName,
    // The trade's server, also when no character was known when the feedback was left.
    subjectServer: row.subjectServer ?? server,
    itemId,
    createdAt: row.createdAt,
    counts: row.counts,
    notCountedReason: row.counts ? null : ((row.notCountedReason ?? "new-account") as FeedbackNotCountedReason),
  }));
}

/**
 * Whether the viewer may leave feedback (once): a party of a trade that happened, both sides having
 * confirmed. Not on one only reserved, released, cancelled or expired: reserving a reply that only
 * asked a question, leaving -1 and cancelling once put a trade that never was on the other's record.
 */
export function feedbackAllowed(row: OfferRow, viewer: Viewer | null): boolean {
  return !!viewer && roleOf(row, viewer) !== null && row.counterpartyUid !== null && row.status === "completed";
}

/**
 * Whether feedback from `fromUid` to `toUid` left at `now` counts in the totals, and if not why:
 * the giver's account is newer than the setting, or the giver's feedback to the same member already
 * counted in the 30 days before. Asked inside the transaction that inserts it, under a lock on the
 * pair, so that of two left at once (two trades between the same two members) only one counts.
 * The pair is ordered: each side of one trade leaves feedback about the other, and both count.
 */
async function feedbackCounts(
  tx: Database,
  fromUid: string,
  toUid: string,
  rules: FeedbackRules,
  now: number,
): Promise<{ counts: boolean; notCountedReason: FeedbackNotCountedReason | null }> {
  if (rules.feedbackMinAccountAgeHours > 0) {
    const [giver] = await tx.select({ createdAt: authUsers.createdAt }).from(authUsers).where(eq(authUsers.id, fromUid));
    const age = now - (giver?.createdAt.getTime() ?? now);
    if (age < rules.feedbackMinAccountAgeHours * 3_600_000) return { counts: false, notCountedReason: "new-account" };
  }
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`feedback:${fromUid}>${toUid}`}))`);
  const [counted] = await tx
    .select({ offerId: offerFeedback.offerId })
    .from(offerFeedback)
    .where(
      and(
        eq(offerFeedback.fromUid, fromUid),
        eq(offerFeedback.toUid, toUid),
        eq(offerFeedback.counts, true),
        gt(offerFeedback.createdAt, now - FEEDBACK_REPEAT_WINDOW_MS),
      ),
    )
    .limit(1);
  return counted ? { counts: false, notCountedReason: "repeat-pair" } : { counts: true, notCountedReason: null };
}

/**
 * Each party once per offer, about the other, once the trade completed (both confirmed). The
 * subject character: the offer's for its owner; the counterparty's verified claim on the
 * offer's server, if any. Whether it counts is decided as it is written (`feedbackCounts`).
 */
export async function leaveFeedback(
  db: Database,
  hub: RealtimeHub,
  viewer: Viewer,
  offerId: number,
  input: { score: 1 | -1; comment: string },
  rules: FeedbackRules,
  now = Date.now(),
  presence: TraderPresence = nobodyOnline,
): Promise<Feedback> {
  const row = await existingOffer(db, offerId, now);
  const role = roleOf(row, viewer);
  if (role === null) throw new AppError("permission-denied", "Only the two sides of a trade leave feedback on it.");
  if (!feedbackAllowed(row, viewer) || !row.counterpartyUid)
    throw new AppError("failed-precondition", "Feedback comes once the trade is completed: both of you confirmed it.", {
      reason: "not-completed",
      status: row.status,
    });
  const toUid = role === "owner" ? row.counterpartyUid : row.ownerUid;
  let subject: { name: string; server: string } | null;
  if (role === "counterparty") subject = { name: row.characterName, server: row.server };
  else {
    const [claim] = await db
      .select({ name: characterClaims.name, server: characterClaims.server })
      .from(characterClaims)
      .where(and(eq(characterClaims.uid, toUid), eq(characterClaims.server, row.server), eq(characterClaims.status, "verified")))
      .orderBy(asc(characterClaims.id))
      .limit(1);
    subject = claim ?? null;
  }
  const inserted = await db.transaction(async (tx) =>
    tx
      .insert(offerFeedback)
      .values({
        offerId,
        fromUid: viewer.uid,
        toUid,
        score: input.score,
        comment: input.comment,
        subjectName: subject?.name ?? null,
        subjectServer: subject?.server ?? null,
        createdAt: now,
        ...(await feedbackCounts(tx, viewer.uid, toUid, rules, now)),
      })
      .onConflictDoNothing()
      .returning(),
  );
  if (inserted.length === 0) throw new AppError("conflict", "You already left feedback on this trade.", { reason: "already" });
  await publishTraders(db, hub, presence, [toUid], now);
  hub.publish({ type: "offer-feedback", topic: offerTopic(offerId), offerId });
  const [feedback] = await feedbackWhere(db, and(eq(offerFeedback.offerId, offerId), eq(offerFeedback.fromUid, viewer.uid)), 1);
  return feedback as Feedback;
}
