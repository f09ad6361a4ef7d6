import { launch, type LaunchedChrome } from "chrome-launcher";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromiumArgs, chromiumPath } from "./chromium.ts";
import lighthouse, { type Result } from "lighthouse";

/** Set it to keep every run's full report (JSON, open it in the Lighthouse viewer) for reading the audits' details. */
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_DIR;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];

/** The budgets; best practices and SEO are reported for information. */
export const LIGHTHOUSE_BUDGETS: Partial<Record<Category, number>> = { performance: 95, accessibility: 100 };

export interface LighthouseScores {
  path: string;
  runs: number;
  /** Median score per category over the runs, 0–100. */
  scores: Record<Category, number>;
  /** Audits below a passing score in a category that misses its budget, from the run with the median performance. */
  failingAudits: Partial<Record<Category, string[]>>;
  /** The run with the median performance: its simulated timings in ms (CLS unitless), for reading the score. */
  metrics: Record<MetricId, number>;
  /** Lighthouse's host CPU benchmark per run; below {@link SLOW_HOST_INDEX} Lighthouse itself says the score suffers. */
  benchmarkIndex: number[];
}

const METRICS = {
  fcp: "first-contentful-paint",
  lcp: "largest-contentful-paint",
  tbt: "total-blocking-time",
  cls: "cumulative-layout-shift",
  si: "speed-index",
} as const;
type MetricId = keyof typeof METRICS;

/** Lighthouse's own threshold (`SLOW_CPU_BENCHMARK_INDEX_THRESHOLD`): a slower host makes its simulated mobile CPU slower still. */
export const SLOW_HOST_INDEX = 1000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function categoryScore(result: Result, category: Category): number {
  return Math.round((result.categories[category]?.score ?? 0) * 100);
}

function failingAuditIds(result: Result, category: Category): string[] {
  return (result.categories[category]?.auditRefs ?? []).flatMap((ref) => {
    const score = result.audits[ref.id]?.score;
    return typeof score === "number" && score < 0.9 ? [ref.id] : [];
  });
}

export function meetsBudget(category: Category, score: number): boolean | undefined {
  const budget = LIGHTHOUSE_BUDGETS[category];
  return budget === undefined ? undefined : score >= budget;
}

async function auditOnce(chrome: LaunchedChrome, url: string): Promise<Result> {
  const runner = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
  if (!runner) throw new Error(`Lighthouse returned no result for ${url}`);
  if (runner.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${runner.lhr.runtimeError.message}`);
  return runner.lhr;
}

/** One run in a fresh Chromium; a failed trace (Lighthouse's NO_NAVSTART and kin, seen on a busy machine) is retried once. */
async function audit(url: string): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const chrome = await launch({ chromePath: chromiumPath, chromeFlags: chromiumArgs, handleSIGINT: false, logLevel: "silent" });
    // An interrupted bench exits without `finally`; Chromium runs detached and would outlive it.
    const killChrome = () => chrome.kill();
    process.once("exit", killChrome);
    try {
      return await auditOnce(chrome, url);
    } catch (error) {
      if (attempt >= 2) throw error;
      console.log(`bench: ${error instanceof Error ? error.message : String(error)}; retrying`);
    } finally {
      process.removeListener("exit", killChrome);
      chrome.kill();
    }
  }
}

/**
 * Lighthouse's default (mobile, simulated throttling) on each page, `runs` times, in Debian's Chromium.
 * The machine is shared, so the simulated timings wobble: each category reports the median of the runs.
 */
export async function benchLighthouse(baseUrl: string, paths: string[], runs: number): Promise<LighthouseScores[]> {
  // A missing binary is an unhandled spawn error inside chrome-launcher, which would end the bench without cleaning up.
  if (!existsSync(chromiumPath))
    throw new Error(`no Chromium at ${chromiumPath}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`);
  const results: LighthouseScores[] = [];
  for (const path of paths) {
    const lhrs: Result[] = [];
    for (let run = 1; run <= runs; run++) {
      console.log(`bench: Lighthouse ${path} (run ${run}/${runs}) …`);
      const lhr = await audit(baseUrl + path);
      if (REPORT_DIR) {
        mkdirSync(REPORT_DIR, { recursive: true });
        writeFileSync(
          join(REPORT_DIR, `${path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}-${run}.json`),
          JSON.stringify(lhr),
        );
      }
      lhrs.push(lhr);
    }
    const scores = Object.fromEntries(
      CATEGORIES.map((category) => [category, median(lhrs.map((lhr) => categoryScore(lhr, category)))]),
    ) as Record<Category, number>;
    const byPerformance = [...lhrs].sort((a, b) => categoryScore(a, "performance") - categoryScore(b, "performance"));
    const medianRun = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
    if (!medianRun) throw new Error("no Lighthouse run");
    const failingAudits = Object.fromEntries(
      CATEGORIES.filter((category) => meetsBudget(category, scores[category]) === false).map((category) => [
        category,
        failingAuditIds(medianRun, category),
      ]),
    );
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([id, audit]) => [id, medianRun.audits[audit]?.numericValue ?? Number.NaN]),
    ) as Record<MetricId, number>;
    const benchmarkIndex = lhrs.map((lhr) => Math.round(lhr.environment.benchmarkIndex));
    results.push({ path, runs, scores, failingAudits, metrics, benchmarkIndex });
  }
  return results;
}
