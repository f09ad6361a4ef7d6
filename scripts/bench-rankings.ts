/**
 * The rankings' budget (issue 43): every rankings query answers with p95 ≤ 20 ms over 100,000
 * characters (three entries of history each) and 5,000 clans, timed in-process through the server
 * functions `GET /api/rankings` and `/rating` call, on PGlite in memory and, when
 * `BENCH_DATABASE_URL` names a server, on PostgreSQL too (a scratch database, created and dropped).
 *
 * The seed is generated in SQL from the row number (`generate_series`), so it is the same data on
 * both databases: 20,000 members with a character on each of five servers, every member in one of
 * 1,000 clans per server, a snapshot of last week and one of this week.
 *
 * Then the page: `/rating` (the players' ranking, as a visitor opens it) served by the production server
 * over that seed, against the item catalog (`/equipments-items`) in the same run, in interleaved pairs:
 * its requests per second are at least half the catalog's (median of 3 pairs).
 *
 * `npm run bench` runs it inside its run; `node scripts/bench-rankings.ts` runs it alone.
 * `BENCH_RANKINGS_CHARACTERS` sizes the seed (default 100,000).
 */
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows, type Database } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { rankings, takeWeeklySnapshot } from "../server/rankings/rankings.ts";
import { RANKING_PAGE, rankingsQuery, type RankingsQuery } from "../universal/rankings/ranking-schemas.ts";
import { OFFERS_QUERY_BUDGET_P95_MS, percentile, queryBudgetVerdict, type QueryBudgetVerdict, type TimedQuery } from "./bench-budgets.ts";
import { openBenchDatabase } from "./bench-community.ts";
import { positiveIntFromEnv } from "./bench-env.ts";
import { printTable } from "./bench-table.ts";
import { measureSeededApp } from "./bench-servers.ts";
import { measure, type Load } from "./bench-throughput.ts";

/** The same budget as the offers' queries: 20 ms at the 95th percentile. */
export const RANKINGS_QUERY_BUDGET_P95_MS = OFFERS_QUERY_BUDGET_P95_MS;
const SERVERS = ["suong-mai", "bach-hac", "hoa-phuong", "thanh-truc", "cloudfall-global"];
const CLASSES = ["swordsman", "archer", "mage", "healer", "assassin"];
const CLANS_PER_SERVER = 1_000;
const WARMUP_ROUNDS = 3;
const ROUNDS = 40;
const WEEK_MS = 7 * 24 * 3_600_000;

const count = (value: number) => value.toLocaleString("en-US");
const verdict = (pass: boolean) => (pass ? "PASS" : "FAIL");

/** Seeds `characters` characters (a fifth as many members, one character per server each) and 1,000 clans per server. */
export async function seedRankings(db: Database, characters: number, now = Date.now()): Promise<{ clans: number }> {
  const members = Math.ceil(characters / SERVERS.length);
  const servers = sql.raw(`array[${SERVERS.map((server) => `'${server}'`).join(",")}]`);
  const classes = sql.raw(`array[${CLASSES.map((each) => `'${each}'`).join(",")}]`);
  await db.execute(sql`insert into auth_users (id, name, email) select 'rank-m' || n, 'Thành viên ' || n, 'rank-m' || n || '@example.vn'
    from generate_series(1, ${members}) n`);
  await db.execute(sql`insert into users (uid, display_name, created_at) select 'rank-m' || n, 'Thành viên ' || n, ${now}
    from generate_series(1, ${members}) n`);
  // Character n: member (n - 1) / 5 + 1, on server (n - 1) % 5; its power spread by a hash of n.
  await db.execute(sql`insert into character_claims (id, uid, name, server, status, code, created_at)
    select n, 'rank-m' || ((n - 1) / ${SERVERS.length} + 1), 'Nhân Vật ' || n, (${servers})[(n - 1) % ${SERVERS.length} + 1],
      case when n % 3 = 0 then 'verified' else 'pending' end, 'LV-' || n, ${now - 60 * 24 * 3_600_000}
    from generate_series(1, ${characters}) n`);
  await db.execute(sql`select setval(pg_get_serial_sequence('character_claims', 'id'), ${characters})`);
  // Three entries each: 40, 20 and 2 days ago, the power growing.
  await db.execute(sql`insert into character_stats (claim_id, class_id, level, power, at)
    select n, (${classes})[n % ${CLASSES.length} + 1], 30 + (abs(hashtext(n::text)) % 40) + k,
      (abs(hashtext('p' || n)) % 2000000) + k * (abs(hashtext('g' || n)) % 50000),
      ${now} - (case k when 0 then 40 when 1 then 20 else 2 end) * 86400000::bigint
    from generate_series(1, ${characters}) n, generate_series(0, 2) k`);
  await db.execute(sql`insert into character_power (claim_id, uid, name, server, class_id, level, power, verified, stats_id, first_at, updated_at)
    select c.id, c.uid, c.name, c.server, s.class_id, s.level, s.power, c.status = 'verified', s.id, ${now - 40 * 86_400_000}, s.at
    from character_claims c
    join lateral (select * from character_stats cs where cs.claim_id = c.id order by cs.at desc limit 1) s on true
    where c.uid like 'rank-m%'`);
  const clans = CLANS_PER_SERVER * SERVERS.length;
  await db.execute(sql`insert into clans (id, server, name, tag, emblem, language, created_at, updated_at)
    select 'clan-' || lpad(to_hex(n), 20, '0'), (${servers})[(n - 1) % ${SERVERS.length} + 1], 'Bang ' || n, 'R' || n,
      'game-icons:crown', 'vi', ${now}, ${now}
    from generate_series(1, ${clans}) n`);
  // Member m joins, on each server, the clan (m - 1) % 1000 of that server; the first of each clan leads it.
  await db.execute(sql`insert into clan_members (clan_id, uid, server, role, joined_at)
    select 'clan-' || lpad(to_hex(((m - 1) % ${CLANS_PER_SERVER}) * ${SERVERS.length} + s), 20, '0'), 'rank-m' || m, (${servers})[s],
      case when m <= ${CLANS_PER_SERVER} then 'leader' else 'member' end, ${now}
    from generate_series(1, ${members}) m, generate_series(1, ${SERVERS.length}) s`);
  await db.execute(sql`update clans set power = (
      select sum(best) from (
        select max(p.power) as best from clan_members m join character_power p on p.uid = m.uid and p.server = clans.server
        where m.clan_id = clans.id group by m.uid order by best desc limit 30) strongest)
    where id like 'clan-%'`);
  await takeWeeklySnapshot(db, now - WEEK_MS);
  await takeWeeklySnapshot(db, now);
  await db.execute(sql`analyze`);
  return { clans };
}

