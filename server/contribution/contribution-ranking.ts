/**
 * The contribution ranking: members by points this game week (Monday 00:00 UTC+7 onwards, summed
 * from the week's award rows) or all-time (their kept total). Only members the directory shows
 * (listed, named, not banned) appear; `/users` shows it and `/rating` reuses it.
 */
import { and, desc, eq, gt, gte, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { authUsers, contributionPoints, contributionTotals, profileSettings, users } from "../../db/schema/index.ts";
import { RANKING_SIZE, type RankedMember, type RankingPeriod } from "../../universal/contribution/contribution-levels.ts";
import { gameWeekStart } from "../content/schedule.ts";
import { isPublic } from "../users/directory.ts";

const memberColumns = {
  uid: users.uid,
  displayName: users.displayName,
  photoURL: users.photoURL,
  tag: users.tag,
  title: users.title,
  level: users.level,
};

/** `period`: this game week, all time, or since a moment (the rankings' month: `{since}`). */
export async function listContributionRanking(
  db: Database,
  period: RankingPeriod | { since: number },
  { limit = RANKING_SIZE, now = Date.now() }: { limit?: number; now?: number } = {},
): Promise<RankedMember[]> {
  const rows =
    period === "all"
      ? await db
          .select({ ...memberColumns, points: contributionTotals.points })
          .from(contributionTotals)
          .innerJoin(users, eq(users.uid, contributionTotals.uid))
          .innerJoin(authUsers, eq(authUsers.id, users.uid))
          .leftJoin(profileSettings, eq(profileSettings.uid, users.uid))
          .where(and(isPublic, gt(contributionTotals.points, 0)))
          .orderBy(desc(contributionTotals.points), users.uid)
          .limit(limit)
      : await weekRows(db, typeof period === "object" ? period.since : gameWeekStart(new Date(now)), limit);
  // Equal points share a rank (1, 2, 2, 4).
  let rank = 0;
  return rows.map((row, index) => {
    if (index === 0 || rows[index - 1]!.points !== row.points) rank = index + 1;
    return { rank, ...row, displayName: row.displayName ?? "" };
  });
}

function weekRows(db: Database, since: number, limit: number) {
  const week = db
    .select({ uid: contributionPoints.uid, points: sql<number>`sum(${contributionPoints.points})::int`.as("points") })
    .from(contributionPoints)
    .where(gte(contributionPoints.createdAt, since))
    .groupBy(contributionPoints.uid)
    .as("week");
  return db
    .select({ ...memberColumns, points: week.points })
    .from(week)
    .innerJoin(users, eq(users.uid, week.uid))
    .innerJoin(authUsers, eq(authUsers.id, users.uid))
    .leftJoin(profileSettings, eq(profileSettings.uid, users.uid))
    .where(and(isPublic, gt(week.points, 0)))
    .orderBy(desc(week.points), users.uid)
    .limit(limit);
}
