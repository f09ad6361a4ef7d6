/**
 * Trading's two budgets (docs/decisions/019-trading-budgets.md):
 *
 * 1. **The item market's throughput**, on the production server with an embedded database: the item
 *    page is a cached public page, the same bytes whether its item has offers or not; its market (both
 *    sides of the book, 100 offers each, and the 90-day price history) is read in the browser after
 *    hydration (`app/features/catalog/item-market.tsx`). So one *visit* is the page and its three API
 *    calls, in the order a browser makes them, and the budget compares the visits per second of the
 *    item with 200 open offers and 90 days of trades against those of a plain item (no offer, no
 *    trade: the same four requests, the calls answered empty), in interleaved pairs, median of 3.
 *    The plain page's HTML alone is measured in each pair too, for information.
 * 2. **The offers queries at 1,000,000 offers**, timed in-process through the server functions the
 *    API and the pages call (`listOffers` for a book side with and without a server, the public list
 *    and a member's own offers; `reputationCounts` for the traders a book shows; `priceHistory`;
 *    `medianUnitPrices` for a craft page), on PostgreSQL when `BENCH_DATABASE_URL` names a server (a
 *    scratch database `bench_trading_<pid>_…`, created and dropped), else on PGlite in memory.
 *
 * `npm run bench` runs both inside its run; `node scripts/bench-trading.ts` runs them alone: it builds if needed, seeds a fresh embedded database, starts the server on a free
 * port, measures, stops it. `BENCH_TRADING=market|queries` runs one half; `BENCH_TRADING_OFFERS` sizes
 * the query seed (default 1,000,000); `BENCH_SECONDS`, `BENCH_CONNECTIONS` as for the bench.
 */
import { positiveIntFromEnv } from "./bench-env.ts";
import { fileURLToPath } from "node:url";
import { openDatabase } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { medianUnitPrices, priceHistory, VALUE_WINDOW_MS } from "../server/offers/offer-prices.ts";
import { listOffers } from "../server/offers/list-offers.ts";
import { reputationCounts } from "../server/offers/offer-rows.ts";
import {
  ITEM_MARKET_MIN_RATIO,
  itemMarketVerdict,
  OFFERS_QUERY_BUDGET_P95_MS,
  percentile,
  queryBudgetVerdict,
  type ItemMarketPair,
  type ItemMarketVerdict,
  type QueryBudgetVerdict,
  type TimedQuery,
} from "./bench-budgets.ts";
import { benchViewer, openBenchDatabase } from "./bench-community.ts";
import { printTable } from "./bench-table.ts";
import { seedTrading, type SeededTrading, type TradingSeed } from "./bench-trading-seed.ts";
import { measureSeededApp } from "./bench-servers.ts";
import { measure, measureSequence, WARMUP_SECONDS, type Load, type Measurement, type SequenceMeasurement } from "./bench-throughput.ts";

/** What the item market asks for per side (`BOOK_LIMIT` in app/features/catalog/item-market.tsx). */
const BOOK_LIMIT = 100;
const MARKET_PAIRS = 3;
const WARMUP_ROUNDS = 3;
const ROUNDS = 40;

const BOOK = { openOnItem: 200, bookTraders: 40, tradesPerDay: 20, tradeDays: 90 } as const;

/** The server's embedded database for the page: a history of other items' offers, and the benched item's exact book and prices. */
export const MARKET_SEED: TradingSeed = { traders: 2_000, offers: 20_000, spanDays: 365, historyOnItem: false, ...BOOK };

/** The queries' database: 1,000,000 offers (`BENCH_TRADING_OFFERS`) over a year, the benched item the most popular. */
export function querySeed(): TradingSeed {
  return {
    traders: 20_000,
    offers: positiveIntFromEnv("BENCH_TRADING_OFFERS", 1_000_000),
    spanDays: 365,
    historyOnItem: true,
    ...BOOK,
  };
}

const count = (value: number) => value.toLocaleString("en-US");
const verdict = (pass: boolean) => (pass ? "PASS" : "FAIL");

// ---------------------------------------------------------------------------------------------
// 1. The item market's throughput

/** Seeds the embedded database in `dataDir` (migrated first) while no server has it open. */
export async function seedMarketDataDir(dataDir: string): Promise<SeededTrading & { seconds: number }> {
  const started = performance.now();
  const connection = await openDatabase({ dataDir });
  try {
    await migrateDatabase(connection);
    const seeded = await seedTrading(connection.db, MARKET_SEED);
    return { ...seeded, seconds: (performance.now() - started) / 1000 };
  } finally {
    await connection.close();
  }
}

export const itemPagePath = (itemId: string) => `/equipments-items/detail?id=${encodeURIComponent(itemId)}`;

