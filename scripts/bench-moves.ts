/**
 * The moves between a member's pages on the calibrated phone (issue 42), driven through puppeteer-core
 * rather than Playwright: a member's pages prerender the next one on intent (decision 043), and
 * Chromium turns prerendering off for a page that a DevTools client has attached to directly
 * (`PrerenderingDisabledByDevTools`), as Playwright does. Puppeteer attaches through the tab's target,
 * which keeps prerendering on, follows the page to its prerendered successor when it is shown, and
 * applies the CPU throttle to the prerendering page as well.
 *
 * A move: on a settled page, the member's pointer rests on the visible link to the next page for
 * `INTENT_MS` (on a desktop a pointer does; on Android, Chrome reads the same intent from a link in
 * view, which this desktop Chromium does not emulate), then clicks it, until the next page's content is
 * painted: for a prerendered page, the frame after it was shown (`prerenderingchange`, then
 * `requestAnimationFrame` and a task); for a new document, its largest contentful paint; for a change
 * in place, the frame after its `<h1>` changed. The click's time is the event's own, kept in
 * sessionStorage across the document change.
 */
import puppeteer, { type Browser, type ElementHandle, type Page } from "puppeteer-core";
import { chromiumArgs, chromiumPath } from "./chromium.ts";

/** How long the pointer rests on a link before the click: a person's hover on their way to a click. */
export const INTENT_MS = 400;
const SETTLE_MS = 1_000;
const STEP_TIMEOUT_MS = 30_000;
/** A phone's viewport, as Lighthouse's mobile runs use. */
const VIEWPORT = { width: 412, height: 823, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };

export interface MoveSample {
  ms: number;
  /** For a new document: from the click to its request, to its first byte, and to its paint (ms after the click). */
  parts?: { request: number; firstByte: number; painted: number };
  /**
   * `prerendered`: prerendered on the member's intent and shown on the click; `document`: a new
   * document loaded on the click; `in place`: the router changed the page.
   */
  kind: "prerendered" | "document" | "in place";
}

export function launchForMoves(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumArgs.filter((arg) => arg !== "--headless"), "--lang=vi-VN", "--accept-lang=vi-VN,vi"],
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Evaluates in the page the member sees, retrying while a document is being replaced. */
async function inPage<T>(page: Page, run: () => T): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await page.evaluate(run);
    } catch (error) {
      if (tries > 50) throw error;
      await pause(100);
    }
  }
}

async function settle(page: Page): Promise<void> {
  for (let waited = 0; (await inPage(page, () => document.readyState)) !== "complete"; waited += 100) {
    if (waited > STEP_TIMEOUT_MS) throw new Error("the page never finished loading");
    await pause(100);
  }
  await pause(SETTLE_MS);
}

/** The first visible link to `path` (with or without a query). */
async function visibleLink(page: Page, path: string): Promise<ElementHandle<HTMLAnchorElement> | null> {
  const handle = await page.evaluateHandle((target) => {
    const links = [...document.querySelectorAll<HTMLAnchorElement>(`a[href="${target}"], a[href^="${target}?"]`)];
    return links.find((link) => link.getClientRects().length > 0 && getComputedStyle(link).visibility !== "hidden") ?? null;
  }, path);
  const element = handle.asElement() as ElementHandle<HTMLAnchorElement> | null;
  if (!element) await handle.dispose();
  return element;
}

async function openPage(browser: Browser, baseUrl: string, cookie: string, multiplier: number): Promise<Page> {
  const host = new URL(baseUrl).hostname;
  await browser.setCookie(
    ...cookie
      .split(";")
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), domain: host, path: "/" })),
  );
  const page = await browser.newPage();
  await page.setViewport(VIEWPORT);
  await page.emulateCPUThrottling(Math.max(1, multiplier));
  await page.evaluateOnNewDocument(() => {
    addEventListener("click", (event) => sessionStorage.setItem("bench:click", String(performance.timeOrigin + event.timeStamp)), true);
    if ((document as Document & { prerendering?: boolean }).prerendering)
      document.addEventListener(
        "prerenderingchange",
        () =>
          requestAnimationFrame(() =>
            setTimeout(() => Object.assign(window, { benchActivated: performance.timeOrigin + performance.now() })),
          ),
        { once: true },
      );
  });
  return page;
}

