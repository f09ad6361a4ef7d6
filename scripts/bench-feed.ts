/**
 * `/feed` on the production server, with 10,000 posts: its render req/s against the item
 * catalog's in the same run, and its first-load JS and a post page's (`/feed?id=`).
 *
 * The budget is the feed's render: a visitor's `/feed` comes from the render cache (decision 035), so
 * the bench renders it live, `/feed?cursor=` (the same first page; a cursor skips the render cache,
 * server/delivery/page-delivery.ts), against the catalog rendered live too: `/equipments-items?page=1`
 * is the same page as `/equipments-items`, but a query other than an entry id or a language skips the
 * render cache. The cached catalog is measured in the same rounds, for information. The bench reads
 * each answer's `X-Render-Cache` header to say which is which.
 *
 * `npm run bench` runs this inside its own run; `node scripts/bench-feed.ts` runs it alone (builds
 * if needed, starts the server on a free port with a fresh embedded database, seeds it, measures,
 * stops it). `BENCH_SECONDS` and `BENCH_CONNECTIONS` as for the bench; `BENCH_FEED_ROUNDS` (default 5).
 */
import { positiveIntFromEnv } from "./bench-env.ts";
import { fileURLToPath } from "node:url";
import { openDatabase } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import {
  FEED_MIN_RATIO,
  FIRST_LOAD_BUDGET_KB,
  feedThroughputVerdict,
  OWN_CODE_BUDGET_KB,
  splitFirstLoad,
  type FeedRound,
  type FeedThroughputVerdict,
} from "./bench-budgets.ts";
import { seedCommunity, type CommunitySeed } from "./bench-community-seed.ts";
import { pageScripts } from "./bench-first-load.ts";
import { benchedPaths } from "./bench-pages.ts";
import { measureSeededApp } from "./bench-servers.ts";
import { measure, WARMUP_SECONDS, type Load, type Measurement } from "./bench-throughput.ts";
import { printTable } from "./bench-table.ts";

export const FEED_PATH = "/feed";
/** The feed's first page rendered live: an empty cursor is the first page, and a cursor is never cached. */
export const LIVE_FEED = `${FEED_PATH}?cursor=`;
export const CACHED_CATALOG = "/equipments-items";
/** The same catalog page, rendered live: `page` is a filter parameter, so the render cache passes it by. */
export const LIVE_CATALOG = "/equipments-items?page=1";
/** Live renders are slow and the host's speed moves: more rounds than the cached page's pairs (`BENCH_FEED_ROUNDS`). */
export const FEED_ROUNDS = 5;
/** 10,000 posts (the budget's), by 3,000 members, with their comments: the server's database before it starts. */
export const FEED_SEED: CommunitySeed = { members: 3_000, authors: 3_000, posts: 10_000, spanDays: 60, comments: true };

export interface FeedThroughput {
  rounds: (FeedRound & { feed: Measurement; live: Measurement; cached: Measurement })[];
  verdict: FeedThroughputVerdict;
  /** Each compared path's `X-Render-Cache` answer (hit, miss, or none: rendered live). */
  renderCache: Map<string, string>;
}

/**
 * Seeds the embedded database in `dataDir` (migrated first) before the server opens it: PGlite
 * serves one process, so the posts go in while no server runs. Returns the post page to bench.
 */
export async function seedFeedDataDir(dataDir: string): Promise<{ postPath: string; seconds: number }> {
  const started = performance.now();
  const connection = await openDatabase({ dataDir });
  try {
    await migrateDatabase(connection);
    const { postId } = await seedCommunity(connection.db, FEED_SEED);
    return { postPath: `${FEED_PATH}?id=${postId}`, seconds: (performance.now() - started) / 1000 };
  } finally {
    await connection.close();
  }
}

/** The path a working bench (`bench:phone`, `bench:cpu`) takes for "the seeded post's page". */
export const SEEDED_POST_PATH = `${FEED_PATH}?id=seeded`;

/**
 * For a working bench: when a feed page is among `paths`, seeds `dataDir` as `npm run bench` does (a
 * feed of 10,000 posts, not the empty feed of the demo data), and puts the seeded post's page in place
 * of `SEEDED_POST_PATH`.
 */
export async function seedFeedForPaths(dataDir: string, paths: string[]): Promise<string[]> {
  if (!paths.some((path) => path === FEED_PATH || path.startsWith(`${FEED_PATH}?`))) return paths;
  const { postPath, seconds } = await seedFeedDataDir(dataDir);
  console.log(`bench: seeded ${FEED_SEED.posts.toLocaleString("en-US")} posts in ${seconds.toFixed(1)} s; the post page is ${postPath}`);
  return paths.map((path) => (path === SEEDED_POST_PATH ? postPath : path));
}

