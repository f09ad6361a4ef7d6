import { benchRankings, rankingsLine } from "./bench-rankings.ts";
import { benchDashboard, dashboardLine } from "./bench-dashboard.ts";
import { benchContentPublish, contentPublishLine } from "./bench-content-publish.ts";
import { positiveIntFromEnv } from "./bench-env.ts";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  FIRST_LOAD_BUDGET_KB,
  LOW_END_PHONE_INDEX,
  MID_RANGE_PHONE_INDEX,
  medianRunIndex,
  OWN_CODE_BUDGET_KB,
  pageVerdicts,
  splitFirstLoad,
  summarizeRuns,
  THROUGHPUT_MIN_RATIO,
  throughputVerdict,
  type FirstLoadSplit,
  type PageSummary,
  type RunMetrics,
  type ThroughputVerdict,
  type Verdict,
} from "./bench-budgets.ts";
import { pageScripts } from "./bench-first-load.ts";
import { printTable } from "./bench-table.ts";
import { interleavedRuns, type BenchedPage, type CalibratedRun, type RunDiagnostics } from "./bench-lighthouse.ts";
import { benchedPaths, PAGES_ONCE_BUILT, whyNotBenched } from "./bench-pages.ts";
import { benchCommunity } from "./bench-community.ts";
import { FEED_PATH, FEED_SEED, feedThroughput, feedThroughputLine, reportFeedThroughput, seedFeedDataDir } from "./bench-feed.ts";
import { benchSearch, SEARCH_BUDGET_P95_MS } from "./bench-search.ts";
import {
  benchTradingQueries,
  itemMarketLine,
  itemMarketThroughput,
  reportItemMarket,
  seedMarketDataDir,
  tradingQueriesLine,
} from "./bench-trading.ts";
import type { SeededTrading } from "./bench-trading-seed.ts";
import {
  checkSignedInPages,
  describeSeed,
  holdRoomOnline,
  isMemberLabel,
  memberBenchedPages,
  memberFirstLoads,
  memberResults,
  memberTransitions,
  reportMembers,
  runMultiplier,
  seedMemberDataDir,
} from "./bench-member-pages.ts";
import { signInAll, type MemberSessions } from "./bench-member-seed.ts";
import { browserFirstLoad, launchChromium } from "./bench-transitions.ts";
import { benchInScratch, startBenchServers } from "./bench-servers.ts";
import { interleavedPairs, measure, WARMUP_SECONDS, type Load, type Measurement } from "./bench-throughput.ts";

const HEALTH_PATH = "/api/health";
/** The public page whose cached answer is held against `/api/health` (a prerendered catalog list). */
const CACHED_PAGE = "/equipments-items";
const THROUGHPUT_PAIRS = 3;
/** Lighthouse's own threshold (`SLOW_CPU_BENCHMARK_INDEX_THRESHOLD`): below it, it warns that its simulation is less accurate. */
const SLOW_HOST_INDEX = 1000;
const FLOOR = "floor";

interface Settings {
  load: Load;
  lighthouseRuns: number;
  lowEnd: boolean;
  /** The members' section (issue 42): their pages in the same Lighthouse runs, then the transitions. */
  members: boolean;
  transitionRuns: number;
}

interface PageResult {
  page: BenchedPage;
  runs: CalibratedRun[];
  mid: PageSummary;
  low?: PageSummary;
}

function settingsFromEnv(): Settings {
  const lowEnd = process.env.BENCH_LOW_END ?? "1";
  if (lowEnd !== "0" && lowEnd !== "1") throw new Error(`BENCH_LOW_END must be 0 or 1, got ${JSON.stringify(lowEnd)}`);
  const members = process.env.BENCH_MEMBERS ?? "1";
  if (members !== "0" && members !== "1") throw new Error(`BENCH_MEMBERS must be 0 or 1, got ${JSON.stringify(members)}`);
  return {
    members: members === "1",
    transitionRuns: positiveIntFromEnv("BENCH_TRANSITION_RUNS", 5),
    load: { seconds: positiveIntFromEnv("BENCH_SECONDS", 8), connections: positiveIntFromEnv("BENCH_CONNECTIONS", 10) },
    lighthouseRuns: positiveIntFromEnv("BENCH_LIGHTHOUSE_RUNS", 5),
    lowEnd: lowEnd === "1",
  };
}

function reactRouterVersion(): string {
  return (JSON.parse(readFileSync("node_modules/react-router/package.json", "utf8")) as { version: string }).version;
}

