import { launch } from "chrome-launcher";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { chromium } from "@playwright/test";
import { cpuMultiplier, LOW_END_PHONE_INDEX, MID_RANGE_PHONE_INDEX, type RunMetrics } from "./bench-budgets.ts";
import { chromiumArgs, chromiumPath } from "./chromium.ts";
import { waitForQuietHost } from "./host-quiet.ts";

/** Set it to keep every run's full report (JSON, open it in the Lighthouse viewer) for reading the audits' details. */
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_DIR;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const ATTEMPTS = 3;
const RETRY_PAUSE_MS = 5_000;
/** The same settings gather and audit: Lighthouse refuses to audit artifacts gathered with other settings. */
const SHARED_FLAGS: Flags = { output: "json", logLevel: "error", onlyCategories: CATEGORIES };

/** Where a run's main-thread time went, and which scripts cost it: printed for a page over budget. */
export interface RunDiagnostics {
  /** `mainthread-work-breakdown` by group (style & layout, script evaluation, …), ms, largest first. */
  mainThreadGroups: { group: string; ms: number }[];
  /** `bootup-time` by script: total and script evaluation ms, largest first. */
  scripts: { url: string; totalMs: number; scriptingMs: number }[];
  /** Ids of audits scoring below 0.9 in accessibility. */
  failingAccessibility: string[];
}

export interface CalibratedRun {
  /** On the mid-range phone (index 450), the budgets' target. */
  mid: RunMetrics & RunDiagnostics;
  /** On the low-end phone (index 125), from the same trace; absent when skipped. */
  low?: RunMetrics;
  /** What the low-end audit added to the run, ms (it reuses the gather, so it is only an audit). */
  lowAuditMs?: number;
}

export interface BenchedPage {
  /** As printed: a path, or "floor". */
  label: string;
  url: string;
  /** Sent with every request of the page's load (a member's session cookie). */
  headers?: Record<string, string>;
  /**
   * What the site's localStorage holds before the load: a member's browser that has signed in here
   * before (`userData`). Lighthouse's storage reset leaves localStorage as it is.
   */
  localStorage?: Record<string, string>;
}

interface DetailItem {
  group?: string;
  groupLabel?: string;
  duration?: number;
  url?: string;
  total?: number;
  scripting?: number;
}

function detailItems(lhr: Result, auditId: string): DetailItem[] {
  const details = lhr.audits[auditId]?.details;
  return details && "items" in details && Array.isArray(details.items) ? (details.items as DetailItem[]) : [];
}

function score(lhr: Result, category: string): number {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100);
}

function numeric(lhr: Result, auditId: string): number {
  const value = lhr.audits[auditId]?.numericValue;
  if (typeof value !== "number") throw new Error(`Lighthouse gave no ${auditId} for ${lhr.requestedUrl}`);
  return value;
}

function metrics(lhr: Result, benchmarkIndex: number, multiplier: number): RunMetrics {
  return {
    performance: score(lhr, "performance"),
    accessibility: score(lhr, "accessibility"),
    tbt: numeric(lhr, "total-blocking-time"),
    lcp: numeric(lhr, "largest-contentful-paint"),
    cls: numeric(lhr, "cumulative-layout-shift"),
    mainThread: numeric(lhr, "mainthread-work-breakdown"),
    benchmarkIndex,
    multiplier,
  };
}

function diagnostics(lhr: Result): RunDiagnostics {
  const mainThreadGroups = detailItems(lhr, "mainthread-work-breakdown")
    .map((item) => ({ group: item.groupLabel ?? item.group ?? "?", ms: item.duration ?? 0 }))
    .sort((a, b) => b.ms - a.ms);
  const scripts = detailItems(lhr, "bootup-time")
    .map((item) => ({ url: item.url ?? "?", totalMs: item.total ?? 0, scriptingMs: item.scripting ?? 0 }))
    .sort((a, b) => b.totalMs - a.totalMs);
  const failingAccessibility = (lhr.categories.accessibility?.auditRefs ?? []).flatMap((ref) => {
    const value = lhr.audits[ref.id]?.score;
    return typeof value === "number" && value < 0.9 ? [ref.id] : [];
  });
  return { mainThreadGroups, scripts, failingAccessibility };
}

