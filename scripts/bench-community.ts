/**
 * The community queries, timed in-process through the server functions the pages call:
 * `listPosts` (the `/feed` page: newest first, a deep cursor page, top of the week), `searchPosts`
 * (the app bar's search over posts) and `listMembers` (the `/users` directory: searched by name
 * and listed by level or newest), over 100,000 generated posts and 100,000 generated members.
 *
 * On PostgreSQL when `BENCH_DATABASE_URL` names a server (a user that may create databases: a
 * scratch database `bench_community_<pid>` is created and dropped, even after a failure), else on
 * PGlite in memory, as the search bench runs. Runs on its own: `node scripts/bench-community.ts`.
 */
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, queryRows, type DatabaseConnection } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import type { Viewer } from "../server/auth/viewer.ts";
import { ensureContent } from "../server/content/content-store.ts";
import { listPosts, searchPosts } from "../server/feed/list-posts.ts";
import { createLogger } from "../server/logger.ts";
import { SITE_SEARCH_POSTS } from "../server/search/site-search.ts";
import { listMembers } from "../server/users/directory.ts";
import { directoryQuery, encodeCursor } from "../server/users/users-schemas.ts";
import { FEED_PAGE } from "../universal/feed/feed-limits.ts";
import { percentile } from "./bench-budgets.ts";
import { seedCommunity, type CommunitySeed } from "./bench-community-seed.ts";

export const FEED_QUERY_BUDGET_P95_MS = 20;
export const DIRECTORY_BUDGET_P95_MS = 20;
/** The app bar's search budget (scripts/bench-search.ts): posts are one of its groups. */
export const POST_SEARCH_BUDGET_P95_MS = 20;

const SEED: CommunitySeed = { members: 100_000, authors: 3_000, posts: 100_000, spanDays: 60, comments: false };
const WARMUP_ROUNDS = 3;
const ROUNDS = 40;

type Group = "feed" | "post search" | "directory";

interface QueryCase {
  group: Group;
  label: string;
  run: (round: number) => Promise<unknown>;
}

export interface QueryResult {
  group: Group;
  label: string;
  p50: number;
  p95: number;
}

export interface GroupVerdict {
  group: Group;
  budgetMs: number;
  worst: QueryResult;
  pass: boolean;
}

export interface CommunityBench {
  database: string;
  results: QueryResult[];
  verdicts: GroupVerdict[];
}

const BUDGETS: Record<Group, { budgetMs: number; what: string }> = {
  feed: { budgetMs: FEED_QUERY_BUDGET_P95_MS, what: `feed page queries (listPosts), ${SEED.posts.toLocaleString("en-US")} posts` },
  "post search": { budgetMs: POST_SEARCH_BUDGET_P95_MS, what: "post search (searchPosts, the app bar's search budget)" },
  directory: {
    budgetMs: DIRECTORY_BUDGET_P95_MS,
    what: `directory (listMembers, searched and listed), ${SEED.members.toLocaleString("en-US")} members`,
  },
};

/** The signed-in member `uid` as the queries see one: a plain member at level 1. */
export function benchViewer(uid: string): Viewer {
  return {
    uid,
    email: `${uid}@bench.invalid`,
    name: "bench",
    image: null,
    role: "user",
    tag: "member",
    title: "member",
    level: 1,
    signedInAt: null,
  };
}