/** What the render cache did for a GET of `path` (after one GET to fill it): `hit`, `miss`, or `none` (a live render). */
async function renderCacheStatus(baseUrl: string, path: string): Promise<string> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const response = await fetch(baseUrl + path, { signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: nothing to measure`);
    if (attempt === 1) return response.headers.get("x-render-cache") ?? "none";
  }
  return "none";
}

/** `/feed`, the live catalog, the cached catalog, round after round: the host's changes hit all three alike. */
export async function feedThroughput(baseUrl: string, load: Load, rounds = feedRounds()): Promise<FeedThroughput> {
  const renderCache = new Map<string, string>();
  for (const path of [FEED_PATH, LIVE_FEED, LIVE_CATALOG, CACHED_CATALOG]) renderCache.set(path, await renderCacheStatus(baseUrl, path));
  if (renderCache.get(CACHED_CATALOG) !== "hit") throw new Error(`${CACHED_CATALOG} is not answered from the render cache`);
  if (renderCache.get(LIVE_CATALOG) !== "none") throw new Error(`${LIVE_CATALOG} is not a live render`);
  if (renderCache.get(LIVE_FEED) !== "none") throw new Error(`${LIVE_FEED} is not a live render`);
  const results: FeedThroughput["rounds"] = [];
  for (let round = 1; round <= rounds; round++) {
    console.log(`bench: feed throughput round ${round}/${rounds}: ${LIVE_FEED}, ${LIVE_CATALOG}, ${CACHED_CATALOG} …`);
    const feed = await measure(baseUrl, LIVE_FEED, load);
    const live = await measure(baseUrl, LIVE_CATALOG, load);
    const cached = await measure(baseUrl, CACHED_CATALOG, load);
    results.push({
      feed,
      live,
      cached,
      feedReqPerSec: feed.reqPerSec,
      liveCatalogReqPerSec: live.reqPerSec,
      cachedCatalogReqPerSec: cached.reqPerSec,
      failures: feed.failures + live.failures + cached.failures,
    });
  }
  return { rounds: results, verdict: feedThroughputVerdict(results), renderCache };
}

export function feedThroughputLine({ verdict }: FeedThroughput): string {
  return (
    `${FEED_PATH} / live catalog ${verdict.medianLiveRatio.toFixed(2)} ` +
    `(≥ ${FEED_MIN_RATIO.toFixed(2)}: ${verdict.pass ? "PASS" : "FAIL"}; / cached catalog ${verdict.medianCachedRatio.toFixed(2)})`
  );
}

export function reportFeedThroughput(result: FeedThroughput, load: Load): void {
  const { rounds, verdict, renderCache } = result;
  console.log(
    `\nFeed throughput, ${FEED_SEED.posts.toLocaleString("en-US")} posts (${load.seconds} s per target after ${WARMUP_SECONDS} s warm-up, ` +
      `${load.connections} connections, Accept-Encoding: gzip; X-Render-Cache: ` +
      `${[...renderCache].map(([path, status]) => `${path} ${status}`).join(", ")})\n`,
  );
  printTable(
    [
      "round",
      `live ${LIVE_FEED} req/s`,
      "p99 ms",
      `live ${LIVE_CATALOG} req/s`,
      "p99 ms",
      `cached ${CACHED_CATALOG} req/s`,
      "feed/live",
      "feed/cached",
      "errors/non-2xx",
    ],
    rounds.map((round, index) => [
      String(index + 1),
      round.feed.reqPerSec.toFixed(0),
      round.feed.p99.toFixed(1),
      round.live.reqPerSec.toFixed(0),
      round.live.p99.toFixed(1),
      round.cached.reqPerSec.toFixed(0),
      (verdict.liveRatios[index] ?? 0).toFixed(2),
      (verdict.cachedRatios[index] ?? 0).toFixed(2),
      String(round.failures),
    ]),
  );
  console.log(
    `${FEED_PATH} rendered live / the item catalog rendered live, median of ${rounds.length} rounds: ${verdict.medianLiveRatio.toFixed(2)} ` +
      `(budget ≥ ${FEED_MIN_RATIO.toFixed(2)} with 0 errors): ${verdict.pass ? "PASS" : "FAIL"}; ` +
      `against the cached catalog (no render, for information): ${verdict.medianCachedRatio.toFixed(2)}`,
  );
}

function feedRounds(): number {
  return positiveIntFromEnv("BENCH_FEED_ROUNDS", FEED_ROUNDS);
}

/** Alone: the feed's throughput, and the first-load JS of the feed pages split against the bench's pages. */
async function main(): Promise<number> {
  process.chdir(fileURLToPath(new URL("..", import.meta.url)));
  const load = { seconds: positiveIntFromEnv("BENCH_SECONDS", 8), connections: positiveIntFromEnv("BENCH_CONNECTIONS", 10) };
  try {
    await measureSeededApp(
      "bench-feed",
      async (dataDir) => {
        const { postPath, seconds } = await seedFeedDataDir(dataDir);
        console.log(`bench: seeded ${FEED_SEED.posts.toLocaleString("en-US")} posts in ${seconds.toFixed(1)} s; post page ${postPath}`);
        return postPath;
      },
      async (baseUrl, postPath) => {
        const splits = splitFirstLoad(
          await Promise.all([...benchedPaths(), FEED_PATH, postPath].map((path) => pageScripts(baseUrl + path, path))),
        );
        const throughput = await feedThroughput(baseUrl, load);
        reportFeedThroughput(throughput, load);
        console.log(
          `\nFirst-load JS (gzip -9): total ≤ ${FIRST_LOAD_BUDGET_KB} KB per page; own code ≤ ${OWN_CODE_BUDGET_KB} KB ` +
            `(split against the bench's pages, as in npm run bench)\n`,
        );
        printTable(
          ["page", "scripts", "total KB", `≤ ${FIRST_LOAD_BUDGET_KB}`, "shared KB", "own KB", `≤ ${OWN_CODE_BUDGET_KB}`],
          splits.map((split) => [
            split.path,
            String(split.scripts),
            split.totalKb.toFixed(1),
            split.totalPass ? "PASS" : "FAIL",
            split.sharedKb.toFixed(1),
            split.ownKb.toFixed(1),
            split.ownPass ? "PASS" : "FAIL",
          ]),
        );
        console.log(`\nbench: ${feedThroughputLine(throughput)}`);
      },
    );
    return 0;
  } catch (error) {
    console.error(`bench: could not measure: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

if (import.meta.main) process.exitCode = await main();