/**
 * Lighthouse's gather mode (CLI `-G=dir`): loads the page in a fresh Chromium and saves the artifacts, no
 * audit. It starts once the browser's own start-up has let the host go quiet (decision 037): the
 * benchmark index and the load are then measured on the host, not on a browser still starting.
 */
async function gather(url: string, dir: string, headers?: Record<string, string>, storage?: Record<string, string>): Promise<void> {
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: chromiumArgs, handleSIGINT: false, logLevel: "silent" });
  // An interrupted bench exits without `finally`; Chromium runs detached and would outlive it.
  const killChrome = () => chrome.kill();
  process.once("exit", killChrome);
  try {
    if (storage) await storeLocally(chrome.port, new URL(url).origin, storage);
    await waitForQuietHost();
    await lighthouse(url, { ...SHARED_FLAGS, port: chrome.port, gatherMode: dir, ...(headers ? { extraHeaders: headers } : {}) });
  } finally {
    process.removeListener("exit", killChrome);
    chrome.kill();
  }
}

/**
 * Writes `entries` into `origin`'s localStorage in the browser at `port` (the profile Lighthouse then
 * loads the page in), from a page of that origin that runs no script (its icon), closed afterwards.
 */
async function storeLocally(port: number, origin: string, entries: Record<string, string>): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${origin}/favicon.ico`);
    await page.evaluate((stored) => {
      for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    }, entries);
    await page.close();
  } finally {
    // Connected over CDP, closing only disconnects: the browser stays for Lighthouse.
    await browser.close();
  }
}

/**
 * Lighthouse's audit mode (CLI `-A=dir`) at a CPU slowdown of `multiplier`: written into the saved
 * artifacts' settings and passed as the audit's setting alike, since Lighthouse refuses to audit
 * artifacts gathered with other settings.
 */
async function auditAt(dir: string, multiplier: number, headers?: Record<string, string>): Promise<Result> {
  const file = join(dir, "artifacts.json");
  const artifacts = JSON.parse(readFileSync(file, "utf8")) as { settings: { throttling: { cpuSlowdownMultiplier: number } } };
  artifacts.settings.throttling.cpuSlowdownMultiplier = multiplier;
  writeFileSync(file, JSON.stringify(artifacts));
  const runner = await lighthouse(undefined, {
    ...SHARED_FLAGS,
    auditMode: dir,
    throttling: { cpuSlowdownMultiplier: multiplier },
    ...(headers ? { extraHeaders: headers } : {}),
  });
  if (!runner) throw new Error(`Lighthouse audited nothing in ${dir}`);
  if (runner.lhr.runtimeError)
    throw new Error(`Lighthouse failed on ${runner.lhr.requestedUrl}: ${runner.lhr.runtimeError.message}${documentFailure(dir)}`);
  return runner.lhr;
}

/** Why Chromium could not load a document (`net::ERR_…` from the saved DevTools log), to tell a server fault from a browser one. */
function documentFailure(dir: string): string {
  try {
    const log = JSON.parse(readFileSync(join(dir, "devtoolslog.json"), "utf8")) as { method: string; params: Record<string, unknown> }[];
    const failures = log.flatMap(({ method, params }) =>
      method === "Network.loadingFailed" && params.type === "Document" ? [String(params.errorText)] : [],
    );
    return failures.length > 0 ? ` (document: ${failures.join(", ")})` : "";
  } catch {
    return "";
  }
}

function readBenchmarkIndex(dir: string): number {
  const artifacts = JSON.parse(readFileSync(join(dir, "artifacts.json"), "utf8")) as { BenchmarkIndex?: unknown };
  const index = artifacts.BenchmarkIndex;
  if (typeof index !== "number") throw new Error(`no BenchmarkIndex in ${dir}/artifacts.json`);
  return Math.round(index);
}

function slug(page: BenchedPage): string {
  return page.label.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
}

function saveReport(page: BenchedPage, run: number, suffix: string, lhr: Result): void {
  if (!REPORT_DIR) return;
  mkdirSync(REPORT_DIR, { recursive: true });
  writeFileSync(join(REPORT_DIR, `${slug(page)}-${run}${suffix}.json`), JSON.stringify(lhr));
}

/** The gathered trace beside the report, to read where a run's main-thread time went (DevTools opens it). */
function saveTrace(page: BenchedPage, run: number, dir: string): void {
  if (!REPORT_DIR) return;
  const trace = readdirSync(dir).find((name) => name.endsWith("trace.json"));
  if (trace) copyFileSync(join(dir, trace), join(REPORT_DIR, `${slug(page)}-${run}.trace.json`));
}

async function calibratedRunOnce(page: BenchedPage, run: number, lowEnd: boolean, dir: string): Promise<CalibratedRun> {
  await gather(page.url, dir, page.headers, page.localStorage);
  const index = readBenchmarkIndex(dir);
  const midMultiplier = cpuMultiplier(index, MID_RANGE_PHONE_INDEX);
  const midLhr = await auditAt(dir, midMultiplier, page.headers);
  saveReport(page, run, "", midLhr);
  saveTrace(page, run, dir);
  const result: CalibratedRun = { mid: { ...metrics(midLhr, index, midMultiplier), ...diagnostics(midLhr) } };
  if (lowEnd) {
    // The same trace, simulated on the slower phone: only the multiplier differs.
    const lowMultiplier = cpuMultiplier(index, LOW_END_PHONE_INDEX);
    const started = performance.now();
    const lowLhr = await auditAt(dir, lowMultiplier, page.headers);
    result.lowAuditMs = performance.now() - started;
    saveReport(page, run, "-low-end", lowLhr);
    result.low = metrics(lowLhr, index, lowMultiplier);
  }
  return result;
}

/**
 * One calibrated run of a page: gather once, read that run's own benchmark index, audit at index ÷ 450
 * (and at index ÷ 125 when `lowEnd`). A failed trace or load (NO_NAVSTART, an interstitial, both seen
 * on a busy machine) is tried again, up to {@link ATTEMPTS} times in all.
 */
export async function calibratedRun(page: BenchedPage, run: number, lowEnd: boolean): Promise<CalibratedRun> {
  for (let attempt = 1; ; attempt++) {
    const dir = mkdtempSync(join(tmpdir(), "bench-lighthouse-"));
    try {
      return await calibratedRunOnce(page, run, lowEnd, dir);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.log(`bench: ${error instanceof Error ? error.message : String(error)}; retrying`);
      await new Promise((done) => setTimeout(done, RETRY_PAUSE_MS));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

/**
 * Every page's run 1, then every page's run 2, …: a host that slows down mid-bench slows all pages
 * alike. `onRun` hears of each run as it ends.
 */
export async function interleavedRuns(
  pages: BenchedPage[],
  runs: number,
  lowEnd: boolean,
  onRun: (page: BenchedPage, run: number, result: CalibratedRun) => void,
): Promise<Map<BenchedPage, CalibratedRun[]>> {
  assertChromium();
  const results = new Map<BenchedPage, CalibratedRun[]>(pages.map((page) => [page, []]));
  for (let run = 1; run <= runs; run++) {
    for (const page of pages) {
      const result = await calibratedRun(page, run, lowEnd);
      results.get(page)?.push(result);
      onRun(page, run, result);
    }
  }
  return results;
}

/** A missing binary is an unhandled spawn error inside chrome-launcher, which would end the bench without cleaning up. */
export function assertChromium(): void {
  if (!existsSync(chromiumPath))
    throw new Error(`no Chromium at ${chromiumPath}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`);
}
