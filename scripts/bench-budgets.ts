/**
 * The bench's arithmetic and verdicts, apart from anything that launches a browser or a server, so
 * that unit tests can hold them (`bench-budgets.test.ts`). Nothing here measures time.
 */

/** Lighthouse's mid-tier mobile phone (`docs/throttling.md`): the CPU the budgets are read on. */
export const MID_RANGE_PHONE_INDEX = 450;
/** A cheap Android phone: reported beside the mid-range one, no budget yet. */
export const LOW_END_PHONE_INDEX = 125;

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The CPU slowdown that makes this host emulate a phone of `phoneIndex`: Lighthouse simulates the page
 * on a CPU `multiplier` times slower than the host it traced it on, so a host of index 1,800 is slowed
 * 4x to reach 450. Rounded to 2 decimals, the precision the report prints.
 */
export function cpuMultiplier(hostIndex: number, phoneIndex: number = MID_RANGE_PHONE_INDEX): number {
  if (!Number.isFinite(hostIndex) || hostIndex <= 0) throw new Error(`no usable benchmark index (${hostIndex})`);
  if (!Number.isFinite(phoneIndex) || phoneIndex <= 0) throw new Error(`no usable phone index (${phoneIndex})`);
  return Math.round((hostIndex / phoneIndex) * 100) / 100;
}

/** What one calibrated Lighthouse run tells (timings in ms, simulated on the phone; scores 0–100). */
export interface RunMetrics {
  performance: number;
  accessibility: number;
  tbt: number;
  lcp: number;
  cls: number;
  /** `mainthread-work-breakdown`'s total: all main-thread work, scaled by the multiplier. */
  mainThread: number;
  benchmarkIndex: number;
  multiplier: number;
}

/** A page's runs, each metric the median of its runs (independently), and the spread of the calibration. */
export interface PageSummary extends RunMetrics {
  runs: number;
  indexRange: [number, number];
  multiplierRange: [number, number];
}

const METRIC_KEYS = ["performance", "accessibility", "tbt", "lcp", "cls", "mainThread", "benchmarkIndex", "multiplier"] as const;

export function summarizeRuns(runs: readonly RunMetrics[]): PageSummary {
  if (runs.length === 0) throw new Error("no runs to summarize");
  const medians = Object.fromEntries(METRIC_KEYS.map((key) => [key, median(runs.map((run) => run[key]))])) as unknown as RunMetrics;
  const indexes = runs.map((run) => run.benchmarkIndex);
  const multipliers = runs.map((run) => run.multiplier);
  return {
    ...medians,
    runs: runs.length,
    indexRange: [Math.min(...indexes), Math.max(...indexes)],
    multiplierRange: [Math.min(...multipliers), Math.max(...multipliers)],
  };
}

/** The run a summary's diagnostics come from: the one whose performance score is the median (the lower middle for an even count). */
export function medianRunIndex(runs: readonly Pick<RunMetrics, "performance">[]): number {
  if (runs.length === 0) throw new Error("no runs");
  const order = runs.map((run, index) => ({ index, performance: run.performance })).sort((a, b) => a.performance - b.performance);
  return order[Math.floor((order.length - 1) / 2)]!.index;
}

/** The Lighthouse budgets of a page: absolute, or relative to the floor measured in the same run. */
export interface PageBudgets {
  minPerformance: number;
  /** Over the floor's TBT measured in the same run. */
  tbtOverFloorMs: number;
  /** Times the floor's main-thread work measured in the same run. */
  mainThreadTimesFloor: number;
  maxLcpMs: number;
  maxCls: number;
  accessibility: number;
}

export const PAGE_BUDGETS = {
  minPerformance: 95,
  /** Over the floor's TBT measured in the same run. */
  tbtOverFloorMs: 100,
  /** Times the floor's main-thread work measured in the same run. */
  mainThreadTimesFloor: 1.5,
  maxLcpMs: 2_000,
  maxCls: 0.02,
  accessibility: 100,
} as const satisfies PageBudgets;