/** A PostgreSQL scratch database `{name}_{pid}_{random}` when `BENCH_DATABASE_URL` is set, else PGlite in memory; `dispose` closes and drops it. */
export async function openBenchDatabase(
  name = "bench_community",
): Promise<{ connection: DatabaseConnection; label: string; dispose: () => Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    const connection = await openDatabase({ dataDir: "memory://" });
    return { connection, label: "PGlite in memory", dispose: () => connection.close() };
  }
  const database = `${name}_${process.pid}_${randomBytes(3).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${database}`).catch((error: Error) => {
    throw new Error(`could not create ${database} through BENCH_DATABASE_URL (${error.message})`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const connection = await openDatabase({ url: url.href });
  const version = await queryRows<{ version: string }>(connection.db, sql`select current_setting('server_version') as version`);
  return {
    connection,
    label: `PostgreSQL ${version[0]?.version ?? "?"} (scratch database ${database})`,
    dispose: async () => {
      await connection.close();
      await admin(`drop database if exists ${database} with (force)`).catch((error: Error) =>
        console.error(`bench: could not drop ${database}: ${error.message}`),
      );
    },
  };
}

/** Every case once per round, in turn, so a host that slows down mid-run slows them all alike. */
async function timeRounds(cases: readonly QueryCase[]): Promise<Map<QueryCase, number[]>> {
  const samples = new Map<QueryCase, number[]>(cases.map((each) => [each, []]));
  for (let round = -WARMUP_ROUNDS; round < ROUNDS; round++) {
    for (const each of cases) {
      const started = performance.now();
      await each.run(round + WARMUP_ROUNDS);
      const elapsed = performance.now() - started;
      if (round >= 0) samples.get(each)?.push(elapsed);
    }
  }
  return samples;
}

function printResults(results: readonly QueryResult[]): void {
  const width = Math.max(...results.map((result) => result.label.length)) + 2;
  console.log(`${"query".padEnd(width)}  p50 ms  p95 ms  budget`);
  for (const group of Object.keys(BUDGETS) as Group[]) {
    console.log(`${group}:`);
    for (const result of results.filter((each) => each.group === group)) {
      const pass = result.p95 <= BUDGETS[group].budgetMs;
      console.log(
        `  ${result.label.padEnd(width - 2)}  ${result.p50.toFixed(1).padStart(6)}  ${result.p95.toFixed(1).padStart(6)}  ${pass ? "PASS" : "FAIL"}`,
      );
    }
  }
}

export async function benchCommunity(): Promise<CommunityBench> {
  const { connection, label, dispose } = await openBenchDatabase();
  try {
    const { db } = connection;
    const seedingStarted = performance.now();
    await migrateDatabase(connection);
    await ensureContent(db, createLogger("error"));
    const seeded = await seedCommunity(db, { ...SEED, deepPages: WARMUP_ROUNDS + ROUNDS });
    const [deepMember] = await queryRows<{ level: number; createdAt: number; uid: string }>(
      db,
      sql`select level, created_at::bigint as "createdAt", uid from users order by level desc, created_at desc, uid desc offset ${sql.raw(
        String(Math.floor(SEED.members / 2)),
      )} limit 1`,
    );
    if (!deepMember) throw new Error("no member to page from");
    const deepCursor = encodeCursor({ ...deepMember, createdAt: Number(deepMember.createdAt) });
    console.log(
      `\nCommunity queries on ${label}: ${SEED.posts.toLocaleString("en-US")} posts by ${SEED.authors.toLocaleString("en-US")} authors ` +
        `(${seeded.vietnamesePosts.toLocaleString("en-US")} visible in Vietnamese, over ${SEED.spanDays} days), ` +
        `${SEED.members.toLocaleString("en-US")} members; seeded and analyzed in ${((performance.now() - seedingStarted) / 1000).toFixed(1)} s; ` +
        `${ROUNDS} rounds after ${WARMUP_ROUNDS} warm-up, every query once per round\n`,
    );

    const viewer = benchViewer(seeded.viewerUid);
    const limit = FEED_PAGE;
    const cursorOf = (round: number) => seeded.deepCursors[round % seeded.deepCursors.length];
    const members = (query: Record<string, string>) => () => listMembers(db, directoryQuery.parse(query));
    const cases: QueryCase[] = [
      { group: "feed", label: "new, first page (member)", run: () => listPosts(db, viewer, { lang: "vi", sort: "new", limit }) },
      { group: "feed", label: "new, first page (visitor)", run: () => listPosts(db, null, { lang: "vi", sort: "new", limit }) },
      { group: "feed", label: "new, first page, all languages", run: () => listPosts(db, viewer, { sort: "new", limit }) },
      {
        group: "feed",
        label: "new, deep cursor (older half, a new page each round)",
        run: (round) => listPosts(db, viewer, { lang: "vi", sort: "new", cursor: cursorOf(round), limit }),
      },
      { group: "feed", label: "top of the week, first page", run: () => listPosts(db, viewer, { lang: "vi", sort: "top", limit }) },
      {
        group: "feed",
        label: "top of the week, third page",
        run: () => listPosts(db, viewer, { lang: "vi", sort: "top", cursor: 2 * limit, limit }),
      },
      ...["giap thiet", "hoa long", "ruong vang", "thuoc hoi mau", "farm", "khong co bai nao"].map((query): QueryCase => ({
        group: "post search",
        label: `"${query}"`,
        run: () => searchPosts(db, query, SITE_SEARCH_POSTS),
      })),
      { group: "directory", label: `q "tuan" (by level)`, run: members({ q: "tuan" }) },
      { group: "directory", label: `q "nguyen" (by level)`, run: members({ q: "nguyen" }) },
      { group: "directory", label: `q "sat thu" (by level)`, run: members({ q: "sat thu" }) },
      { group: "directory", label: `q "tuan", newest`, run: members({ q: "tuan", sort: "newest" }) },
      { group: "directory", label: "by level, first page", run: members({ sort: "level" }) },
      { group: "directory", label: "by level, cursor halfway", run: members({ sort: "level", cursor: deepCursor }) },
      { group: "directory", label: "newest, first page", run: members({ sort: "newest" }) },
    ];
    // Each case answers something: a bench of empty pages would measure nothing.
    for (const each of cases) {
      const answer = (await each.run(0)) as { data?: unknown[] } | unknown[];
      const rows = Array.isArray(answer) ? answer.length : (answer.data?.length ?? 0);
      if (rows === 0 && each.label !== `"khong co bai nao"`) throw new Error(`${each.group} ${each.label} found nothing`);
    }

    const samples = await timeRounds(cases);
    const results = cases.map((each): QueryResult => {
      const times = samples.get(each) ?? [];
      return { group: each.group, label: each.label, p50: percentile(times, 50), p95: percentile(times, 95) };
    });
    printResults(results);
    const verdicts = (Object.keys(BUDGETS) as Group[]).map((group): GroupVerdict => {
      const worst = results.filter((each) => each.group === group).reduce((a, b) => (b.p95 > a.p95 ? b : a));
      return { group, budgetMs: BUDGETS[group].budgetMs, worst, pass: worst.p95 <= BUDGETS[group].budgetMs };
    });
    console.log("");
    for (const item of verdicts)
      console.log(
        `${BUDGETS[item.group].what}: every query p95 ≤ ${item.budgetMs} ms; worst ${item.worst.p95.toFixed(1)} ms ` +
          `(${item.worst.label}): ${item.pass ? "PASS" : "FAIL"}`,
      );
    return { database: label, results, verdicts };
  } finally {
    await dispose();
  }
}

if (import.meta.main) {
  process.chdir(fileURLToPath(new URL("..", import.meta.url)));
  await benchCommunity();
}
