import { spawn, type ChildProcess } from "node:child_process";
import { benchSearch } from "./bench-search.ts";
import { benchLighthouse, LIGHTHOUSE_BUDGETS, meetsBudget, SLOW_HOST_INDEX, type LighthouseScores } from "./bench-lighthouse.ts";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { ensureBuild } from "./ensure-build.ts";

/** The part of autocannon's result this script reads (autocannon ships no types). */
interface CannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}
type Autocannon = (options: CannonOptions) => Promise<CannonResult>;

// A plain `import` of an untyped package fails strict type checking, and this script may add no .d.ts beside it.
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const HOST = "127.0.0.1";
const HEALTH_PATH = "/api/health";
/** The home page, a catalog list and a catalog detail page: the first weapon of the demo pack, whose page shows the most. */
function benchedPaths(): string[] {
  const items = JSON.parse(readFileSync("content/demo/items.json", "utf8")) as { id: string; type: string }[];
  const item = items.find((entry) => entry.type === "weapon") ?? items[0];
  if (!item) throw new Error("content/demo/items.json has no items");
  return ["/", "/equipments-items", `/equipments-items/detail?id=${encodeURIComponent(item.id)}`];
}
const JS_BUDGET_KB = 150;
const STARTUP_TIMEOUT_MS = 120_000;
const WARMUP_SECONDS = 1;
const BROWSER_HEADERS = { "accept-encoding": "gzip" };

interface Measurement {
  path: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  failures: number;
}

interface FirstLoad {
  path: string;
  scripts: number;
  gzipKb: number;
}

function positiveIntFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got ${JSON.stringify(raw)}`);
  return value;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, HOST);
  await once(probe, "listening");
  const address = probe.address();
  probe.close();
  if (address === null || typeof address === "string") throw new Error("could not get a free port from the OS");
  return address.port;
}

/** Starts the production server; its output is kept (not shown) so it does not garble the report unless startup fails. */
function startServer(port: number, dataDir: string): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ["scripts/start.ts"], {
    env: { ...process.env, PORT: String(port), HOST, DATA_DIR: dataDir, LOG_LEVEL: "warn", DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { child, output: () => output };
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited during startup (${child.exitCode ?? child.signalCode})`);
    try {
      const response = await fetch(baseUrl + HEALTH_PATH, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`server not healthy after ${STARTUP_TIMEOUT_MS / 1000} s`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const forced = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(forced);
}

async function measure(baseUrl: string, path: string, seconds: number, connections: number): Promise<Measurement> {
  const options = { url: baseUrl + path, connections, headers: BROWSER_HEADERS };
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  const result = await autocannon({ ...options, duration: seconds });
  return {
    path,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * `import "x"`, `import * as m from "x"`, `import("x")`. Only import statements count: the inline script also
 * embeds the route manifest, whose quoted module paths include routes this page never loads.
 */
const IMPORT_SPECIFIER = /\bimport\s*(?:[\w$*{},\s]+?\s*from\s*|\(\s*)?["']([^"']+\.m?js)["']/g;

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** Every module script the browser loads before the page is interactive: src'd, preloaded, and imported inline. */
function firstLoadScriptUrls(html: string, pageUrl: string): string[] {
  const found = new Set<string>();
  const add = (path: string | undefined) => {
    if (path) found.add(new URL(path, pageUrl).href);
  };
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (attribute(tag, "rel")?.toLowerCase() === "modulepreload") add(attribute(tag, "href"));
  }
  for (const [, tag = "", body = ""] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)) {
    if (attribute(tag, "type") !== "module") continue;
    add(attribute(tag, "src"));
    for (const [, path] of body.matchAll(IMPORT_SPECIFIER)) add(path);
  }
  return [...found];
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`GET ${url} returned ${response.status}`);
  return response.text();
}

async function firstLoadJs(baseUrl: string, path: string): Promise<FirstLoad> {
  const pageUrl = baseUrl + path;
  const urls = firstLoadScriptUrls(await fetchText(pageUrl), pageUrl);
  const sources = await Promise.all(urls.map(fetchText));
  const gzipBytes = sources.reduce((sum, source) => sum + gzipSync(source, { level: 9 }).length, 0);
  return { path, scripts: urls.length, gzipKb: gzipBytes / 1024 };
}

function withinJsBudget(load: FirstLoad): boolean {
  return load.gzipKb <= JS_BUDGET_KB;
}

function printTable(headers: string[], rows: string[][]): void {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join("  ");
  console.log(line(headers));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows) console.log(line(row));
}

function ratio(page: Measurement, health: Measurement): number {
  return health.reqPerSec > 0 ? page.reqPerSec / health.reqPerSec : 0;
}

function verdict(passed: boolean): string {
  return passed ? "PASS" : "FAIL";
}

function lighthouseVerdict(result: LighthouseScores): boolean {
  return Object.entries(result.scores).every(([category, score]) => meetsBudget(category as keyof typeof result.scores, score) !== false);
}