interface QueryCase {
  label: string;
  query: Partial<RankingsQuery>;
}

const CASES: QueryCase[] = [
  { label: "players, week (the default /rating)", query: {} },
  { label: "players on a server", query: { server: "bach-hac" } },
  { label: "players in a class", query: { classId: "mage" } },
  { label: "players on a server in a class", query: { server: "bach-hac", classId: "mage" } },
  { label: "players, month", query: { period: "month" } },
  { label: "players, all time", query: { period: "all" } },
  { label: "players, 11th page", query: { cursor: RANKING_PAGE * 10 } },
  { label: "clans", query: { kind: "clans" } },
  { label: "clans on a server, month", query: { kind: "clans", server: "hoa-phuong", period: "month" } },
  { label: "contribution, week", query: { kind: "contribution" } },
];

async function timeCases(db: Database): Promise<TimedQuery[]> {
  const samples = CASES.map(() => [] as number[]);
  for (const each of CASES) {
    const answer = await rankings(db, rankingsQuery.parse(each.query));
    if (answer.kind !== "contribution" && answer.data.length < RANKING_PAGE)
      throw new Error(`${each.label} answered ${answer.data.length} rows, fewer than ${RANKING_PAGE}`);
  }
  for (let round = -WARMUP_ROUNDS; round < ROUNDS; round++) {
    for (const [index, each] of CASES.entries()) {
      const started = performance.now();
      await rankings(db, rankingsQuery.parse(each.query));
      if (round >= 0) samples[index]?.push(performance.now() - started);
    }
  }
  return CASES.map((each, index) => ({
    label: each.label,
    p50: percentile(samples[index] ?? [], 50),
    p95: percentile(samples[index] ?? [], 95),
  }));
}

export interface RankingsBench {
  runs: { database: string; results: TimedQuery[]; verdict: QueryBudgetVerdict<TimedQuery> }[];
  characters: number;
  page: PageThroughput;
}

/** `/rating`'s requests per second at least this share of the item catalog's. */
export const RATING_PAGE_MIN_RATIO = 0.5;
const PAGE_PAIRS = 3;
const RATING_PATH = "/rating";
const CATALOG_PATH = "/equipments-items";

export interface PageThroughput {
  pairs: { rating: number; catalog: number; ratio: number; failures: number }[];
  medianRatio: number;
  pass: boolean;
}

