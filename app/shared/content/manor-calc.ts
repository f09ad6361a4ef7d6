/**
 * Manor upgrade costs: what it takes to raise a manor from one level to another, and a building
 * from one of its levels to another. Pure, so the page recomputes in the browser as inputs change.
 */

export interface Stack {
  item: string;
  quantity: number;
}

export interface UpgradeCost {
  gold: number;
  hours: number;
  /** Summed per item, in the order each item first appears. */
  materials: Stack[];
}

/** A manor level row: `upgradeCost` is the cost of reaching it from the level below (absent at level 1). */
export interface ManorLevelCost {
  level: number;
  upgradeCost?: UpgradeCost | undefined;
}

export const NO_COST: UpgradeCost = { gold: 0, hours: 0, materials: [] };

/** The sum of several costs; materials of the same item are added together. */
export function addCosts(...costs: readonly UpgradeCost[]): UpgradeCost {
  const materials = new Map<string, number>();
  let gold = 0;
  let hours = 0;
  for (const cost of costs) {
    gold += cost.gold;
    hours += cost.hours;
    for (const stack of cost.materials) materials.set(stack.item, (materials.get(stack.item) ?? 0) + stack.quantity);
  }
  return { gold, hours, materials: [...materials].map(([item, quantity]) => ({ item, quantity })) };
}

/** From manor level `from` to `to`: every level above `from` up to `to`. Nothing when `to` ≤ `from`. */
export function manorUpgradeCost(levels: readonly ManorLevelCost[], from: number, to: number): UpgradeCost {
  const steps = [...levels]
    .filter((row) => row.level > from && row.level <= to)
    .sort((a, b) => a.level - b.level)
    .map((row) => row.upgradeCost ?? NO_COST);
  return addCosts(...steps);
}

/**
 * From building level `from` (0 = not built yet) to `to`: `levels[0]` builds it (level 1),
 * `levels[n]` raises it to level n + 1. Levels beyond the table cost nothing (they do not exist).
 */
export function buildingUpgradeCost(levels: readonly UpgradeCost[], from: number, to: number): UpgradeCost {
  const start = Math.max(0, Math.floor(from));
  const end = Math.min(levels.length, Math.floor(to));
  return addCosts(...levels.slice(start, Math.max(start, end)));
}

/** A whole number from a URL parameter, kept between `low` and `high` (`fallback` when absent or not a number). */
export function clampLevel(value: string | null, low: number, high: number, fallback: number): number {
  const number = value === null || value.trim() === "" ? Number.NaN : Number(value);
  const picked = Number.isFinite(number) ? Math.floor(number) : fallback;
  return Math.min(high, Math.max(low, picked));
}