const verdict = (pass: boolean) => (pass ? "PASS" : "FAIL");
const ms = (value: number) => `${Math.round(value).toLocaleString("en-US")}`;
const seconds = (value: number) => (value / 1000).toFixed(2);
const range = ([low, high]: [number, number], format: (value: number) => string) =>
  low === high ? format(low) : `${format(low)}–${format(high)}`;
const times = (value: number) => `×${value.toFixed(2)}`;
const kb = (value: number) => value.toFixed(1);

async function lighthouseRuns(pages: BenchedPage[], settings: Settings): Promise<PageResult[]> {
  const runs = await interleavedRuns(pages, settings.lighthouseRuns, settings.lowEnd, (page, run, { mid, low }) =>
    console.log(
      `bench: Lighthouse run ${run}/${settings.lighthouseRuns} ${page.label}: index ${mid.benchmarkIndex}, ${times(mid.multiplier)}: ` +
        `perf ${mid.performance}, TBT ${ms(mid.tbt)} ms, main thread ${seconds(mid.mainThread)} s, LCP ${seconds(mid.lcp)} s` +
        (low ? `; low-end ${times(low.multiplier)}: perf ${low.performance}, TBT ${ms(low.tbt)} ms` : ""),
    ),
  );
  return pages.map((page) => {
    const pageRuns = runs.get(page) ?? [];
    const lows = pageRuns.flatMap((run) => (run.low ? [run.low] : []));
    return {
      page,
      runs: pageRuns,
      mid: summarizeRuns(pageRuns.map((run) => run.mid)),
      low: lows.length > 0 ? summarizeRuns(lows) : undefined,
    };
  });
}

function calibrationCells(summary: PageSummary): string[] {
  return [
    `${Math.round(summary.benchmarkIndex)} (${range(summary.indexRange, String)})`,
    `${times(summary.multiplier)} (${range(summary.multiplierRange, (value) => value.toFixed(2))})`,
  ];
}

function metricCells(summary: RunMetrics): string[] {
  return [String(Math.round(summary.performance)), ms(summary.tbt), seconds(summary.mainThread), seconds(summary.lcp)];
}

function medianRun(result: PageResult): { run: number; mid: RunMetrics & RunDiagnostics } {
  const index = medianRunIndex(result.runs.map((run) => run.mid));
  const mid = result.runs[index]?.mid;
  if (!mid) throw new Error(`no runs for ${result.page.label}`);
  return { run: index + 1, mid };
}

/** Where a failing page's time goes, beside the floor's: main-thread groups and the costliest scripts. */
function printDiagnostics(result: PageResult, floor: PageResult, failed: Verdict[]): void {
  const { run, mid } = medianRun(result);
  const floorGroups = new Map(medianRun(floor).mid.mainThreadGroups.map((group) => [group.group, group.ms]));
  console.log(
    `\n${result.page.label}: ${failed.map((item) => item.budget).join(", ")} over budget; run ${run} (median performance), ${times(mid.multiplier)}:`,
  );
  console.log(
    `  main thread: ${mid.mainThreadGroups
      .slice(0, 6)
      .map((group) => `${group.group} ${ms(group.ms)} ms (floor ${ms(floorGroups.get(group.group) ?? 0)})`)
      .join(", ")}`,
  );
  console.log(
    `  scripts (bootup-time): ${mid.scripts
      .slice(0, 6)
      .map((script) => {
        const name = script.url.startsWith("http") ? new URL(script.url).pathname + new URL(script.url).search : script.url;
        return `${name} ${ms(script.totalMs)} ms (scripting ${ms(script.scriptingMs)})`;
      })
      .join(", ")}`,
  );
  if (mid.failingAccessibility.length > 0) console.log(`  accessibility audits below 0.9: ${mid.failingAccessibility.join(", ")}`);
}