function reportLighthouse(results: LighthouseScores[], runs: number): string {
  const budgets = Object.entries(LIGHTHOUSE_BUDGETS)
    .map(([category, budget]) => (budget === 100 ? `${category} 100` : `${category} ≥ ${budget}`))
    .join(", ");
  console.log(`\nLighthouse mobile (simulated throttling, median of ${runs} runs; budgets ${budgets}; the rest for information)\n`);
  printTable(
    ["page", "performance", "accessibility", "best practices", "SEO", "budget", "FCP / LCP / TBT (ms), CLS", "host CPU index"],
    results.map((result) => [
      result.path,
      String(result.scores.performance),
      String(result.scores.accessibility),
      String(result.scores["best-practices"]),
      String(result.scores.seo),
      verdict(lighthouseVerdict(result)),
      `${Math.round(result.metrics.fcp)} / ${Math.round(result.metrics.lcp)} / ${Math.round(result.metrics.tbt)}, ${result.metrics.cls.toFixed(3)}`,
      `${Math.min(...result.benchmarkIndex)}–${Math.max(...result.benchmarkIndex)}`,
    ]),
  );
  const slowest = Math.min(...results.flatMap((result) => result.benchmarkIndex));
  if (slowest < SLOW_HOST_INDEX)
    console.log(
      `  host CPU index down to ${slowest} (< ${SLOW_HOST_INDEX}): Lighthouse warns that such a host lowers the performance score; compare runs on one machine only`,
    );
  for (const result of results) {
    for (const [category, audits] of Object.entries(result.failingAudits)) {
      console.log(
        `  ${result.path} ${category} below budget; failing audits: ${audits.length > 0 ? audits.join(", ") : "(none below 0.9)"}`,
      );
    }
  }
  const scores = results.map((result) => `${result.path} ${result.scores.performance}/${result.scores.accessibility}`);
  return `Lighthouse perf/a11y ${scores.join(", ")} (${budgets}: ${verdict(results.every(lighthouseVerdict))})`;
}

function report(measurements: Measurement[], health: Measurement, loads: FirstLoad[], seconds: number, connections: number): string {
  console.log(
    `\nThroughput (${seconds} s per target after ${WARMUP_SECONDS} s warm-up, ${connections} connections, Accept-Encoding: gzip)\n`,
  );
  printTable(
    ["target", "req/s", "p50 ms", "p99 ms", "errors/non-2xx", "SSR / health"],
    measurements.map((m) => [
      m.path,
      m.reqPerSec.toFixed(0),
      m.p50.toFixed(1),
      m.p99.toFixed(1),
      String(m.failures),
      m === health ? "" : ratio(m, health).toFixed(2),
    ]),
  );

  console.log(`\nFirst-load JS (gzip -9, budget ${JS_BUDGET_KB} KB per page)\n`);
  printTable(
    ["page", "scripts", "KB gzip", "budget"],
    loads.map((load) => [load.path, String(load.scripts), load.gzipKb.toFixed(1), verdict(withinJsBudget(load))]),
  );

  const pages = measurements.filter((m) => m !== health).map((m) => `${m.path} ${m.reqPerSec.toFixed(0)} req/s`);
  const ratios = measurements.filter((m) => m !== health).map((m) => `${m.path} ${ratio(m, health).toFixed(2)}`);
  const js = loads.map((load) => `${load.path} ${load.gzipKb.toFixed(1)} KB gzip`);
  return (
    `${pages.join(", ")}, ${HEALTH_PATH} ${health.reqPerSec.toFixed(0)} req/s, ratio ${ratios.join(", ")}; ` +
    `first-load JS ${js.join(", ")} (budget ${JS_BUDGET_KB} KB: ${verdict(loads.every(withinJsBudget))})`
  );
}

async function runBenchmarks(baseUrl: string, seconds: number, connections: number, lighthouseRuns: number): Promise<void> {
  const paths = benchedPaths();
  const measurements: Measurement[] = [];
  for (const path of [...paths, HEALTH_PATH]) {
    console.log(`bench: ${path} …`);
    measurements.push(await measure(baseUrl, path, seconds, connections));
  }
  const health = measurements.find((m) => m.path === HEALTH_PATH);
  if (!health) throw new Error("no health measurement");
  const loads = await Promise.all(paths.map((path) => firstLoadJs(baseUrl, path)));
  const lighthouse = await benchLighthouse(baseUrl, paths, lighthouseRuns);
  const summary = report(measurements, health, loads, seconds, connections);
  console.log(`\nbench: ${summary}; ${reportLighthouse(lighthouse, lighthouseRuns)}`);
}

async function main(): Promise<number> {
  process.chdir(fileURLToPath(new URL("..", import.meta.url)));
  const seconds = positiveIntFromEnv("BENCH_SECONDS", 8);
  const connections = positiveIntFromEnv("BENCH_CONNECTIONS", 10);
  const lighthouseRuns = positiveIntFromEnv("BENCH_LIGHTHOUSE_RUNS", 3);

  ensureBuild();
  const port = await freePort();
  const baseUrl = `http://${HOST}:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "bench-data-"));
  const server = startServer(port, dataDir);
  const cleanUp = async () => {
    await stopServer(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Ctrl-C skips `finally`, so it must clean up itself or it orphans the server.
  const onInterrupt = () => void cleanUp().finally(() => process.exit(130));
  process.once("SIGINT", onInterrupt);
  process.once("SIGTERM", onInterrupt);

  try {
    try {
      await waitUntilHealthy(baseUrl, server.child);
    } catch (error) {
      console.error(`bench: the server could not start: ${error instanceof Error ? error.message : String(error)}`);
      console.error(server.output());
      return 1;
    }
    console.log(`bench: server up on ${baseUrl}`);
    await runBenchmarks(baseUrl, seconds, connections, lighthouseRuns);
    await benchSearch();
    return 0;
  } finally {
    await cleanUp();
  }
}

process.exitCode = await main();
