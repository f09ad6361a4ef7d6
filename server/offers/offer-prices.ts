/**
 * Market prices from completed trades: an offer counts at its unit price, weighted by nothing, the
 * moment both sides confirm it (`completed_at`). The bag values entries with `medianUnitPrices`;
 * the item page draws the history from the same rows.
 */
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { offers } from "../../db/schema/index.ts";

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
