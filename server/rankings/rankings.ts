/**
 * The rankings (issue 43, `GET /api/rankings`): characters by power (on the whole, on a server, in a
 * class), clans by power, and the contribution ranking. A submission ranks at once (the latest numbers
 * are one indexed row per character); `change` compares with the last weekly snapshot and `gain` with
 * the numbers at the period's start. Weekly snapshots are written once per game week, however many
 * processes run (the week's row decides who writes it; the snapshot's keys refuse a second copy).
 */
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client.ts";
import type { RankedMember } from "../../universal/contribution/contribution-levels.ts";
import {
  gameMonthStart,
  RANKING_PAGE,
  rankPage,
  type RankedClan,
  type RankedPlayer,
  type RankingsQuery,
  type RankingWindow,
} from "../../universal/rankings/ranking-schemas.ts";
import { gameWeekStart } from "../content/schedule.ts";
import { listContributionRanking } from "../contribution/contribution-ranking.ts";
import { publishPagesChanged } from "../delivery/page-changes.ts";
import type { Logger } from "../logger.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { startSweep } from "../sweep.ts";

export type RankingsAnswer =
  | { kind: "players"; data: RankedPlayer[]; nextCursor: number | null }
  | { kind: "clans"; data: RankedClan[]; nextCursor: number | null }
  | { kind: "contribution"; data: RankedMember[]; nextCursor: null };

/** When the period began: this game week's Monday, this game month's 1st, or never (all time). */
export function periodStart(period: RankingWindow, now: number): number | null {
  if (period === "week") return gameWeekStart(new Date(now));
  if (period === "month") return gameMonthStart(now);
  return null;
}

const lastSnapshotWeek = sql`(select max(week_start) from ranking_weeks)`;

/** Characters by power, a page at a time. */
export async function rankPlayers(
  db: Database,
  query: RankingsQuery,
  now = Date.now(),
): Promise<{ data: RankedPlayer[]; nextCursor: number | null }> {
  const offset = query.cursor ?? 0;
  const start = periodStart(query.period, now);
  const scope: SQL[] = [];
  if (query.server) scope.push(sql`p.server = ${query.server}`);
  if (query.classId) scope.push(sql`p.class_id = ${query.classId}`);
  const previous =
    query.server && query.classId
      ? sql`s.server_class_rank`
      : query.server
        ? sql`s.server_rank`
        : query.classId
          ? sql`s.class_rank`
          : sql`s.rank`;
  // The power the gain counts from: the last entry at or before the period's start, else the period's first.
  const startPower =
    start === null
      ? sql`(select cs.power from character_stats cs where cs.claim_id = p.claim_id order by cs.at, cs.id limit 1)`
      : sql`coalesce(
          (select cs.power from character_stats cs where cs.claim_id = p.claim_id and cs.at <= ${start} order by cs.at desc, cs.id desc limit 1),
          (select cs.power from character_stats cs where cs.claim_id = p.claim_id and cs.at > ${start} order by cs.at, cs.id limit 1))`;
  const rows = await queryRows<{
    claim_id: string | number;
    name: string;
    server: string;
    class_id: string;
    level: number;
    power: string | number;
    verified: boolean;
    previous_rank: number | null;
    start_power: string | number | null;
    clan_id: string | null;
    clan_name: string | null;
    clan_tag: string | null;
  }>(
    db,
    sql`select p.claim_id, p.name, p.server, p.class_id, p.level, p.power, p.verified,
          ${previous} as previous_rank, ${startPower} as start_power,
          c.id as clan_id, c.name as clan_name, c.tag as clan_tag
        from (
          -- The page's characters first, from the index alone: what follows is read for these rows only.
          select p.claim_id from character_power p
          ${scope.length > 0 ? sql`where ${sql.join(scope, sql` and `)}` : sql``}
          order by p.power desc nulls last, p.claim_id
          limit ${RANKING_PAGE + 1} offset ${offset}
        ) page
        join character_power p on p.claim_id = page.claim_id
        left join ranking_snapshots s on s.claim_id = p.claim_id and s.week_start = ${lastSnapshotWeek}
        left join clan_members m on m.uid = p.uid and m.server = p.server
        left join clans c on c.id = m.clan_id and c.hidden_at is null
        order by p.power desc nulls last, p.claim_id`,
  );
  const page = rankPage(
    rows.slice(0, RANKING_PAGE).map((row) => ({
      characterId: Number(row.claim_id),
      name: row.name,
      server: row.server,
      classId: row.class_id,
      level: row.level,
      power: Number(row.power),
      verified: row.verified,
      clan: row.clan_id ? { id: row.clan_id, name: row.clan_name ?? "", tag: row.clan_tag ?? "" } : null,
      previousRank: row.previous_rank === null ? null : Number(row.previous_rank),
      startPower: row.start_power === null ? null : Number(row.start_power),
    })),
    offset,
  );
  return {
    data: page.map(({ rank, change, gain, ...player }) => ({ rank, change, gain, ...player })),
    nextCursor: rows.length > RANKING_PAGE ? offset + RANKING_PAGE : null,
  };
}