/** The production server over the seed (an embedded database on disk): `/rating` and the catalog, pair after pair. */
async function pageThroughput(characters: number, load: Load): Promise<PageThroughput> {
  return measureSeededApp(
    "bench-rankings",
    async (dataDir) => {
      const connection = await openDatabase({ dataDir });
      try {
        await migrateDatabase(connection);
        await seedRankings(connection.db, characters);
      } finally {
        await connection.close();
      }
    },
    async (baseUrl) => {
      const check = await fetch(baseUrl + RATING_PATH);
      const html = await check.text();
      if (check.status !== 200 || !html.includes("Nhân Vật "))
        throw new Error(`${RATING_PATH} answered ${check.status} without the seeded ranking`);
      const pairs: PageThroughput["pairs"] = [];
      for (let pair = 1; pair <= PAGE_PAIRS; pair++) {
        console.log(`bench: rankings page pair ${pair}/${PAGE_PAIRS}: ${RATING_PATH}, ${CATALOG_PATH} …`);
        const rating = await measure(baseUrl, RATING_PATH, load);
        const catalog = await measure(baseUrl, CATALOG_PATH, load);
        pairs.push({
          rating: rating.reqPerSec,
          catalog: catalog.reqPerSec,
          ratio: rating.reqPerSec / catalog.reqPerSec,
          failures: rating.failures + catalog.failures,
        });
      }
      const medianRatio = [...pairs.map((pair) => pair.ratio)].sort((a, b) => a - b)[Math.floor(pairs.length / 2)] ?? 0;
      return { pairs, medianRatio, pass: medianRatio >= RATING_PAGE_MIN_RATIO && pairs.every((pair) => pair.failures === 0) };
    },
  );
}

async function benchOn(label: string, db: Database, characters: number) {
  const started = performance.now();
  const seeded = await seedRankings(db, characters);
  const [stats] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from character_stats`);
  console.log(
    `\nRankings queries on ${label}: ${count(characters)} characters (${count(stats?.n ?? 0)} entries), ${count(seeded.clans)} clans, ` +
      `seeded and analyzed in ${((performance.now() - started) / 1000).toFixed(1)} s; ${ROUNDS} rounds after ${WARMUP_ROUNDS} warm-up\n`,
  );
  const results = await timeCases(db);
  const outcome = queryBudgetVerdict(results, RANKINGS_QUERY_BUDGET_P95_MS);
  printTable(
    ["query", "p50 ms", "p95 ms", `≤ ${RANKINGS_QUERY_BUDGET_P95_MS}`],
    results.map((result) => [
      result.label,
      result.p50.toFixed(1),
      result.p95.toFixed(1),
      verdict(result.p95 <= RANKINGS_QUERY_BUDGET_P95_MS),
    ]),
  );
  return { database: label, results, verdict: outcome };
}

/** On PGlite in memory, then on PostgreSQL when `BENCH_DATABASE_URL` names one; then the page. */
export async function benchRankings(
  load: Load = { seconds: positiveIntFromEnv("BENCH_SECONDS", 8), connections: positiveIntFromEnv("BENCH_CONNECTIONS", 10) },
): Promise<RankingsBench> {
  const characters = positiveIntFromEnv("BENCH_RANKINGS_CHARACTERS", 100_000);
  const runs: RankingsBench["runs"] = [];
  const embedded = await openDatabase({ dataDir: "memory://" });
  try {
    await migrateDatabase(embedded);
    runs.push(await benchOn("PGlite in memory", embedded.db, characters));
  } finally {
    await embedded.close();
  }
  if (process.env.BENCH_DATABASE_URL) {
    const { connection, label, dispose } = await openBenchDatabase("bench_rankings");
    try {
      await migrateDatabase(connection);
      runs.push(await benchOn(label, connection.db, characters));
    } finally {
      await dispose();
    }
  }
  const page = await pageThroughput(characters, load);
  console.log(
    `\n${RATING_PATH} against ${CATALOG_PATH} (${load.seconds} s each, ${load.connections} connections), over ${count(characters)} characters\n`,
  );
  printTable(
    ["pair", `${RATING_PATH} req/s`, `${CATALOG_PATH} req/s`, "ratio", "errors/non-2xx"],
    page.pairs.map((pair, index) => [
      String(index + 1),
      pair.rating.toFixed(0),
      pair.catalog.toFixed(0),
      pair.ratio.toFixed(2),
      String(pair.failures),
    ]),
  );
  const result = { runs, characters, page };
  console.log(`\n${rankingsLine(result)}`);
  return result;
}

export function rankingsLine({ runs, characters, page }: RankingsBench): string {
  return [
    ...runs.map(
      (run) =>
        `rankings queries at ${count(characters)} characters on ${run.database}: every p95 ≤ ${run.verdict.budgetMs} ms; worst ` +
        `${run.verdict.worst.p95.toFixed(1)} ms (${run.verdict.worst.label}): ${verdict(run.verdict.pass)}`,
    ),
    `${RATING_PATH} / ${CATALOG_PATH} req/s ${page.medianRatio.toFixed(2)} (≥ ${RATING_PAGE_MIN_RATIO.toFixed(2)}: ${verdict(page.pass)})`,
  ].join("; ");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await benchRankings();
  process.exitCode = result.runs.every((run) => run.verdict.pass) && result.page.pass ? 0 : 1;
}