function reportLighthouse(results: PageResult[], settings: Settings): { pagesPassing: number; pages: number } {
  const floor = results.find((result) => result.page.label === FLOOR);
  if (!floor) throw new Error("the floor was not measured");
  // The members' pages are held to their own budgets (reportMembers); they are printed here beside the others.
  const ours = results.filter((result) => result !== floor && !isMemberLabel(result.page.label));

  console.log(
    `\nLighthouse mobile, calibrated: each run's CPU slowdown = that run's host benchmark index ÷ ${MID_RANGE_PHONE_INDEX} ` +
      `(a mid-range phone); medians of ${settings.lighthouseRuns} runs, interleaved with the floor (a bare React Router ${reactRouterVersion()} app)\n`,
  );
  printTable(
    ["page", "perf", "a11y", "TBT ms", "main thread s", "LCP s", "CLS", "host index (runs)", "slowdown (runs)"],
    results.map(({ page, mid }) => [
      page.label,
      String(Math.round(mid.performance)),
      String(Math.round(mid.accessibility)),
      ms(mid.tbt),
      seconds(mid.mainThread),
      seconds(mid.lcp),
      mid.cls.toFixed(3),
      ...calibrationCells(mid),
    ]),
  );

  const allRuns = results.flatMap((result) => result.runs);
  const slowRuns = allRuns.filter((run) => run.mid.benchmarkIndex < SLOW_HOST_INDEX).length;
  if (slowRuns > 0)
    console.log(
      `  ${slowRuns} of ${allRuns.length} runs on a host index below ${SLOW_HOST_INDEX.toLocaleString("en-US")}, where Lighthouse calls its ` +
        `simulation less accurate (a busy host): read the pages against the floor, not alone`,
    );

  const verdicts = ours.map((result) => ({ result, verdicts: pageVerdicts(result.mid, floor.mid) }));
  const first = verdicts[0]?.verdicts ?? [];
  console.log(`\nBudgets (medians; TBT and main-thread work against the floor's in this run)\n`);
  printTable(
    ["page", ...first.map((item) => `${item.budget} ${item.limit}`)],
    verdicts.map(({ result, verdicts: items }) => [result.page.label, ...items.map((item) => `${verdict(item.pass)} ${item.value}`)]),
  );
  for (const { result, verdicts: items } of verdicts) {
    const failed = items.filter((item) => !item.pass);
    if (failed.length > 0) printDiagnostics(result, floor, failed);
  }

  if (settings.lowEnd) {
    const addedSeconds = results.flatMap((result) => result.runs).reduce((sum, run) => sum + (run.lowAuditMs ?? 0), 0) / 1000;
    console.log(
      `\nLow-end phone (slowdown = index ÷ ${LOW_END_PHONE_INDEX}, the same traces audited again: ${Math.round(addedSeconds)} s ` +
        `of this run, BENCH_LOW_END=0 skips it; report only, no budget yet)\n`,
    );
    printTable(
      ["page", "perf", "TBT ms", "main thread s", "LCP s", "slowdown (runs)"],
      results.flatMap(({ page, low }) =>
        low
          ? [[page.label, ...metricCells(low), `${times(low.multiplier)} (${range(low.multiplierRange, (value) => value.toFixed(2))})`]]
          : [],
      ),
    );
  }
  return { pagesPassing: verdicts.filter(({ verdicts: items }) => items.every((item) => item.pass)).length, pages: verdicts.length };
}

function reportFirstLoad(splits: FirstLoadSplit[], floor: FirstLoadSplit): void {
  console.log(
    `\nFirst-load JS (gzip -9): total ≤ ${FIRST_LOAD_BUDGET_KB} KB per page; a page's own code ≤ ${OWN_CODE_BUDGET_KB} KB ` +
      `(own = what it loads beyond the scripts every benched page loads: framework, shared, root, entry)\n`,
  );
  printTable(
    ["page", "scripts", "total KB", `≤ ${FIRST_LOAD_BUDGET_KB}`, "shared KB", "own KB", `≤ ${OWN_CODE_BUDGET_KB}`],
    [
      [FLOOR, String(floor.scripts), kb(floor.totalKb), "", "", "", ""],
      ...splits.map((split) => [
        split.path,
        String(split.scripts),
        kb(split.totalKb),
        verdict(split.totalPass),
        kb(split.sharedKb),
        kb(split.ownKb),
        verdict(split.ownPass),
      ]),
    ],
  );
}

