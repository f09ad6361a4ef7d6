/**
 * The rankings' kinds, periods, limits and answers (issue 43), Zod-free: the delivery rules and the
 * pages' islands read them; `ranking-schemas.ts` (Zod, the server's validation) re-exports them.
 */
export const rankingKinds = ["players", "clans", "contribution"] as const;
export type RankingKind = (typeof rankingKinds)[number];
export const rankingWindows = ["week", "month", "all"] as const;
export type RankingWindow = (typeof rankingWindows)[number];

export const POWER_MAX = 2_147_483_647;
export const CHARACTER_NAME_MAX = 40;
/** Rows a rankings page holds. */
export const RANKING_PAGE = 50;
/** A clan's power sums this many of its strongest members' best character on its server. */
export const CLAN_POWER_MEMBERS = 30;

export interface RankedPlayer {
  rank: number;
  /** Places moved since the last weekly snapshot (positive: up); null for a character new since. */
  change: number | null;
  /** Power now minus power at the period's start (or at the period's first entry). */
  gain: number | null;
  characterId: number;
  name: string;
  server: string;
  classId: string;
  level: number;
  power: number;
  verified: boolean;
  clan: { id: string; name: string; tag: string } | null;
}

export interface RankedClan {
  rank: number;
  change: number | null;
  gain: number | null;
  clanId: string;
  name: string;
  tag: string;
  server: string;
  power: number;
  members: number;
}

/**
 * Ranks rows already sorted best first from `offset`: the rank is the place (ties keep the sort's
 * order, by id), `change` the place at the last snapshot minus the place now, `gain` the power now
 * minus the power at the start (null when there is none to compare with).
 */
export function rankPage<T extends { power: number; previousRank: number | null; startPower: number | null }>(
  rows: readonly T[],
  offset: number,
): (Omit<T, "previousRank" | "startPower"> & { rank: number; change: number | null; gain: number | null })[] {
  return rows.map(({ previousRank, startPower, ...row }, index) => {
    const rank = offset + index + 1;
    return {
      ...row,
      rank,
      change: previousRank === null ? null : previousRank - rank,
      gain: startPower === null ? null : row.power - startPower,
    };
  });
}

/** The start of the game month (the 1st, 00:00 UTC+7) holding `at`. */
export function gameMonthStart(at: number): number {
  const shifted = new Date(at + 7 * 3_600_000);
  return Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), 1) - 7 * 3_600_000;
}

/** A character's page: `/rating?character=`. */
export function characterHref(id: number): string {
  return `/rating?character=${id}`;
}