/** From a settled page, the pointer's intent and a click on the link to `to`, until that page's content is painted. */
async function move(page: Page, to: string): Promise<MoveSample> {
  let link = await visibleLink(page, to);
  if (!link) {
    // On a phone the sections are in the app bar's drawer: the member opens it, then taps the link.
    const menu = await page.$('header button[aria-haspopup="dialog"]');
    if (!menu) throw new Error(`${await inPage(page, () => location.pathname)} shows no link to ${to} and no menu`);
    await menu.click();
    for (let waited = 0; !(link = await visibleLink(page, to)); waited += 100) {
      if (waited > STEP_TIMEOUT_MS) throw new Error(`no visible link to ${to}, even in the menu`);
      await pause(100);
    }
    await pause(SETTLE_MS);
  }
  await page.evaluate((target) => {
    const marked = window as unknown as { benchDocument?: boolean; benchPainted?: number };
    marked.benchDocument = true;
    const before = document.querySelector("main h1")?.textContent ?? "";
    const observer = new MutationObserver(() => {
      const heading = document.querySelector("main h1")?.textContent ?? "";
      if (location.pathname !== target || heading === before || heading === "") return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => (marked.benchPainted = performance.timeOrigin + performance.now())));
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  }, to);
  await link.hover();
  await pause(INTENT_MS);
  await link.click();
  for (let waited = 0; (await inPage(page, () => location.pathname)) !== to; waited += 100) {
    if (waited > STEP_TIMEOUT_MS) throw new Error(`the click did not reach ${to}`);
    await pause(100);
  }
  await settle(page);
  const seen = await inPage(page, () => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming & { activationStart?: number };
    const marked = window as unknown as { benchDocument?: boolean; benchPainted?: number; benchActivated?: number };
    return {
      clicked: Number(sessionStorage.getItem("bench:click")),
      sameDocument: marked.benchDocument === true,
      inPlace: marked.benchPainted ?? null,
      activated: navigation.activationStart ? (marked.benchActivated ?? performance.timeOrigin + navigation.activationStart) : null,
      requested: performance.timeOrigin + navigation.requestStart,
      firstByte: performance.timeOrigin + navigation.responseStart,
    };
  });
  if (!seen.clicked) throw new Error(`no click recorded before ${to}`);
  if (seen.sameDocument) {
    if (seen.inPlace === null) throw new Error(`no paint measured for ${to}`);
    return { ms: seen.inPlace - seen.clicked, kind: "in place" };
  }
  if (seen.activated !== null) return { ms: seen.activated - seen.clicked, kind: "prerendered" };
  const painted = await inPage(
    page,
    () =>
      new Promise<number | null>((resolve) => {
        const observer = new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as (PerformanceEntry & { renderTime?: number; loadTime?: number }) | undefined;
          observer.disconnect();
          resolve(last ? performance.timeOrigin + (last.renderTime || last.loadTime || last.startTime) : null);
        });
        observer.observe({ type: "largest-contentful-paint", buffered: true });
        setTimeout(() => resolve(null), 3_000);
      }),
  );
  if (painted === null) throw new Error(`no paint measured for ${to}`);
  const round = (at: number) => Math.round(at - seen.clicked);
  return {
    ms: painted - seen.clicked,
    kind: "document",
    parts: { request: round(seen.requested), firstByte: round(seen.firstByte), painted: round(painted) },
  };
}

/**
 * Walks `chain` `runs` times from a fresh load of its first page (after one walk not counted, which
 * warms the cache); each step is a sample of its move, by label.
 */
export async function benchMoves(options: {
  baseUrl: string;
  cookie: string;
  multiplier: number;
  runs: number;
  chain: readonly string[];
  label: (from: string, to: string) => string;
  onSample?: (label: string, run: number, sample: MoveSample) => void;
}): Promise<Map<string, MoveSample[]>> {
  const browser = await launchForMoves();
  try {
    const page = await openPage(browser, options.baseUrl, options.cookie, options.multiplier);
    const samples = new Map<string, MoveSample[]>();
    for (let run = 0; run <= options.runs; run++) {
      await page.goto(options.baseUrl + options.chain[0]);
      await settle(page);
      for (let index = 1; index < options.chain.length; index++) {
        const label = options.label(options.chain[index - 1]!, options.chain[index]!);
        const sample = await move(page, options.chain[index]!);
        if (run === 0) continue;
        samples.set(label, [...(samples.get(label) ?? []), sample]);
        options.onSample?.(label, run, sample);
      }
    }
    return samples;
  } finally {
    await browser.close();
  }
}
