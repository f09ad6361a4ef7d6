/**
 * Rankings (issue 43): what a member says of a character, the rankings' query, and what they answer.
 * `rankPage` is the one place ranks, changes and gains are worked out from rows already in order.
 */
import { z } from "zod";
import { boundedText, packIdSchema } from "../schemas.ts";

export const POWER_MAX = 2_147_483_647;
export const CHARACTER_NAME_MAX = 40;
/** Rows a rankings page holds. */
export const RANKING_PAGE = 50;
/** A clan's power sums this many of its strongest members' best character on its server. */
export const CLAN_POWER_MEMBERS = 30;

export const rankingKinds = ["players", "clans", "contribution"] as const;
export type RankingKind = (typeof rankingKinds)[number];
export const rankingWindows = ["week", "month", "all"] as const;
export type RankingWindow = (typeof rankingWindows)[number];

export const characterBody = z
  .object({
    name: boundedText(CHARACTER_NAME_MAX, "name"),
    server: packIdSchema("server: a server id like suong-mai"),
    classId: packIdSchema("classId: a class id of the pack"),
    level: z.coerce.number("level: a whole number").int("level: a whole number"),
    power: z.coerce
      .number("power: a whole number from 0 to 2,147,483,647")
      .int("power: a whole number from 0 to 2,147,483,647")
      .min(0, "power: a whole number from 0 to 2,147,483,647")
      .max(POWER_MAX, "power: a whole number from 0 to 2,147,483,647"),
  })
  .strict();
export type CharacterInput = z.infer<typeof characterBody>;

export const rankingsQuery = z
  .object({
    kind: z.enum(rankingKinds, "kind: players, clans or contribution").default("players"),
    server: packIdSchema("server: a server id like suong-mai").optional(),
    classId: packIdSchema("classId: a class id of the pack").optional(),
    period: z.enum(rankingWindows, "period: week, month or all").default("week"),
    cursor: z.coerce
      .number("cursor: from nextCursor")
      .int("cursor: from nextCursor")
      .min(0, "cursor: from nextCursor")
      .max(1_000_000, "cursor: from nextCursor")
      .optional(),
  })
  .strict();
export type RankingsQuery = z.infer<typeof rankingsQuery>;

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