function reportThroughput(
  info: Measurement[],
  pairs: Awaited<ReturnType<typeof interleavedPairs>>,
  result: ThroughputVerdict,
  load: Load,
): void {
  console.log(
    `\nThroughput (${load.seconds} s per target after ${WARMUP_SECONDS} s warm-up, ${load.connections} connections, Accept-Encoding: gzip)\n`,
  );
  printTable(
    ["page (for information)", "req/s", "p50 ms", "p99 ms", "errors/non-2xx"],
    info.map((m) => [m.path, m.reqPerSec.toFixed(0), m.p50.toFixed(1), m.p99.toFixed(1), String(m.failures)]),
  );
  console.log("");
  printTable(
    ["pair", `${CACHED_PAGE} req/s`, `${HEALTH_PATH} req/s`, "ratio", "errors/non-2xx"],
    pairs.map((pair, index) => [
      String(index + 1),
      pair.pageReqPerSec.toFixed(0),
      pair.healthReqPerSec.toFixed(0),
      (result.ratios[index] ?? 0).toFixed(2),
      String(pair.failures),
    ]),
  );
  console.log(
    `cached page / health, median of ${pairs.length} pairs: ${result.medianRatio.toFixed(2)} ` +
      `(budget ≥ ${THROUGHPUT_MIN_RATIO.toFixed(2)} with 0 errors): ${verdict(result.pass)}`,
  );
}

