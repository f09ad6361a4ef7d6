/**
 * Trending entries: what visitors opened and players starred over the last week. A view counts once
 * per visitor, entry and game day (UTC+7); a star weighs as much as a few views, since it costs the
 * player more than a glance.
 */
import { and, eq, gte, sql } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client.ts";
import { contentEntries, entryViews, favorites } from "../../db/schema/index.ts";
import { gameDayStart } from "../content/schedule.ts";
import type { PackKind } from "../../universal/content/pack-schema.ts";

const DAY_MS = 86_400_000;
export const TRENDING_DAYS = 7;
export const STAR_WEIGHT = 3;
/** Visitors remembered per instance and day to count each view once; past it, the oldest go first. */
const SEEN_LIMIT = 100_000;

/** Days since 1970-01-01 in game time. */
export const gameDay = (now: Date): number => Math.round((gameDayStart(now) + 7 * 3_600_000) / DAY_MS);

export interface TrendingEntry {
  kind: string;
  id: string;
  name: { vi: string; en: string };
  icon: string | null;
  score: number;
}

/** Counts views; remembers who was counted today (in this process) so a reload does not count again. */
export function createViewCounter(db: Database) {
  let day = -1;
  const seen = new Set<string>();
  return async function recordView(
    visitor: string,
    kind: PackKind,
    id: string,
    now = new Date(),
  ): Promise<"counted" | "repeat" | "unknown"> {
    const today = gameDay(now);
    if (today !== day) {
      day = today;
      seen.clear();
    }
    const key = `${visitor}\u0000${kind}/${id}`;
    if (seen.has(key)) return "repeat";
    const [entry] = await db
      .select({ id: contentEntries.id })
      .from(contentEntries)
      .where(and(eq(contentEntries.kind, kind), eq(contentEntries.id, id)));
    if (!entry) return "unknown";
    if (seen.size >= SEEN_LIMIT) seen.delete(seen.values().next().value as string);
    seen.add(key);
    await db
      .insert(entryViews)
      .values({ kind, entryId: id, day: today, views: 1 })
      .onConflictDoUpdate({ target: [entryViews.kind, entryViews.entryId, entryViews.day], set: { views: sql`${entryViews.views} + 1` } });
    return "counted";
  };
}

/** The week's most opened and starred entries that still exist, best first. */
export async function listTrending(db: Database, now: Date, limit = 8): Promise<TrendingEntry[]> {
  const since = gameDay(now) - (TRENDING_DAYS - 1);
  const starsSince = gameDayStart(now) - (TRENDING_DAYS - 1) * DAY_MS;
  const signals = sql`(
      select ${entryViews.kind} as kind, ${entryViews.entryId} as entry_id, sum(${entryViews.views}) as score
      from ${entryViews} where ${gte(entryViews.day, since)} group by 1, 2
    union all
      select ${favorites.kind}, ${favorites.entryId}, count(*) * ${STAR_WEIGHT}
      from ${favorites} where ${gte(favorites.createdAt, starsSince)} group by 1, 2
    )`;
  const rows = await queryRows<{ kind: string; id: string; name: { vi: string; en: string }; icon: string | null; score: number }>(
    db,
    sql`select entry.kind, entry.id, entry.data -> 'name' as name, entry.data ->> 'icon' as icon, sum(signals.score)::int as score
        from ${signals} as signals
        join ${contentEntries} as entry on entry.kind = signals.kind and entry.id = signals.entry_id
        group by entry.kind, entry.id, entry.data, entry.position
        order by score desc, entry.kind collate "C", entry.position
        limit ${limit}`,
  );
  return rows.map((row) => ({ ...row, score: Number(row.score) }));
}
