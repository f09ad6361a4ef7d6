import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client.ts";

export interface RateRule {
  /** Seconds. */
  window: number;
  max: number;
}

/** The API's request buckets (sign-in has its own, in better-auth's settings). */
export const RATE_RULES = {
  /** Writes to the API per signed-in account (or per address): generous for people, a wall for scripts. */
  write: { window: 60, max: 60 },
  /** The public data API's structured queries are reads sent by POST: their own, larger budget per address. */
  query: { window: 60, max: 300 },
  /**
   * Name searches (the app-bar search, `/api/v1/search`, list pages' `?q=`), per account or address:
   * a person typing stays far below it; a script hammering the database does not.
   */
  search: { window: 60, max: 300 },
  /** Page-view counts, one per page a visitor opens, per address. */
  view: { window: 60, max: 120 },
} satisfies Record<string, RateRule>;

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window frees up, when refused. */
  retryAfter: number | null;
}

/**
 * Counts one request against `key` and decides, in one atomic statement, so concurrent requests
 * and several processes cannot slip past the limit. Stored in the database: limits survive restarts.
 */
export async function consumeRateLimit(db: Database, key: string, rule: RateRule, now = Date.now()): Promise<RateDecision> {
  const windowMs = rule.window * 1000;
  const [row] = await queryRows<{ count: number | string; window_start: number | string }>(
    db,
    sql`insert into rate_limits (key, count, window_start) values (${key}, 1, ${now})
        on conflict (key) do update set
          count = case when rate_limits.window_start <= ${now - windowMs} then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= ${now - windowMs} then ${now} else rate_limits.window_start end
        returning count, window_start`,
  );
  const count = Number(row?.count ?? 1);
  const windowStart = Number(row?.window_start ?? now);
  if (count <= rule.max) return { allowed: true, retryAfter: null };
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
}

/**
 * Whether `key` has room for one more request now, without counting one: a route that takes files
 * asks before reading them, then counts (`consumeRateLimit`) once they are read.
 */
export async function peekRateLimit(db: Database, key: string, rule: RateRule, now = Date.now()): Promise<RateDecision> {
  const windowMs = rule.window * 1000;
  const [row] = await queryRows<{ count: number | string; window_start: number | string }>(
    db,
    sql`select count, window_start from rate_limits where key = ${key}`,
  );
  const windowStart = Number(row?.window_start ?? now);
  if (!row || windowStart <= now - windowMs || Number(row.count) < rule.max) return { allowed: true, retryAfter: null };
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
}