/** The issue's pages, the pages built since (`/feed`), and a post page once `/feed` is benched. */
async function resolvePages(baseUrl: string, postPath: string): Promise<string[]> {
  const paths = benchedPaths();
  for (const path of paths) {
    const response = await fetch(baseUrl + path, { signal: AbortSignal.timeout(30_000) });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: nothing to measure`);
  }
  for (const path of PAGES_ONCE_BUILT) {
    const reason = await whyNotBenched(baseUrl, path);
    if (reason) console.log(`bench: ${path} not benched: ${reason}`);
    else paths.push(path);
  }
  if (paths.includes(FEED_PATH)) {
    const reason = await whyNotBenched(baseUrl, postPath);
    if (reason) throw new Error(`the post page ${postPath} ${reason}`);
    paths.push(postPath);
  }
  return paths;
}

function spreadOf(values: number[], format: (value: number) => string): string {
  return range([Math.min(...values), Math.max(...values)], format);
}

async function runBenchmarks(
  appUrl: string,
  floorUrl: string,
  settings: Settings,
  postPath: string,
  market: SeededTrading,
  sessions: MemberSessions | undefined,
): Promise<string> {
  const paths = await resolvePages(appUrl, postPath);

  const info: Measurement[] = [];
  for (const path of paths) {
    console.log(`bench: throughput ${path} …`);
    info.push(await measure(appUrl, path, settings.load));
  }
  const pairs = await interleavedPairs(appUrl, CACHED_PAGE, HEALTH_PATH, THROUGHPUT_PAIRS, settings.load);
  const throughput = throughputVerdict(pairs);
  const feed = paths.includes(FEED_PATH) ? await feedThroughput(appUrl, settings.load) : undefined;
  const itemMarket = await itemMarketThroughput(appUrl, settings.load, market);

  const [floorScripts] = splitFirstLoad([await pageScripts(floorUrl + "/", FLOOR)]);
  if (!floorScripts) throw new Error("no first-load JS for the floor");
  const splits = splitFirstLoad(await Promise.all(paths.map((path) => pageScripts(appUrl + path, path))));

  const memberPages = sessions ? memberBenchedPages(appUrl, sessions) : [];
  await checkSignedInPages(memberPages);
  const browser = memberPages.length > 0 ? await launchChromium() : undefined;
  let memberFirstLoad: { pages: Map<string, number>; floorKb: number } | undefined;
  try {
    if (browser)
      memberFirstLoad = {
        pages: await memberFirstLoads(browser, memberPages),
        floorKb: (await browserFirstLoad(browser, floorUrl, "/")).kb,
      };
  } finally {
    await browser?.close();
  }

  const pages: BenchedPage[] = [
    { label: FLOOR, url: floorUrl + "/" },
    ...paths.map((path) => ({ label: path, url: appUrl + path })),
    ...memberPages,
  ];
  const lighthouse = await lighthouseRuns(pages, settings);
  const runsByPage = new Map(lighthouse.map((result) => [result.page, result.runs]));
  let transitions: Awaited<ReturnType<typeof memberTransitions>> | undefined;
  if (sessions) {
    const transitionBrowser = await launchChromium();
    try {
      transitions = await memberTransitions(transitionBrowser, appUrl, sessions, runMultiplier(runsByPage), settings.transitionRuns);
    } finally {
      await transitionBrowser.close();
    }
  }

  reportThroughput(info, pairs, throughput, settings.load);
  if (feed) reportFeedThroughput(feed, settings.load);
  reportItemMarket(itemMarket, settings.load);
  reportFirstLoad(splits, floorScripts);
  const budgets = reportLighthouse(lighthouse, settings);
  const members = sessions
    ? reportMembers(memberResults(runsByPage, memberFirstLoad?.pages ?? new Map()), transitions, {
        lighthouseRuns: settings.lighthouseRuns,
        transitionRuns: settings.transitionRuns,
        floorFirstLoadKb: memberFirstLoad?.floorKb,
      })
    : undefined;

  const search = await benchSearch();
  const community = await benchCommunity();
  const trading = await benchTradingQueries();
  const ranked = await benchRankings(settings.load);
  const dashboard = await benchDashboard();
  const publishing = await benchContentPublish();

  const floor = lighthouse.find((result) => result.page.label === FLOOR)?.mid;
  const ours = lighthouse.filter((result) => result.page.label !== FLOOR && !isMemberLabel(result.page.label)).map((result) => result.mid);
  return [
    `Lighthouse budgets met on ${budgets.pagesPassing}/${budgets.pages} pages`,
    floor ? `floor perf ${Math.round(floor.performance)}, TBT ${ms(floor.tbt)} ms, main thread ${seconds(floor.mainThread)} s` : "",
    `pages perf ${spreadOf(
      ours.map((page) => page.performance),
      String,
    )}, TBT ${spreadOf(
      ours.map((page) => page.tbt),
      ms,
    )} ms`,
    `first-load JS ${spreadOf(
      splits.map((split) => split.totalKb),
      kb,
    )} KB (≤ ${FIRST_LOAD_BUDGET_KB}: ${verdict(splits.every((split) => split.totalPass))}), own code ${spreadOf(
      splits.map((split) => split.ownKb),
      kb,
    )} KB (≤ ${OWN_CODE_BUDGET_KB}: ${verdict(splits.every((split) => split.ownPass))})`,
    `cached page / health ${throughput.medianRatio.toFixed(2)} (≥ ${THROUGHPUT_MIN_RATIO.toFixed(2)}: ${verdict(throughput.pass)})`,
    `search p95 ${search.searchP95.toFixed(1)} ms (≤ ${SEARCH_BUDGET_P95_MS}: ${verdict(search.searchP95 <= SEARCH_BUDGET_P95_MS)})`,
    feed ? feedThroughputLine(feed) : `${FEED_PATH} not benched`,
    ...community.verdicts.map(
      (item) => `${item.group} worst p95 ${item.worst.p95.toFixed(1)} ms (≤ ${item.budgetMs}: ${verdict(item.pass)})`,
    ),
    itemMarketLine(itemMarket),
    tradingQueriesLine(trading),
    rankingsLine(ranked),
    dashboardLine(dashboard),
    contentPublishLine(publishing),
    members ? members.line : "members' pages not benched (BENCH_MEMBERS=0)",
  ]
    .filter(Boolean)
    .join("; ");
}

async function main(): Promise<number> {
  process.chdir(fileURLToPath(new URL("..", import.meta.url)));
  const started = Date.now();
  const settings = settingsFromEnv();
  return benchInScratch("bench", 1, async ({ floorBuild, dataDir, servers, onEnd }) => {
    const seeded = await seedFeedDataDir(dataDir);
    console.log(
      `bench: seeded ${FEED_SEED.posts.toLocaleString("en-US")} posts in ${seeded.seconds.toFixed(1)} s; post page ${seeded.postPath}`,
    );
    const market = await seedMarketDataDir(dataDir);
    console.log(
      `bench: seeded the item market in ${market.seconds.toFixed(1)} s: ${market.itemId} with ${market.openOnItem} open offers ` +
        `and ${market.tradesOnItem.toLocaleString("en-US")} trades over 90 days`,
    );
    const member = settings.members ? await seedMemberDataDir(dataDir, { feed: false }) : undefined;
    if (member) console.log(describeSeed(member));
    const { appUrl, floorUrl } = await startBenchServers(floorBuild, dataDir, servers);
    console.log(`bench: our server on ${appUrl}, the floor on ${floorUrl}`);
    const sessions = member ? await signInAll(appUrl, member) : undefined;
    if (sessions) {
      const online = await holdRoomOnline(appUrl, sessions.online);
      onEnd(online.close);
    }

    const summary = await runBenchmarks(appUrl, floorUrl, settings, seeded.postPath, market, sessions);
    console.log(`\nbench: ${summary}; took ${Math.round((Date.now() - started) / 60_000)} min`);
    return 0;
  });
}

process.exitCode = await main();
