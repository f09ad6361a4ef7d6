/** One row of the XP table: XP to go from `level` to the next (null at the cap). */
export interface XpRow {
  level: number;
  xpToNext: number | null;
}

export interface LevelPlan {
  /** XP still needed from level A (with `percent` of it done) to reach level B. */
  xpNeeded: number;
  /** Hours at `xpPerHour`, or null when no rate is given. */
  hours: number | null;
}

/** Cumulative XP to reach each level from level 1: cumulative[n] = XP from 1 to n. */
export function cumulativeXp(rows: readonly XpRow[]): Map<number, number> {
  const sorted = [...rows].sort((a, b) => a.level - b.level);
  const total = new Map<number, number>();
  let sum = 0;
  for (const row of sorted) {
    total.set(row.level, sum);
    sum += row.xpToNext ?? 0;
  }
  return total;
}

/**
 * From level `from` with `percent` (0–100) of its bar filled, to level `to`: XP and time.
 * Levels outside the table, or `to` not above `from`, give zero.
 */
export function planLevels(rows: readonly XpRow[], from: number, percent: number, to: number, xpPerHour?: number): LevelPlan {
  const total = cumulativeXp(rows);
  const start = total.get(from);
  const end = total.get(to);
  if (start === undefined || end === undefined || to <= from) return { xpNeeded: 0, hours: xpPerHour ? 0 : null };
  const bar = rows.find((row) => row.level === from)?.xpToNext ?? 0;
  const done = Math.floor((bar * Math.min(100, Math.max(0, percent))) / 100);
  const xpNeeded = Math.max(0, end - start - done);
  return { xpNeeded, hours: xpPerHour && xpPerHour > 0 ? xpNeeded / xpPerHour : null };
}
