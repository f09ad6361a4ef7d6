/**
 * Ceilings on what one account may keep (ASVS 2.1.x / OWASP "unrestricted resource consumption"):
 * notes, bag entries, guide drafts, open offers, price alerts, and reports filed per day. Each is a
 * setting (server/config.ts, README's configuration table) far above what a heavy player keeps.
 *
 * A create counts inside its own transaction after taking a lock per account and quota
 * (`holdQuota`), so concurrent creates, on any process, cannot pass the ceiling together. Past a
 * ceiling the answer is 409 `quota-exceeded`; past the per-day one, 429 `resource-exhausted` with
 * `Retry-After`. Both carry `details: {reason: "quota", quota, limit}` so the client says the limit
 * in the reader's language.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { configSchema, type Config } from "./config.ts";
import { AppError } from "./errors.ts";

export type QuotaName = "notes" | "bag-entries" | "guide-drafts" | "open-offers" | "price-alerts" | "reports-per-day";

export type Quotas = Record<QuotaName, number>;

export function quotasOf(
  config: Pick<Config, "NOTES_MAX" | "BAG_ENTRIES_MAX" | "GUIDE_DRAFTS_MAX" | "OPEN_OFFERS_MAX" | "PRICE_ALERTS_MAX" | "REPORTS_PER_DAY">,
): Quotas {
  return {
    notes: config.NOTES_MAX,
    "bag-entries": config.BAG_ENTRIES_MAX,
    "guide-drafts": config.GUIDE_DRAFTS_MAX,
    "open-offers": config.OPEN_OFFERS_MAX,
    "price-alerts": config.PRICE_ALERTS_MAX,
    "reports-per-day": config.REPORTS_PER_DAY,
  };
}

/** The settings' defaults: what a domain function uses when its caller names no ceiling. */
export const DEFAULT_QUOTAS: Quotas = quotasOf(configSchema.parse({}));

const WHAT: Record<QuotaName, string> = {
  notes: "notes",
  "bag-entries": "bag entries",
  "guide-drafts": "unpublished guides",
  "open-offers": "open offers",
  "price-alerts": "price alerts",
  "reports-per-day": "reports a day",
};

/** The refusal past a ceiling (per day: with the seconds until a slot frees up). */
export function quotaExceeded(quota: QuotaName, limit: number, retryAfter?: number): AppError {
  const details = { reason: "quota", quota, limit };
  if (quota === "reports-per-day")
    return new AppError("resource-exhausted", `At most ${limit} ${WHAT[quota]}. Try again later.`, {
      ...details,
      retryAfter: Math.max(1, retryAfter ?? 3600),
    });
  return new AppError("quota-exceeded", `At most ${limit} ${WHAT[quota]}: delete some first.`, details);
}

/**
 * Takes the account's lock for `quota` until the transaction ends, then refuses when `count()` (run
 * under the lock, in `tx`) and the `adding` new ones would pass `limit`. Call it in the transaction
 * that inserts, before the insert.
 */
export async function holdQuota(
  tx: Database,
  uid: string,
  quota: QuotaName,
  limit: number,
  count: () => Promise<number>,
  adding = 1,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`quota:${quota}:${uid}`}))`);
  if ((await count()) + adding > limit) throw quotaExceeded(quota, limit);
}