/** The item page and the three calls its market makes after hydration, as the browser writes them. */
export function marketVisit(itemId: string): string[] {
  const book = (side: string) => `/api/offers?${new URLSearchParams({ itemId, side, status: "open", limit: String(BOOK_LIMIT) })}`;
  return [itemPagePath(itemId), book("sell"), book("buy"), `/api/items/${encodeURIComponent(itemId)}/prices?range=90d`];
}

async function getJson(url: string): Promise<{ data: unknown[] }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as { data: unknown[] };
}

/** What each visit's calls answer (so the bench cannot measure an empty market), and the pages' render cache status. */
async function checkVisits(baseUrl: string, seeded: SeededTrading): Promise<{ answers: number[][]; renderCache: string[] }> {
  const answers: number[][] = [];
  const renderCache: string[] = [];
  for (const itemId of [seeded.itemId, seeded.plainItemId]) {
    const [page, ...calls] = marketVisit(itemId);
    let status = "none";
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await fetch(baseUrl + page, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${page} answered ${response.status}`);
      status = response.headers.get("x-render-cache") ?? "none";
    }
    renderCache.push(status);
    answers.push(await Promise.all(calls.map(async (call) => (await getJson(baseUrl + call)).data.length)));
  }
  const [market = [], plain = []] = answers;
  if (market[0] !== BOOK_LIMIT || market[1] !== BOOK_LIMIT)
    throw new Error(`the benched item's book answered ${market[0]} sells and ${market[1]} buys, not ${BOOK_LIMIT} each`);
  if ((market[2] ?? 0) < BOOK.tradeDays - 2)
    throw new Error(`the benched item's price history has ${market[2]} days, not ${BOOK.tradeDays}`);
  if (plain.some((rows) => rows !== 0)) throw new Error(`the plain item's market is not empty (${plain.join(", ")})`);
  return { answers, renderCache };
}

export interface ItemMarketThroughput {
  pairs: (ItemMarketPair & { market: SequenceMeasurement; plain: SequenceMeasurement; page: Measurement })[];
  verdict: ItemMarketVerdict;
  answers: number[][];
  renderCache: string[];
  seeded: SeededTrading;
}

/** The market visit, the plain visit, the plain page alone; pair after pair, so the host's changes hit them alike. */
export async function itemMarketThroughput(
  baseUrl: string,
  load: Load,
  seeded: SeededTrading,
  pairs = MARKET_PAIRS,
): Promise<ItemMarketThroughput> {
  const { answers, renderCache } = await checkVisits(baseUrl, seeded);
  const results: ItemMarketThroughput["pairs"] = [];
  for (let pair = 1; pair <= pairs; pair++) {
    console.log(
      `bench: item market pair ${pair}/${pairs}: ${seeded.itemId} with its market, ${seeded.plainItemId} with its (empty) market, its page alone …`,
    );
    const market = await measureSequence(baseUrl, marketVisit(seeded.itemId), load);
    const plain = await measureSequence(baseUrl, marketVisit(seeded.plainItemId), load);
    const page = await measure(baseUrl, itemPagePath(seeded.plainItemId), load);
    results.push({
      market,
      plain,
      page,
      marketVisitsPerSec: market.visitsPerSec,
      plainVisitsPerSec: plain.visitsPerSec,
      plainPageReqPerSec: page.reqPerSec,
      failures: market.failures + plain.failures + page.failures,
    });
  }
  return { pairs: results, verdict: itemMarketVerdict(results), answers, renderCache, seeded };
}

export function itemMarketLine({ verdict: result }: ItemMarketThroughput): string {
  return `item market visit / plain item visit ${result.medianRatio.toFixed(2)} (≥ ${ITEM_MARKET_MIN_RATIO.toFixed(2)}: ${verdict(result.pass)})`;
}

export function reportItemMarket(result: ItemMarketThroughput, load: Load): void {
  const { pairs, verdict: outcome, answers, renderCache, seeded } = result;
  const [market = [], plain = []] = answers;
  console.log(
    `\nItem market throughput (${load.seconds} s per target after ${WARMUP_SECONDS} s warm-up, ${load.connections} connections, ` +
      `Accept-Encoding: gzip)\n` +
      `  a visit = the item page (X-Render-Cache: ${seeded.itemId} ${renderCache[0]}, ${seeded.plainItemId} ${renderCache[1]}) ` +
      `then the calls its market makes after hydration, one after the other on each connection:\n` +
      marketVisit("{id}")
        .slice(1)
        .map((path) => `    GET ${path}\n`)
        .join("") +
      `  market: ${seeded.itemId}, ${count(seeded.openOnItem)} open offers (${market[0]} sells and ${market[1]} buys answered), ` +
      `${count(seeded.tradesOnItem)} trades over 90 days (${market[2]} daily buckets), beside ${count(MARKET_SEED.offers)} offers of other items;\n` +
      `  plain: ${seeded.plainItemId}, no offer and no trade (the calls answer ${plain.join(", ")} rows); ` +
      `visits/s = requests/s ÷ 4; "plain page" is its HTML alone, for information\n`,
  );
  printTable(
    ["pair", "market visits/s", "p99 ms", "plain visits/s", "p99 ms", "plain page req/s", "market/plain", "market/page", "errors/non-2xx"],
    pairs.map((pair, index) => [
      String(index + 1),
      pair.marketVisitsPerSec.toFixed(1),
      pair.market.p99.toFixed(1),
      pair.plainVisitsPerSec.toFixed(1),
      pair.plain.p99.toFixed(1),
      pair.plainPageReqPerSec.toFixed(0),
      (outcome.ratios[index] ?? 0).toFixed(2),
      (outcome.pageRatios[index] ?? 0).toFixed(2),
      String(pair.failures),
    ]),
  );
  console.log(
    `item page with 200 open offers and 90 days of prices (page + market calls) / a plain item page (page + its empty calls), ` +
      `median of ${pairs.length} pairs: ${outcome.medianRatio.toFixed(2)} (budget ≥ ${ITEM_MARKET_MIN_RATIO.toFixed(2)} with 0 errors): ` +
      `${verdict(outcome.pass)}; against the plain page's HTML alone (for information): ${outcome.medianPageRatio.toFixed(2)}`,
  );
}

// ---------------------------------------------------------------------------------------------
// 2. The offers queries

interface QueryCase {
  label: string;
  run: () => Promise<unknown>;
  /** How many rows it must answer at least: a bench of empty answers measures nothing. */
  atLeast: number;
}

export type QueryResult = TimedQuery;

export interface TradingQueries {
  database: string;
  seed: TradingSeed;
  seeded: SeededTrading;
  results: QueryResult[];
  verdict: QueryBudgetVerdict<QueryResult>;
}

function rowsOf(answer: unknown): number {
  if (Array.isArray(answer)) return answer.length;
  if (answer instanceof Map) return answer.size;
  return 0;
}

/** Every case once per round, in turn, so a host that slows down mid-run slows them all alike. */
async function timeRounds(cases: readonly QueryCase[]): Promise<QueryResult[]> {
  const samples = cases.map(() => [] as number[]);
  for (let round = -WARMUP_ROUNDS; round < ROUNDS; round++) {
    for (const [index, each] of cases.entries()) {
      const started = performance.now();
      await each.run();
      const elapsed = performance.now() - started;
      if (round >= 0) samples[index]?.push(elapsed);
    }
  }
  return cases.map((each, index) => ({
    label: each.label,
    p50: percentile(samples[index] ?? [], 50),
    p95: percentile(samples[index] ?? [], 95),
  }));
}

export async function benchTradingQueries(): Promise<TradingQueries> {
  const seed = querySeed();
  const { connection, label, dispose } = await openBenchDatabase("bench_trading");
  try {
    const { db } = connection;
    const started = performance.now();
    await migrateDatabase(connection);
    const seeded = await seedTrading(db, seed);
    const seconds = (performance.now() - started) / 1000;
    const [server = ""] = seeded.servers;
    const busiest = benchViewer(seeded.busiestTrader);
    const book = (itemId: string, side: "sell" | "buy", onServer?: string) => () =>
      listOffers(db, null, { itemId, side, status: "open", server: onServer, limit: BOOK_LIMIT });
    const shownTraders = [
      ...new Set([...(await book(seeded.itemId, "sell")()), ...(await book(seeded.itemId, "buy")())].map((offer) => offer.trader.uid)),
    ];
    // A recipe's output and inputs: a popular item, a middling one, one never traded.
    const craftItems = [seeded.itemId, seeded.middleItemId, seeded.plainItemId];
    const cases: QueryCase[] = [
      { label: `book: sells of ${seeded.itemId}`, run: book(seeded.itemId, "sell"), atLeast: BOOK_LIMIT },
      { label: `book: buys of ${seeded.itemId}`, run: book(seeded.itemId, "buy"), atLeast: BOOK_LIMIT },
      { label: `book: sells of ${seeded.itemId} on ${server}`, run: book(seeded.itemId, "sell", server), atLeast: 1 },
      { label: `book: buys of ${seeded.itemId} on ${server}`, run: book(seeded.itemId, "buy", server), atLeast: 1 },
      { label: `book: sells of ${seeded.middleItemId} (a middling item)`, run: book(seeded.middleItemId, "sell"), atLeast: 1 },
      { label: `book: sells of ${seeded.middleItemId} on ${server}`, run: book(seeded.middleItemId, "sell", server), atLeast: 1 },
      {
        label: `reputationCounts of the book's ${shownTraders.length} traders`,
        run: () => reputationCounts(db, shownTraders),
        atLeast: shownTraders.length,
      },
      { label: `priceHistory ${seeded.itemId}, 90d`, run: () => priceHistory(db, seeded.itemId, "90d"), atLeast: BOOK.tradeDays - 2 },
      { label: `priceHistory ${seeded.itemId}, 48h`, run: () => priceHistory(db, seeded.itemId, "48h"), atLeast: 24 },
      { label: "GET /api/offers (every item, both sides)", run: () => listOffers(db, null, { limit: BOOK_LIMIT }), atLeast: BOOK_LIMIT },
      {
        label: "my offers (the busiest trader, /me/make-offer)",
        run: () => listOffers(db, busiest, { mine: true, limit: 200 }),
        atLeast: 1,
      },
      {
        label: "medianUnitPrices, 90 days (a craft page's items)",
        run: () => medianUnitPrices(db, craftItems, Date.now() - VALUE_WINDOW_MS),
        atLeast: 2,
      },
    ];
    for (const each of cases) {
      const rows = rowsOf(await each.run());
      if (rows < each.atLeast) throw new Error(`${each.label} answered ${rows} rows, fewer than ${each.atLeast}`);
    }
    console.log(
      `\nOffers queries on ${label}: ${count(seed.offers + BOOK.openOnItem + BOOK.tradesPerDay * BOOK.tradeDays)} offers ` +
        `(${Object.entries(seeded.statuses)
          .map(([status, rows]) => `${status} ${count(rows)}`)
          .join(", ")}) by ${count(seed.traders)} traders over ${seed.spanDays} days; ` +
        `${seeded.itemId}: ${count(seeded.openOnItem)} open, ${count(seeded.tradesOnItem)} trades in 90 days; ` +
        `seeded and analyzed in ${seconds.toFixed(1)} s; ${ROUNDS} rounds after ${WARMUP_ROUNDS} warm-up, every query once per round\n`,
    );
    const results = await timeRounds(cases);
    const outcome = queryBudgetVerdict(results, OFFERS_QUERY_BUDGET_P95_MS);
    printTable(
      ["query", "p50 ms", "p95 ms", `≤ ${OFFERS_QUERY_BUDGET_P95_MS}`],
      results.map((result) => [
        result.label,
        result.p50.toFixed(1),
        result.p95.toFixed(1),
        verdict(result.p95 <= OFFERS_QUERY_BUDGET_P95_MS),
      ]),
    );
    console.log(`\n${tradingQueriesLine({ verdict: outcome, seed })}`);
    return { database: label, seed, seeded, results, verdict: outcome };
  } finally {
    await dispose();
  }
}

export function tradingQueriesLine({ verdict: outcome, seed }: Pick<TradingQueries, "verdict" | "seed">): string {
  return (
    `offers queries at ${count(seed.offers)} offers: every p95 ≤ ${outcome.budgetMs} ms; worst ${outcome.worst.p95.toFixed(1)} ms ` +
    `(${outcome.worst.label}): ${verdict(outcome.pass)}`
  );
}

// ---------------------------------------------------------------------------------------------
// Alone

async function benchMarketAlone(load: Load): Promise<string> {
  return measureSeededApp(
    "bench-trading",
    async (dataDir) => {
      const seeded = await seedMarketDataDir(dataDir);
      console.log(`bench: seeded the item market in ${seeded.seconds.toFixed(1)} s`);
      return seeded;
    },
    async (baseUrl, seeded) => {
      const result = await itemMarketThroughput(baseUrl, load, seeded);
      reportItemMarket(result, load);
      return itemMarketLine(result);
    },
  );
}

async function main(): Promise<number> {
  process.chdir(fileURLToPath(new URL("..", import.meta.url)));
  const load = { seconds: positiveIntFromEnv("BENCH_SECONDS", 8), connections: positiveIntFromEnv("BENCH_CONNECTIONS", 10) };
  const part = process.env.BENCH_TRADING ?? "";
  if (!["", "market", "queries"].includes(part)) throw new Error(`BENCH_TRADING must be market or queries, got ${JSON.stringify(part)}`);
  try {
    const lines: string[] = [];
    if (part !== "queries") lines.push(await benchMarketAlone(load));
    if (part !== "market") lines.push(tradingQueriesLine(await benchTradingQueries()));
    console.log(`\nbench: ${lines.join("; ")}`);
    return 0;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
    console.error(`bench: could not measure: ${error instanceof Error ? error.message.slice(0, 2_000) : String(error)}${cause}`);
    return 1;
  }
}

if (import.meta.main) process.exitCode = await main();
