/**
 * Contribution points: what helps others earns points, points set the community level and the
 * default title (universal/contribution/contribution-levels.ts has the curve, the bands and the
 * points of each reason). Features call `awardPoints` / `revokePoints` inside their own
 * transaction, so a like, a published guide or an upheld report and its points commit together.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { contributionPoints, contributionTotals, users } from "../../db/schema/index.ts";
import {
  isBandTitle,
  isLikeReason,
  LIKE_POINTS_PER_DAY,
  levelForPoints,
  likeReasons,
  POINTS_BY_REASON,
  titleForLevel,
  type ContributionReason,
} from "../../universal/contribution/contribution-levels.ts";
import { gameDayStart } from "../content/schedule.ts";

export type { ContributionReason } from "../../universal/contribution/contribution-levels.ts";

const GAME_OFFSET_MS = 7 * 3_600_000;

/** The game day (UTC+7) `now` falls in, as `YYYY-MM-DD`: the `day` of a points row. */
export function gameDayKey(now: number): string {
  return new Date(gameDayStart(new Date(now)) + GAME_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The `source` of a like award: the liked post's or comment's id, a colon, the liker's uid
 * (`likeSource(postId, likerUid)` → `"42:abc"`). One row per like, so unliking and liking again
 * never awards twice.
 */
export function likeSource(targetId: string | number, likerUid: string): string {
  return `${targetId}:${likerUid}`;
}

/**
 * Locks the member's totals row (creating it at 0) so concurrent awards to the same member are
 * counted one after the other, and the daily cap holds.
 */
async function lockTotals(tx: Database, uid: string, now: number): Promise<{ points: number; titleByAdmin: boolean }> {
  const [profile] = await tx.select({ title: users.title }).from(users).where(eq(users.uid, uid));
  // A member an admin titled before points existed keeps that title: only a band title follows the level.
  const titleByAdmin = profile ? !isBandTitle(profile.title) : false;
  await tx.insert(contributionTotals).values({ uid, points: 0, titleByAdmin, updatedAt: now }).onConflictDoNothing();
  const [totals] = await tx
    .select({ points: contributionTotals.points, titleByAdmin: contributionTotals.titleByAdmin })
    .from(contributionTotals)
    .where(eq(contributionTotals.uid, uid))
    .for("update");
  return totals!;
}

async function applyTotal(tx: Database, uid: string, total: number, titleByAdmin: boolean, now: number): Promise<void> {
  await tx.update(contributionTotals).set({ points: total, updatedAt: now }).where(eq(contributionTotals.uid, uid));
  const level = levelForPoints(total);
  await tx
    .update(users)
    .set(titleByAdmin ? { level } : { level, title: titleForLevel(level) })
    .where(eq(users.uid, uid));
}

/**
 * Awards points inside the caller's transaction (`tx`); writes nothing else and commits nothing.
 *
 * - Idempotent per (uid, reason, source): a retried or repeated award changes nothing.
 * - Awarding to oneself (`actorUid === uid`) gives nothing.
 * - `source` by reason:
 *   - `"guide-published"`: the guide's id (`String(guideId)`), awarded to its author.
 *   - `"report-upheld"`: the report's id, awarded to the member who filed it.
 *   - `"post-liked"` / `"comment-liked"`: `likeSource(postOrCommentId, likerUid)`, i.e.
 *     `` `${postId}:${likerUid}` `` (or the comment's id), with `actorUid: likerUid`, awarded to
 *     the post's or comment's author. Both are required for likes (an error otherwise).
 * - Likes: the same liker counts once per game day (UTC+7) for the same author, post and comment
 *   likes together; and likes give a member at most LIKE_POINTS_PER_DAY points per game day (the
 *   award that reaches the cap gives what is left). A like that counts nothing leaves no row, so
 *   liking the same thing again the next day may count.
 * - Updates contribution_totals, users.level, and users.title to the level band's title unless an
 *   admin set the title by hand (contribution_totals.title_by_admin).
 */
export async function awardPoints(
  tx: Database,
  award: { uid: string; reason: ContributionReason; source: string; actorUid?: string },
  now: number = Date.now(),
): Promise<void> {
  const { uid, reason, source, actorUid } = award;
  if (actorUid === uid) return;
  if (isLikeReason(reason) && (!actorUid || !source.endsWith(`:${actorUid}`))) {
    throw new Error(`A ${reason} award needs actorUid and source "<id>:<actorUid>" (likeSource), got "${source}"`);
  }
  const totals = await lockTotals(tx, uid, now);
  const [existing] = await tx
    .select({ id: contributionPoints.id })
    .from(contributionPoints)
    .where(and(eq(contributionPoints.uid, uid), eq(contributionPoints.reason, reason), eq(contributionPoints.source, source)));
  if (existing) return;

  const day = gameDayKey(now);
  let points: number = POINTS_BY_REASON[reason];
  if (isLikeReason(reason)) {
    const [today] = await tx
      .select({
        points: sql<number>`coalesce(sum(${contributionPoints.points}), 0)::int`,
        fromActor: sql<number>`count(*) filter (where ${contributionPoints.actorUid} = ${actorUid})::int`,
      })
      .from(contributionPoints)
      .where(and(eq(contributionPoints.uid, uid), eq(contributionPoints.day, day), inArray(contributionPoints.reason, [...likeReasons])));
    if (today!.fromActor > 0) return;
    points = Math.min(points, LIKE_POINTS_PER_DAY - today!.points);
  }
  if (points <= 0) return;

  await tx.insert(contributionPoints).values({ uid, reason, points, source, actorUid: actorUid ?? null, day, createdAt: now });
  await applyTotal(tx, uid, totals.points + points, totals.titleByAdmin, now);
}

/**
 * Takes back an award inside the caller's transaction; idempotent (nothing to take back, nothing
 * happens). Same (uid, reason, source) as the award. A like's points come back only when the unlike
 * falls on the game day the like was counted (points once earned stay); other reasons (a guide
 * unpublished, a report decision reversed) always take theirs back. Level and title follow.
 */
export async function revokePoints(
  tx: Database,
  award: { uid: string; reason: ContributionReason; source: string },
  now: number = Date.now(),
): Promise<void> {
  const { uid, reason, source } = award;
  const [row] = await tx
    .select({ id: contributionPoints.id, points: contributionPoints.points, day: contributionPoints.day })
    .from(contributionPoints)
    .where(and(eq(contributionPoints.uid, uid), eq(contributionPoints.reason, reason), eq(contributionPoints.source, source)));
  if (!row) return;
  if (isLikeReason(reason) && row.day !== gameDayKey(now)) return;
  const totals = await lockTotals(tx, uid, now);
  const deleted = await tx.delete(contributionPoints).where(eq(contributionPoints.id, row.id)).returning({ id: contributionPoints.id });
  if (deleted.length === 0) return;
  await applyTotal(tx, uid, Math.max(totals.points - row.points, 0), totals.titleByAdmin, now);
}

/** The reason an admin's adjustment is written under (not one members earn, so /level does not list it). */
export const ADMIN_ADJUSTMENT = "admin-adjustment";

/**
 * An admin adds or takes points by hand (with a reason, audited by the caller), inside the caller's
 * transaction: once per `source` (the request's client id), never below 0 points in all; level and
 * title follow as for any award. Returns the points given (after the floor) and the new total.
 */
export async function adjustPoints(
  tx: Database,
  adjustment: { uid: string; delta: number; actorUid: string; source: string },
  now: number = Date.now(),
): Promise<{ applied: number; points: number; level: number; repeated: boolean }> {
  const { uid, delta, actorUid, source } = adjustment;
  const totals = await lockTotals(tx, uid, now);
  const [existing] = await tx
    .select({ points: contributionPoints.points })
    .from(contributionPoints)
    .where(and(eq(contributionPoints.uid, uid), eq(contributionPoints.reason, ADMIN_ADJUSTMENT), eq(contributionPoints.source, source)));
  if (existing) return { applied: existing.points, points: totals.points, level: levelForPoints(totals.points), repeated: true };
  const applied = Math.max(delta, -totals.points);
  const total = totals.points + applied;
  await tx
    .insert(contributionPoints)
    .values({ uid, reason: ADMIN_ADJUSTMENT, points: applied, source, actorUid, day: gameDayKey(now), createdAt: now });
  await applyTotal(tx, uid, total, totals.titleByAdmin, now);
  return { applied, points: total, level: levelForPoints(total), repeated: false };
}

/** A member's contribution points so far (0 before their first award). */
export async function readContributionPoints(db: Database, uid: string): Promise<number> {
  const [totals] = await db.select({ points: contributionTotals.points }).from(contributionTotals).where(eq(contributionTotals.uid, uid));
  return totals?.points ?? 0;
}
