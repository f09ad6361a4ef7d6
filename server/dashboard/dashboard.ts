/**
 * The admin dashboard (issue 44): a day's activity counted once into a roll-up (`dashboard_days`),
 * so the page reads at most 90 rows, whatever a year holds.
 *
 * A job every process runs each minute counts today and yesterday again from the features' own
 * tables, by their `created_at` indexes (a day's rows, never a year's), and counts, once, any day of
 * the last 90 the roll-up lacks (a new site, or a site that was down over midnight). What it writes is
 * the same whoever writes it, so several processes may run it at once. Members active today and this
 * week come from `member_activity`: each process writes a member's first signed-in request of the
 * day once (`ActivityTracker`), and the job keeps only the current day and week of it.
 */
import { and, asc, gte, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { queryRows } from "../../db/client.ts";
import { dashboardDays, memberActivity } from "../../db/schema/index.ts";
import type { Dashboard, DashboardDay, DashboardRange } from "../../universal/dashboard/dashboard-limits.ts";
import { DAY_MS, GAME_OFFSET_MS, gameDate, gameDateStart, gameWeek } from "../../universal/game-time.ts";
import type { Logger } from "../logger.ts";
import { startSweep } from "../sweep.ts";

/** The days the job makes sure the roll-up holds (the longest range the dashboard draws). */
export const ROLL_UP_DAYS = 90;
/** How often each process counts today again: the dashboard's figures are at most this old. */
export const ROLL_UP_EVERY_MS = 60_000;
/** Members one process remembers having written today; past it, it forgets and lets the database dedupe. */
export const ACTIVITY_MEMORY_MAX = 200_000;

type Counted = Omit<DashboardDay, "date" | "activeMembers">;

/** Each figure: the table, the instant column, and what else a row must be. */
const SOURCES = {
  signUps: { table: "users", column: "created_at", where: sql`true` },
  posts: { table: "posts", column: "created_at", where: sql`true` },
  chatMessages: { table: "chat_messages", column: "created_at", where: sql`true` },
  offersOpened: { table: "offers", column: "created_at", where: sql`true` },
  offersCompleted: { table: "offers", column: "completed_at", where: sql`completed_at is not null` },
  reports: { table: "report_reporters", column: "created_at", where: sql`true` },
} as const;

const dayPeriod = (day: string) => `d:${day}`;
const weekPeriod = (day: string) => `w:${gameWeek(gameDateStart(day))}`;
const shiftDay = (day: string, days: number) => gameDate(gameDateStart(day) + days * DAY_MS);

const emptyCounts = (): Counted => ({
  signUps: 0,
  signIns: { vi: 0, "en-US": 0 },
  posts: 0,
  chatMessages: 0,
  offersOpened: 0,
  offersCompleted: 0,
  reports: 0,
});

/** The game days from `from` to `to`, both included. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = gameDateStart(from); at <= gameDateStart(to); at += DAY_MS) days.push(gameDate(at));
  return days;
}

/**
 * Counts the game days `from`…`to` (both included) from the features' tables, one grouped query a
 * figure over the range's rows, and writes them into the roll-up (members active are the job's own
 * business: `refreshActive`). Returns the days written.
 */
export async function rollUpDays(db: Database, from: string, to: string, now = Date.now()): Promise<number> {
  const start = gameDateStart(from);
  const end = gameDateStart(to) + DAY_MS;
  const counts = new Map(daysBetween(from, to).map((day) => [day, emptyCounts()]));
  const dayOf = (column: string) => sql.raw(`floor((${column} + ${GAME_OFFSET_MS}) / ${DAY_MS})::int`);
  const dateOf = (dayNumber: number) => new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
  for (const [figure, source] of Object.entries(SOURCES) as [keyof typeof SOURCES, (typeof SOURCES)[keyof typeof SOURCES]][]) {
    const rows = await queryRows<{ day: number; n: number }>(
      db,
      sql`select ${dayOf(source.column)} as day, count(*)::int as n from ${sql.raw(source.table)}
        where ${sql.raw(source.column)} >= ${start} and ${sql.raw(source.column)} < ${end} and ${source.where}
        group by 1`,
    );
    for (const row of rows) {
      const day = counts.get(dateOf(Number(row.day)));
      if (day) day[figure] = Number(row.n);
    }
  }
  // Sign-ins: the login event the app sends on signing in, by the language it was made in.
  const signIns = await queryRows<{ day: number; english: boolean; n: number }>(
    db,
    sql`select ${dayOf("created_at")} as day, coalesce(params->>'language', '') like 'en%' as english, count(*)::int as n
      from analytics_events where name = 'login' and created_at >= ${start} and created_at < ${end}
      group by 1, 2`,
  );
  for (const row of signIns) {
    const day = counts.get(dateOf(Number(row.day)));
    if (day) day.signIns[row.english ? "en-US" : "vi"] += Number(row.n);
  }
  const values = [...counts].map(([day, count]) => ({
    day,
    signUps: count.signUps,
    signInsVi: count.signIns.vi,
    signInsEn: count.signIns["en-US"],
    posts: count.posts,
    chatMessages: count.chatMessages,
    offersOpened: count.offersOpened,
    offersCompleted: count.offersCompleted,
    reports: count.reports,
    updatedAt: now,
  }));
  if (values.length === 0) return 0;
  await db
    .insert(dashboardDays)
    .values(values)
    .onConflictDoUpdate({
      target: dashboardDays.day,
      set: {
        signUps: sql`excluded.sign_ups`,
        signInsVi: sql`excluded.sign_ins_vi`,
        signInsEn: sql`excluded.sign_ins_en`,
        posts: sql`excluded.posts`,
        chatMessages: sql`excluded.chat_messages`,
        offersOpened: sql`excluded.offers_opened`,
        offersCompleted: sql`excluded.offers_completed`,
        reports: sql`excluded.reports`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
  return values.length;
}

/**
 * Writes the members active on each of `days` and in its week up to it (the job: today and
 * yesterday), from one count of their periods' rows.
 */
async function refreshActive(db: Database, days: string[]): Promise<void> {
  const periods = [...new Set(days.flatMap((day) => [dayPeriod(day), weekPeriod(day)]))];
  const rows = await queryRows<{ period: string; n: number }>(
    db,
    sql`select period, count(*)::int as n from member_activity where period in (${sql.join(periods, sql`, `)}) group by period`,
  );
  const count = (period: string) => Number(rows.find((row) => row.period === period)?.n ?? 0);
  for (const day of days) {
    await db
      .update(dashboardDays)
      .set({ activeMembers: count(dayPeriod(day)), activeWeek: count(weekPeriod(day)) })
      .where(sql`${dashboardDays.day} = ${day}`);
  }
}

/**
 * The job's one run: today and yesterday counted again (yesterday's last minutes are closed this
 * way), any missing day of the last 90 counted once, and member activity older than the current day
 * and week (and yesterday, until it is closed) forgotten. Returns how many missing days it counted.
 */
export async function refreshDashboard(db: Database, now = Date.now()): Promise<number> {
  const today = gameDate(now);
  const yesterday = shiftDay(today, -1);
  const first = shiftDay(today, -(ROLL_UP_DAYS - 1));
  const held = await db
    .select({ day: dashboardDays.day })
    .from(dashboardDays)
    .where(and(gte(dashboardDays.day, first), lte(dashboardDays.day, shiftDay(today, -2))));
  const have = new Set(held.map((row) => row.day));
  const missing = daysBetween(first, shiftDay(today, -2)).filter((day) => !have.has(day));
  if (missing.length > 0) await rollUpDays(db, missing[0]!, missing.at(-1)!, now);
  await rollUpDays(db, yesterday, today, now);
  await refreshActive(db, [yesterday, today]);
  // Only the current day and week are counted from here on (yesterday's day and week until closed):
  // older periods sort before them, so the key's index finds them without reading the kept rows.
  await queryRows(
    db,
    sql`delete from member_activity where (period >= 'd:' and period < ${dayPeriod(yesterday)})
      or (period >= 'w:' and period < ${weekPeriod(yesterday)})`,
  );
  return missing.length;
}

/** The dashboard for the last `days` game days, today included (a day the roll-up lacks is zeros). */
export async function readDashboard(db: Database, days: DashboardRange, now = Date.now()): Promise<Dashboard> {
  const today = gameDate(now);
  const first = shiftDay(today, -(days - 1));
  const rows = await db
    .select()
    .from(dashboardDays)
    .where(and(gte(dashboardDays.day, first), lte(dashboardDays.day, today)))
    .orderBy(asc(dashboardDays.day));
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const todayRow = byDay.get(today);
  return {
    days: daysBetween(first, today).map((date) => {
      const row = byDay.get(date);
      return {
        date,
        signUps: row?.signUps ?? 0,
        signIns: { vi: row?.signInsVi ?? 0, "en-US": row?.signInsEn ?? 0 },
        posts: row?.posts ?? 0,
        chatMessages: row?.chatMessages ?? 0,
        offersOpened: row?.offersOpened ?? 0,
        offersCompleted: row?.offersCompleted ?? 0,
        reports: row?.reports ?? 0,
        activeMembers: row?.activeMembers ?? 0,
      };
    }),
    activeToday: todayRow?.activeMembers ?? 0,
    activeThisWeek: todayRow?.activeWeek ?? 0,
    updatedAt: todayRow?.updatedAt ?? null,
  };
}

/** Writes a member's first signed-in request of the game day (and so of the week), once per process. */
export interface ActivityTracker {
  seen(uid: string, now?: number): void;
  /** Resolves when the writes started so far are done (tests, shutdown). */
  settled(): Promise<void>;
}

export function activityTracker(db: Database, logger: Pick<Logger, "warn">): ActivityTracker {
  let day = "";
  const written = new Set<string>();
  const pending = new Set<Promise<void>>();
  return {
    seen(uid, now = Date.now()) {
      const today = gameDate(now);
      if (today !== day || written.size >= ACTIVITY_MEMORY_MAX) {
        day = today;
        written.clear();
      }
      if (written.has(uid)) return;
      written.add(uid);
      const write = db
        .insert(memberActivity)
        .values([
          { period: dayPeriod(today), uid },
          { period: weekPeriod(today), uid },
        ])
        .onConflictDoNothing()
        .then(() => undefined)
        .catch((error: unknown) => {
          // Written again on the member's next request.
          written.delete(uid);
          logger.warn("member activity: not written", { error });
        })
        .finally(() => pending.delete(write));
      pending.add(write);
    },
    async settled() {
      await Promise.all([...pending]);
    },
  };
}

/** The roll-up job (boot.ts): each minute, on every process. */
export function startDashboardRollUp(db: Database, logger: Logger, everyMs = ROLL_UP_EVERY_MS): () => void {
  return startSweep("dashboard roll-up: missing days counted", () => refreshDashboard(db), logger, everyMs);
}
