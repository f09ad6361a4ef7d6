/**
 * The stat keys of the content pack format, in its order, and how a stat reads. One list for the
 * pack schema (server) and the pages, which must not bundle the schemas.
 */
export const STAT_KEYS = [
  "hp",
  "mp",
  "attack",
  "magicAttack",
  "defense",
  "magicDefense",
  "accuracy",
  "evasion",
  "critRate",
  "critDamage",
  "attackSpeed",
  "moveSpeed",
  "hpRegen",
  "mpRegen",
  "healingPower",
  "cooldownReduction",
] as const;
export type StatKey = (typeof STAT_KEYS)[number];

/** Stats counted in whole percent points (content/README.md). */
const PERCENT_STATS: ReadonlySet<string> = new Set<StatKey>(["critRate", "critDamage", "attackSpeed", "moveSpeed", "cooldownReduction"]);

/** A stat's value as pages show it: "120", "5%". */
export function statValue(key: string, value: number, number: { format(value: number): string }): string {
  return `${number.format(value)}${PERCENT_STATS.has(key) ? "%" : ""}`;
}

/** The stats an entry has, in the format's order. */
export function statEntries(stats: Partial<Record<StatKey, number>>): [StatKey, number][] {
  return STAT_KEYS.flatMap((key) => {
    const value = stats[key];
    return typeof value === "number" ? [[key, value] as [StatKey, number]] : [];
  });
}
