/**
 * Where a page's main-thread CPU goes, beside the floor, at host speed: a tool for diagnosis,
 * not a budget (`npm run bench` remains the measure of record). Each page is loaded in three
 * variants, interleaved, in a fresh browser context each time:
 *
 * - `no scripts`: the server's HTML with every `<script>` removed (its HTML, CSS, images and fonts);
 * - `modules`: the page's modules load and run, but the entry never calls `hydrateRoot` (nor hydrates an island);
 * - `page`: the page as it is.
 *
 * A load is measured as the thread CPU (`tdur`) of the renderer's main-thread tasks from navigation
 * until the network has been idle and a second more has passed: thread CPU, unlike wall time, does not
 * grow when the browser, the server and the tracing compete for the host's cores. `modules − no
 * scripts` is what evaluating our code costs; `page − modules` is hydration and everything it starts
 * (effects, background work, their fetches). The page's wall time and task count are printed beside
 * it: wall time is what Lighthouse's main-thread work counts, and it grows with every request and
 * repaint, which thread CPU hides. The trace is read on the renderer thread that parsed the page.
 *
 *   node scripts/bench-cpu.ts [path …]   (BENCH_CPU_RUNS, default 7; a feed path seeds the feed first, see bench-phone.ts)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Page } from "@playwright/test";
import { median } from "./bench-budgets.ts";
import { seedFeedForPaths } from "./bench-feed.ts";
import { floorAndPages, stop, type Served } from "./bench-servers.ts";
import { printTable } from "./bench-table.ts";
import { chromiumArgs, chromiumPath } from "./chromium.ts";
import { mainThreadWork, type MainThreadWork, type TraceEvent } from "./trace-cpu.ts";

type Variant = "no scripts" | "modules" | "page";
const VARIANTS: Variant[] = ["no scripts", "modules", "page"];
/** Every `hydrateRoot` call of the entry: the document's (React Router) and each island's (decision 025). */
const HYDRATE_CALLS = /\(0,(\w+)\.hydrateRoot\)\(/g;

/** The HTML without its scripts: what the page costs before any of our code runs. */
async function withoutScripts(page: Page, url: string): Promise<void> {
  await page.route(url, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");
    await route.fulfill({ response, body: html });
  });
}

/** The entry module without its `hydrateRoot` calls: every module still loads and runs. */
async function withoutHydration(page: Page): Promise<void> {
  await page.route(/\/entry\.client-[\w-]+\.js$/, async (route) => {
    const response = await route.fetch();
    const code = await response.text();
    if (!code.match(HYDRATE_CALLS)) throw new Error(`bench-cpu: no hydrateRoot call found in ${route.request().url()}`);
    await route.fulfill({ response, body: code.replace(HYDRATE_CALLS, "((..._ignored)=>{})(") });
  });
}

async function measure(browser: Browser, url: string, variant: Variant): Promise<MainThreadWork> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    if (variant === "no scripts") await withoutScripts(page, url);
    if (variant === "modules") await withoutHydration(page);
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on("Tracing.dataCollected", ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    await cdp.send("Tracing.start", {
      traceConfig: { includedCategories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel"] },
    });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(1_000);
    const complete = new Promise<void>((done) => cdp.once("Tracing.tracingComplete", () => done()));
    await cdp.send("Tracing.end");
    await complete;
    return mainThreadWork(events, url);
  } finally {
    await context.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.chdir(fileURLToPath(new URL("..", import.meta.url)));
  const runs = Number(process.env.BENCH_CPU_RUNS ?? 7);
  const scratch = mkdtempSync(join(tmpdir(), "bench-cpu-"));
  const servers: Served[] = [];
  let browser: Browser | undefined;
  try {
    const pages = await floorAndPages(scratch, process.argv.slice(2), servers, seedFeedForPaths);
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs.filter((arg) => arg !== "--headless") });
    const samples = new Map<string, MainThreadWork[]>();
    for (let run = 1; run <= runs; run++) {
      for (const page of pages)
        for (const variant of VARIANTS) {
          const key = `${page.label} ${variant}`;
          samples.set(key, [...(samples.get(key) ?? []), await measure(browser, page.url, variant)]);
        }
      console.log(`run ${run} of ${runs} done`);
    }
    const mid = (label: string, variant: Variant, measure: keyof MainThreadWork = "cpu") =>
      median((samples.get(`${label} ${variant}`) ?? []).map((work) => work[measure]));
    const floorPage = mid("floor", "page");
    const floorWall = mid("floor", "page", "wall");
    printTable(
      [
        "page",
        "no scripts ms",
        "modules ms",
        "page ms",
        "× floor",
        "evaluating ms",
        "hydration and after ms",
        "page wall ms",
        "wall × floor",
        "tasks",
      ],
      pages.map(({ label }) => [
        label,
        mid(label, "no scripts").toFixed(0),
        mid(label, "modules").toFixed(0),
        mid(label, "page").toFixed(0),
        (mid(label, "page") / floorPage).toFixed(2),
        (mid(label, "modules") - mid(label, "no scripts")).toFixed(0),
        (mid(label, "page") - mid(label, "modules")).toFixed(0),
        mid(label, "page", "wall").toFixed(0),
        (mid(label, "page", "wall") / floorWall).toFixed(2),
        mid(label, "page", "tasks").toFixed(0),
      ]),
    );
  } finally {
    await browser?.close();
    await Promise.all(servers.map(stop));
    rmSync(scratch, { recursive: true, force: true });
  }
}
