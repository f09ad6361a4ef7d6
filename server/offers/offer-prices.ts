/**
 * Market prices from completed trades: an offer counts at its unit price, weighted by nothing, the
 * moment both sides confirm it (`completed_at`). The bag values entries with `medianUnitPrices`;
 * the item page draws the history from the same rows.
 */
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { offers } from "../../db/schema/index.ts";
import { GAME_OFFSET_MS } from "../../universal/game-time.ts";

export const DAY_MS = 86_400_000;

/** The window the bag and the craft-or-buy comparison price items over. */
export const VALUE_WINDOW_MS = 90 * DAY_MS;

/**
 * The median unit price of each item's completed trades since `sinceMs` (both sides, every server);
 * items without a completed trade in the window are absent from the map.
 */
export async function medianUnitPrices(db: Database, itemIds: readonly string[], sinceMs: number): Promise<Map<string, number>> {
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ itemId: offers.itemId, median: sql<string | number>`percentile_cont(0.5) within group (order by ${offers.unitPrice})` })
    .from(offers)
    .where(and(eq(offers.status, "completed"), gte(offers.completedAt, sinceMs), inArray(offers.itemId, ids)))
    .groupBy(offers.itemId);
  return new Map(rows.map((row) => [row.itemId, Math.round(Number(row.median))]));
}

/** The price history's windows and bucket sizes: hourly over 48 hours, daily over 90 days. */
export const PRICE_RANGES = {
  "48h": { windowMs: 2 * DAY_MS, bucketMs: 3_600_000 },
  "90d": { windowMs: 90 * DAY_MS, bucketMs: DAY_MS },
} as const;

export interface PriceBucketRow {
  t: number;
  median: number;
  min: number;
  max: number;
  volume: number;
}

/**
 * An item's completed trades in buckets (game-time hours or days, UTC+7; `t` each bucket's start): the median,
 * lowest and highest unit price, and the quantity traded. Buckets without a trade are absent.
 */
export async function priceHistory(
  db: Database,
  itemId: string,
  range: keyof typeof PRICE_RANGES,
  now = Date.now(),
): Promise<PriceBucketRow[]> {
  const { windowMs, bucketMs } = PRICE_RANGES[range];
  const since = Math.floor((now - windowMs + GAME_OFFSET_MS) / bucketMs) * bucketMs - GAME_OFFSET_MS;
  // Constants of this module, written into the statement so the select and the group by are the same expression.
  const size = sql.raw(String(bucketMs));
  const offset = sql.raw(String(GAME_OFFSET_MS));
  const bucket = sql<string | number>`((${offers.completedAt} + ${offset}) / ${size}) * ${size} - ${offset}`;
  const rows = await db
    .select({
      t: bucket,
      median: sql<string | number>`percentile_cont(0.5) within group (order by ${offers.unitPrice})`,
      min: sql<string | number>`min(${offers.unitPrice})`,
      max: sql<string | number>`max(${offers.unitPrice})`,
      volume: sql<string | number>`sum(${offers.quantity})`,
    })
    .from(offers)
    .where(and(eq(offers.status, "completed"), eq(offers.itemId, itemId), gte(offers.completedAt, since)))
    .groupBy(bucket)
    .orderBy(bucket);
  return rows.map((row) => ({
    t: Number(row.t),
    median: Math.round(Number(row.median)),
    min: Number(row.min),
    max: Number(row.max),
    volume: Number(row.volume),
  }));
}