/** A member's pages (issue 42): stricter than the visitors' budgets above, so members' pages are as fast as visitors' are now. */
export const MEMBER_PAGE_BUDGETS = {
  minPerformance: 98,
  tbtOverFloorMs: 50,
  mainThreadTimesFloor: 1.3,
  maxLcpMs: 1_800,
  maxCls: 0.02,
  accessibility: 100,
} as const satisfies PageBudgets;

/** A member's page's first-load JS, gzip, signed in (what the browser loads before any use). */
export const MEMBER_FIRST_LOAD_BUDGET_KB = 120;

/** From a click on a link to the next member page's content painted, or from Enter to the sent message painted: median. */
export const TRANSITION_BUDGET_MS = 200;

export interface Verdict {
  budget: string;
  /** The page's value, formatted as printed. */
  value: string;
  /** The limit it was held to, formatted (relative limits already resolved against the floor). */
  limit: string;
  pass: boolean;
}

const ms = (value: number) => `${Math.round(value).toLocaleString("en-US")} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;

/** Every page budget read on a page's medians against the floor's medians from the same run. */
export function pageVerdicts(page: PageSummary, floor: PageSummary, budgets: PageBudgets = PAGE_BUDGETS): Verdict[] {
  const tbtLimit = floor.tbt + budgets.tbtOverFloorMs;
  const mainThreadLimit = floor.mainThread * budgets.mainThreadTimesFloor;
  return [
    {
      budget: "performance",
      value: String(Math.round(page.performance)),
      limit: `≥ ${budgets.minPerformance}`,
      pass: page.performance >= budgets.minPerformance,
    },
    {
      budget: "TBT",
      value: ms(page.tbt),
      limit: `≤ ${ms(tbtLimit)} (floor + ${budgets.tbtOverFloorMs})`,
      pass: page.tbt <= tbtLimit,
    },
    {
      budget: "main-thread work",
      value: seconds(page.mainThread),
      limit: `≤ ${seconds(mainThreadLimit)} (${budgets.mainThreadTimesFloor}× floor)`,
      pass: page.mainThread <= mainThreadLimit,
    },
    { budget: "LCP", value: seconds(page.lcp), limit: `≤ ${seconds(budgets.maxLcpMs)}`, pass: page.lcp <= budgets.maxLcpMs },
    { budget: "CLS", value: page.cls.toFixed(3), limit: `≤ ${budgets.maxCls}`, pass: page.cls <= budgets.maxCls },
    {
      budget: "accessibility",
      value: String(Math.round(page.accessibility)),
      limit: `= ${budgets.accessibility}`,
      pass: page.accessibility >= budgets.accessibility,
    },
  ];
}

export const FIRST_LOAD_BUDGET_KB = 130;
export const OWN_CODE_BUDGET_KB = 25;

/** A member page's first-load JS against {@link MEMBER_FIRST_LOAD_BUDGET_KB}. */
export function firstLoadVerdict(totalKb: number, budgetKb: number = MEMBER_FIRST_LOAD_BUDGET_KB): Verdict {
  return { budget: "first-load JS", value: `${totalKb.toFixed(1)} KB`, limit: `≤ ${budgetKb} KB`, pass: totalKb <= budgetKb };
}

export interface TransitionVerdict extends Verdict {
  samples: number[];
  median: number;
}

/** A transition's samples (ms) held to {@link TRANSITION_BUDGET_MS} on their median. */
export function transitionVerdict(label: string, samples: readonly number[], budgetMs: number = TRANSITION_BUDGET_MS): TransitionVerdict {
  const middle = median(samples);
  return {
    budget: label,
    value: `${Math.round(middle).toLocaleString("en-US")} ms`,
    limit: `≤ ${budgetMs} ms`,
    pass: middle <= budgetMs,
    samples: [...samples],
    median: middle,
  };
}

/** The module scripts one page loads before it is interactive, each with its gzip size. */
export interface PageScripts {
  path: string;
  /** Script URL → gzip bytes. */
  scripts: ReadonlyMap<string, number>;
}

export interface FirstLoadSplit {
  path: string;
  scripts: number;
  totalKb: number;
  /** Scripts that every benched page loads: framework, shared app code, root, entry. */
  sharedKb: number;
  /** The rest of this page's first load: what this page adds beyond the shared scripts. */
  ownKb: number;
  totalPass: boolean;
  ownPass: boolean;
}

/**
 * Splits each page's first-load JS into the shared part (the scripts every page of `pages` loads, the
 * same URL on each) and the page's own part (everything else it loads). With one page, everything is shared.
 */
export function splitFirstLoad(pages: readonly PageScripts[]): FirstLoadSplit[] {
  const [first, ...rest] = pages;
  if (!first) return [];
  const shared = new Set([...first.scripts.keys()].filter((url) => rest.every((page) => page.scripts.has(url))));
  return pages.map((page) => {
    let sharedBytes = 0;
    let ownBytes = 0;
    for (const [url, bytes] of page.scripts) {
      if (shared.has(url)) sharedBytes += bytes;
      else ownBytes += bytes;
    }
    const totalKb = (sharedBytes + ownBytes) / 1024;
    const ownKb = ownBytes / 1024;
    return {
      path: page.path,
      scripts: page.scripts.size,
      totalKb,
      sharedKb: sharedBytes / 1024,
      ownKb,
      totalPass: totalKb <= FIRST_LOAD_BUDGET_KB,
      ownPass: ownKb <= OWN_CODE_BUDGET_KB,
    };
  });
}

export const THROUGHPUT_MIN_RATIO = 0.5;

export interface ThroughputPair {
  pageReqPerSec: number;
  healthReqPerSec: number;
  /** Errors, timeouts and non-2xx answers of both measurements of the pair. */
  failures: number;
}

export interface ThroughputVerdict {
  ratios: number[];
  medianRatio: number;
  failures: number;
  pass: boolean;
}

/** A cached page's req/s against `/api/health`'s, pair by pair; the budget holds on the median ratio, with no failure at all. */
export function throughputVerdict(pairs: readonly ThroughputPair[]): ThroughputVerdict {
  if (pairs.length === 0) throw new Error("no throughput pairs");
  const ratios = pairs.map((pair) => (pair.healthReqPerSec > 0 ? pair.pageReqPerSec / pair.healthReqPerSec : 0));
  const medianRatio = median(ratios);
  const failures = pairs.reduce((sum, pair) => sum + pair.failures, 0);
  return { ratios, medianRatio, failures, pass: medianRatio >= THROUGHPUT_MIN_RATIO && failures === 0 };
}

/** `/feed` rendered live serves at least half the req/s of the item catalog rendered live, in the same run. */
export const FEED_MIN_RATIO = 0.5;

/** One round of the feed's throughput: `/feed`, the catalog rendered live, the catalog from the render cache. */
export interface FeedRound {
  feedReqPerSec: number;
  liveCatalogReqPerSec: number;
  cachedCatalogReqPerSec: number;
  /** Errors, timeouts and non-2xx answers of the round's three measurements. */
  failures: number;
}

export interface FeedThroughputVerdict {
  /** `/feed` over the live catalog, round by round: the budget. */
  liveRatios: number[];
  medianLiveRatio: number;
  /** `/feed` over the cached catalog, for information (a cached page is answered without rendering). */
  cachedRatios: number[];
  medianCachedRatio: number;
  failures: number;
  pass: boolean;
}

/** The budget holds on the median of the rounds' live ratios, with no failure at all. */
export function feedThroughputVerdict(rounds: readonly FeedRound[]): FeedThroughputVerdict {
  if (rounds.length === 0) throw new Error("no feed throughput rounds");
  const ratio = (value: number, reference: number) => (reference > 0 ? value / reference : 0);
  const liveRatios = rounds.map((round) => ratio(round.feedReqPerSec, round.liveCatalogReqPerSec));
  const cachedRatios = rounds.map((round) => ratio(round.feedReqPerSec, round.cachedCatalogReqPerSec));
  const medianLiveRatio = median(liveRatios);
  const failures = rounds.reduce((sum, round) => sum + round.failures, 0);
  return {
    liveRatios,
    medianLiveRatio,
    cachedRatios,
    medianCachedRatio: median(cachedRatios),
    failures,
    pass: medianLiveRatio >= FEED_MIN_RATIO && failures === 0,
  };
}

/** The item page with its market (200 open offers, 90 days of prices) serves at least half a plain item page's rate. */
export const ITEM_MARKET_MIN_RATIO = 0.5;

/** One pair of the item market's throughput, in visits per second (a visit: the page and its market's API calls). */
export interface ItemMarketPair {
  /** The benched item: its page, both sides of its book and its 90-day prices. */
  marketVisitsPerSec: number;
  /** A plain item (no offer, no trade): the same page and the same calls, answered empty. */
  plainVisitsPerSec: number;
  /** The plain item's page alone (the HTML, no market call), for information. */
  plainPageReqPerSec: number;
  /** Errors, timeouts and non-2xx answers of the pair's measurements. */
  failures: number;
}

export interface ItemMarketVerdict {
  /** Market visits over plain visits, pair by pair: the budget. */
  ratios: number[];
  medianRatio: number;
  /** Market visits over the plain page's HTML alone, for information (the strictest reading). */
  pageRatios: number[];
  medianPageRatio: number;
  failures: number;
  pass: boolean;
}

/** The budget holds on the median of the pairs' ratios, with no failure at all. */
export function itemMarketVerdict(pairs: readonly ItemMarketPair[]): ItemMarketVerdict {
  if (pairs.length === 0) throw new Error("no item market pairs");
  const ratio = (value: number, reference: number) => (reference > 0 ? value / reference : 0);
  const ratios = pairs.map((pair) => ratio(pair.marketVisitsPerSec, pair.plainVisitsPerSec));
  const pageRatios = pairs.map((pair) => ratio(pair.marketVisitsPerSec, pair.plainPageReqPerSec));
  const medianRatio = median(ratios);
  const failures = pairs.reduce((sum, pair) => sum + pair.failures, 0);
  return {
    ratios,
    medianRatio,
    pageRatios,
    medianPageRatio: median(pageRatios),
    failures,
    pass: medianRatio >= ITEM_MARKET_MIN_RATIO && failures === 0,
  };
}

/** Every offers query the app runs, p95 ≤ 20 ms at 1,000,000 offers. */
export const OFFERS_QUERY_BUDGET_P95_MS = 20;

/** The `p`th percentile of timings: the sample at index ⌊p% × n⌋ of the sorted samples (p95 of 40 is the 39th smallest). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new Error("percentile of no samples");
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface TimedQuery {
  label: string;
  p50: number;
  p95: number;
}

export interface QueryBudgetVerdict<T extends TimedQuery> {
  budgetMs: number;
  /** The query with the highest p95. */
  worst: T;
  /** Every query over budget, worst first. */
  over: T[];
  pass: boolean;
}

/** A group of queries meets a p95 budget when every one of them does: the worst is its value. */
export function queryBudgetVerdict<T extends TimedQuery>(results: readonly T[], budgetMs: number): QueryBudgetVerdict<T> {
  const [first, ...rest] = results;
  if (!first) throw new Error("no timed queries");
  const worst = rest.reduce((a, b) => (b.p95 > a.p95 ? b : a), first);
  const over = results.filter((result) => result.p95 > budgetMs).sort((a, b) => b.p95 - a.p95);
  return { budgetMs, worst, over, pass: over.length === 0 };
}