/** Clans by power, a page at a time (a clan none of whose members has a character on its server is not ranked). */
export async function rankClans(
  db: Database,
  query: RankingsQuery,
  now = Date.now(),
): Promise<{ data: RankedClan[]; nextCursor: number | null }> {
  const offset = query.cursor ?? 0;
  const start = periodStart(query.period, now);
  const previous = query.server ? sql`s.server_rank` : sql`s.rank`;
  // The power the gain counts from: the first snapshot in the period (clans keep no other history).
  const startPower = sql`(select cs.power from clan_snapshots cs where cs.clan_id = c.id ${start === null ? sql`` : sql`and cs.week_start >= ${start}`}
    order by cs.week_start limit 1)`;
  const rows = await queryRows<{
    id: string;
    name: string;
    tag: string;
    server: string;
    power: string | number;
    members: number;
    previous_rank: number | null;
    start_power: string | number | null;
  }>(
    db,
    sql`select c.id, c.name, c.tag, c.server, c.power,
          (select count(*)::int from clan_members m where m.clan_id = c.id) as members,
          ${previous} as previous_rank, ${startPower} as start_power
        from (
          select c.id from clans c
          where c.hidden_at is null and c.power is not null ${query.server ? sql`and c.server = ${query.server}` : sql``}
          order by c.power desc nulls last, c.id
          limit ${RANKING_PAGE + 1} offset ${offset}
        ) page
        join clans c on c.id = page.id
        left join clan_snapshots s on s.clan_id = c.id and s.week_start = ${lastSnapshotWeek}
        order by c.power desc nulls last, c.id`,
  );
  const page = rankPage(
    rows.slice(0, RANKING_PAGE).map((row) => ({
      clanId: row.id,
      name: row.name,
      tag: row.tag,
      server: row.server,
      power: Number(row.power),
      members: Number(row.members),
      previousRank: row.previous_rank === null ? null : Number(row.previous_rank),
      startPower: row.start_power === null ? null : Number(row.start_power),
    })),
    offset,
  );
  return {
    data: page.map(({ rank, change, gain, ...clan }) => ({ rank, change, gain, ...clan })),
    nextCursor: rows.length > RANKING_PAGE ? offset + RANKING_PAGE : null,
  };
}

export async function rankings(db: Database, query: RankingsQuery, now = Date.now()): Promise<RankingsAnswer> {
  if (query.kind === "clans") return { kind: "clans", ...(await rankClans(db, query, now)) };
  if (query.kind === "contribution") {
    const since = periodStart(query.period, now);
    return { kind: "contribution", data: await listContributionRanking(db, since === null ? "all" : { since }, { now }), nextCursor: null };
  }
  return { kind: "players", ...(await rankPlayers(db, query, now)) };
}

/**
 * Takes this game week's snapshot if no process has: the week's row is written first (`on conflict do
 * nothing`); only the transaction that wrote it writes the characters' and clans' ranks, and their
 * keys (week and character, week and clan) would refuse a second copy anyway. Returns the rows written.
 */
export async function takeWeeklySnapshot(db: Database, now = Date.now()): Promise<number> {
  const week = gameWeekStart(new Date(now));
  return db.transaction(async (tx) => {
    const [taken] = await queryRows<{ week_start: string }>(
      tx,
      sql`insert into ranking_weeks (week_start, taken_at) values (${week}, ${now}) on conflict do nothing returning week_start`,
    );
    if (!taken) return 0;
    const characters = await queryRows<{ claim_id: string }>(
      tx,
      sql`insert into ranking_snapshots (week_start, claim_id, power, rank, server_rank, class_rank, server_class_rank)
          select ${week}, claim_id, power,
            row_number() over (order by power desc, claim_id),
            row_number() over (partition by server order by power desc, claim_id),
            row_number() over (partition by class_id order by power desc, claim_id),
            row_number() over (partition by server, class_id order by power desc, claim_id)
          from character_power
          on conflict do nothing
          returning claim_id`,
    );
    const clanRows = await queryRows<{ clan_id: string }>(
      tx,
      sql`insert into clan_snapshots (week_start, clan_id, power, rank, server_rank)
          select ${week}, id, power,
            row_number() over (order by power desc, id),
            row_number() over (partition by server order by power desc, id)
          from clans where power is not null and hidden_at is null
          on conflict do nothing
          returning clan_id`,
    );
    return characters.length + clanRows.length;
  });
}

/** Checks every minute whether this game week's snapshot is taken (so it is, within a minute of Monday 00:00 UTC+7). */
export function startRankingSnapshots(db: Database, hub: RealtimeHub, logger: Logger, everyMs = 60_000): () => void {
  return startSweep(
    "weekly ranking snapshot",
    async () => {
      const written = await takeWeeklySnapshot(db);
      // A new week's changes are on the rankings visitors see.
      if (written > 0) publishPagesChanged(hub, ["/rating"]);
      return written;
    },
    logger,
    everyMs,
  );
}
