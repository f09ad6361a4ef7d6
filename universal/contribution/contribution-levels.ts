/**
 * Contribution points, the community level they set and the default title of each level band.
 * No Zod and no server code: /level shows this table to visitors, the server applies it.
 *
 * The curve: reaching level L takes 10·(L−1)² points in all (level 2 at 10, level 5 at 160,
 * level 10 at 810, level 30 at 8,410), so each level asks a little more than the one before and
 * a new member (0 points) is level 1, as a new profile starts.
 */

export const contributionReasons = ["guide-published", "post-liked", "comment-liked", "report-upheld"] as const;
export type ContributionReason = (typeof contributionReasons)[number];

/** Points one award of each reason gives (a like may give less when the day's cap is nearly reached). */
export const POINTS_BY_REASON = {
  "guide-published": 20,
  "post-liked": 2,
  "comment-liked": 1,
  "report-upheld": 5,
} as const satisfies Record<ContributionReason, number>;

/** Likes received, post and comment alike, give a member this many points in one game day at most. */
export const LIKE_POINTS_PER_DAY = 20;

export const likeReasons = ["post-liked", "comment-liked"] as const satisfies readonly ContributionReason[];

export function isLikeReason(reason: ContributionReason): reason is (typeof likeReasons)[number] {
  return (likeReasons as readonly ContributionReason[]).includes(reason);
}

export const MAX_CONTRIBUTION_LEVEL = 30;
const CURVE_FACTOR = 10;

/** Total points that reach `level` (level 1 needs none). */
export function pointsForLevel(level: number): number {
  const capped = Math.min(Math.max(Math.floor(level), 1), MAX_CONTRIBUTION_LEVEL);
  return CURVE_FACTOR * (capped - 1) ** 2;
}

/** The level a total of points reaches: 1 for 0 points, at most MAX_CONTRIBUTION_LEVEL. */
export function levelForPoints(points: number): number {
  if (!(points > 0)) return 1;
  let level = Math.min(Math.floor(Math.sqrt(points / CURVE_FACTOR)) + 1, MAX_CONTRIBUTION_LEVEL);
  // Guard the square root's rounding at exact thresholds.
  while (level < MAX_CONTRIBUTION_LEVEL && pointsForLevel(level + 1) <= points) level++;
  while (level > 1 && pointsForLevel(level) > points) level--;
  return level;
}

/** Default titles by level band, lowest first; `member` is a new profile's title. */
export const titleBands = [
  { title: "member", fromLevel: 1 },
  { title: "helper", fromLevel: 5 },
  { title: "contributor", fromLevel: 10 },
  { title: "mentor", fromLevel: 20 },
  { title: "legend", fromLevel: 30 },
] as const;
export type BandTitle = (typeof titleBands)[number]["title"];

export function titleForLevel(level: number): BandTitle {
  let title: BandTitle = titleBands[0].title;
  for (const band of titleBands) if (level >= band.fromLevel) title = band.title;
  return title;
}

export function isBandTitle(title: string): title is BandTitle {
  return titleBands.some((band) => band.title === title);
}

/** The levels of the curve with their thresholds and band titles, as /level shows them. */
export function contributionLevelTable(): { level: number; points: number; title: BandTitle }[] {
  return Array.from({ length: MAX_CONTRIBUTION_LEVEL }, (_, index) => ({
    level: index + 1,
    points: pointsForLevel(index + 1),
    title: titleForLevel(index + 1),
  }));
}

export const rankingPeriods = ["week", "all"] as const;
export type RankingPeriod = (typeof rankingPeriods)[number];

/** A row of the contribution ranking (public fields only). */
export interface RankedMember {
  rank: number;
  uid: string;
  displayName: string;
  photoURL: string | null;
  tag: string;
  title: string;
  level: number;
  /** Points in the period: this game week's, or all-time. */
  points: number;
}

export const RANKING_SIZE = 20;
