/**
 * Moving between a member's pages, and sending a chat message, on the calibrated phone (issue 42):
 * Playwright on Debian's Chromium, the CPU slowed with `Emulation.setCPUThrottlingRate` at the run's
 * multiplier (the host's benchmark index ÷ 450, as the Lighthouse runs calibrate), signed in by the
 * member's session cookie, a phone's viewport. No network throttling: loopback, a warm cache (a
 * member who comes back every day).
 *
 * - A transition: on a settled page, a click on the visible link to the next page, until that page's
 *   content is painted. The click's time is the event's own (`timeOrigin + event.timeStamp`, kept in
 *   sessionStorage across the document change). When the link loads a new document (an islands
 *   page), "painted" is that document's largest contentful paint (`timeOrigin + renderTime`, read once
 *   the page has loaded and settled). When the page changes in place (the router, no new document), it
 *   is the frame after the new page's `<h1>` is in the document (`requestAnimationFrame`, then a
 *   task: the paint has happened by then).
 * - Sending: in the room, the member types a message (a person's pace, the composer wakes as it would),
 *   then presses Enter: from the keydown's own time to the frame after the message's text is in the
 *   list (not the composer).
 *
 * The chain `/me` → `/me/bag` → `/me/make-offer` → `/chat` is walked `runs` times from a fresh load
 * of `/me` (after one walk not counted, which warms the cache); each step is a sample of its transition.
 */
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { cpuMultiplier, MID_RANGE_PHONE_INDEX, transitionVerdict, type TransitionVerdict } from "./bench-budgets.ts";
import { chromiumArgs, chromiumPath } from "./chromium.ts";
import { waitForQuietHost } from "./host-quiet.ts";

export const MEMBER_CHAIN = ["/me", "/me/bag", "/me/make-offer", "/chat"] as const;
/** A phone's viewport, as Lighthouse's mobile runs use. */
const VIEWPORT = { width: 412, height: 823 };
const SETTLE_MS = 1_000;
const STEP_TIMEOUT_MS = 30_000;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}

/** `name=value; name2=value2` as Playwright's cookies for `baseUrl`. */
export function parseCookieHeader(header: string, baseUrl: string): { name: string; value: string; url: string }[] {
  return header
    .split(";")
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf("=");
      if (at <= 0) throw new Error(`not a cookie: ${pair}`);
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
    });
}

/** A member's browser: their session cookie, and what it stores of them (`userData`) where given. */
export async function memberContext(
  browser: Browser,
  baseUrl: string,
  cookie: string,
  storage?: Record<string, string>,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT, locale: "vi-VN", isMobile: true, hasTouch: true });
  await context.addCookies(parseCookieHeader(cookie, baseUrl));
  if (storage)
    await context.addInitScript((stored) => {
      for (const [key, value] of Object.entries(stored)) if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
    }, storage);
  await context.addInitScript(() => {
    // The input's own time, on the clock every document of the tab shares.
    const keep = (key: string) => (event: Event) => sessionStorage.setItem(key, String(performance.timeOrigin + event.timeStamp));
    addEventListener("click", keep("bench:click"), true);
    addEventListener("keydown", (event) => event.key === "Enter" && keep("bench:enter")(event), true);
  });
  return context;
}

/**
 * The host's benchmark index as Lighthouse computes it (its own page function, in this Chromium),
 * and the multiplier that makes it a mid-range phone: for a run that has no Lighthouse run to take it from.
 */
export async function hostMultiplier(browser: Browser): Promise<{ index: number; multiplier: number }> {
  const { pageFunctions } = (await import("lighthouse/core/lib/page-functions.js")) as unknown as {
    pageFunctions: { computeBenchmarkIndex: () => number };
  };
  const page = await browser.newPage();
  try {
    await waitForQuietHost();
    const index = Math.round(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
    return { index, multiplier: cpuMultiplier(index, MID_RANGE_PHONE_INDEX) };
  } finally {
    await page.close();
  }
}

async function throttle(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: Math.max(1, rate) });
}

/** Loaded, and a moment more: what loads after `load` (islands near the viewport, the bell) has come. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await page.waitForTimeout(SETTLE_MS);
}

const linkTo = (page: Page, path: string) => page.locator(`a[href="${path}"]:visible, a[href^="${path}?"]:visible`).first();

/** Watches, in the page, for an in-place change to `path` and notes the frame after its `<h1>` changed. */
async function watchInPlace(page: Page, path: string): Promise<void> {
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
  }, path);
}

/** The new document's largest contentful paint, on the shared clock. */
function documentPaint(page: Page): Promise<number | null> {
  return page.evaluate(
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
}

export interface StepSample {
  ms: number;
  /** For a new document: from the click to its request, to its first byte, and to its paint (ms after the click). */
  parts?: { request: number; firstByte: number; painted: number };
  /** `document`: the link loaded a new document (LCP); `in place`: the router changed the page (the frame after its heading). */
  kind: "document" | "in place";
}

/** From a settled page, a click on the link to `to` until that page's content is painted. */
async function step(page: Page, to: string): Promise<StepSample> {
  const link = linkTo(page, to);
  if ((await link.count()) === 0) {
    // On a phone the sections are in the app bar's drawer: the member opens it, then taps the link.
    const menu = page.locator('header button[aria-haspopup="dialog"]:visible').first();
    if ((await menu.count()) === 0) throw new Error(`${new URL(page.url()).pathname} shows no link to ${to} and no menu`);
    await menu.click();
    await link.waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS }).catch(() => {
      throw new Error(`${new URL(page.url()).pathname}: no visible link to ${to}, even in the menu`);
    });
    await page.waitForTimeout(SETTLE_MS);
  }
  await watchInPlace(page, to);
  await link.click();
  await page.waitForURL((url) => url.pathname === to, { timeout: STEP_TIMEOUT_MS });
  await settle(page);
  const clicked = Number(await page.evaluate(() => sessionStorage.getItem("bench:click")));
  const sameDocument = await page.evaluate(() => (window as unknown as { benchDocument?: boolean }).benchDocument === true);
  const painted = sameDocument
    ? await page.evaluate(() => (window as unknown as { benchPainted?: number }).benchPainted ?? null)
    : await documentPaint(page);
  if (!clicked || painted === null) throw new Error(`no paint measured for ${to}`);
  if (sameDocument) return { ms: painted - clicked, kind: "in place" };
  // Where the time went: the old page letting go (click to request), the server, the new page's parse and paint.
  const [requested, firstByte] = await page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return [performance.timeOrigin + navigation.requestStart, performance.timeOrigin + navigation.responseStart];
  });
  const round = (at: number) => Math.round(at - clicked);
  return {
    ms: painted - clicked,
    kind: "document",
    parts: { request: round(requested), firstByte: round(firstByte), painted: round(painted) },
  };
}

/** One message sent in the open room: Enter's keydown until the message is painted in the list. */
async function sendOnce(page: Page, roomPath: string, composerLabel: string, text: string): Promise<number> {
  await page.goto(roomPath);
  await settle(page);
  const composer = page.getByLabel(composerLabel, { exact: true });
  await composer.click();
  await composer.pressSequentially(text, { delay: 20 });
  // The composer wakes at first use: what was typed must be in it (wake-on-use replays it) before Enter.
  for (let waited = 0; (await composer.inputValue()) !== text; waited += 100) {
    if (waited > STEP_TIMEOUT_MS) throw new Error(`the composer holds ${JSON.stringify(await composer.inputValue())}, not the text typed`);
    await page.waitForTimeout(100);
  }
  await page.waitForTimeout(SETTLE_MS);
  await page.evaluate((sent) => {
    const marked = window as unknown as { benchPainted?: number };
    delete marked.benchPainted;
    const shown = (node: Node): boolean =>
      node.nodeType === Node.ELEMENT_NODE
        ? !["TEXTAREA", "INPUT"].includes((node as Element).tagName) && (node.textContent ?? "").includes(sent)
        : node.nodeType === Node.TEXT_NODE && (node.textContent ?? "").includes(sent) && node.parentElement?.tagName !== "TEXTAREA";
    const observer = new MutationObserver((records) => {
      if (!records.some((record) => [...record.addedNodes].some(shown) || (record.type === "characterData" && shown(record.target))))
        return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => (marked.benchPainted = performance.timeOrigin + performance.now())));
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
  await composer.press("Enter");
  await page.waitForFunction(() => (window as unknown as { benchPainted?: number }).benchPainted !== undefined, undefined, {
    timeout: STEP_TIMEOUT_MS,
  });
  const [pressed, painted] = await page.evaluate(() => [
    Number(sessionStorage.getItem("bench:enter")),
    (window as unknown as { benchPainted: number }).benchPainted,
  ]);
  if (!pressed) throw new Error("the Enter key's time was not recorded");
  return painted - pressed;
}

export interface TransitionsResult {
  multiplier: number;
  steps: (TransitionVerdict & { kinds: StepSample["kind"][] })[];
  send: TransitionVerdict;
}

export interface TransitionOptions {
  baseUrl: string;
  cookie: string;
  /** What the member's browser stores of them (`memberContext`). */
  storage?: Record<string, string>;
  multiplier: number;
  runs: number;
  /** The room's page (`/chat?room=…`) and the composer's accessible name in the member's language. */
  roomPath: string;
  composerLabel: string;
  onSample?: (label: string, run: number, ms: number, parts?: StepSample["parts"]) => void;
}

export const stepLabel = (from: string, to: string) => `${from} → ${to}`;
export const SEND_LABEL = "chat: Enter → message painted";

export async function benchTransitions(browser: Browser, options: TransitionOptions): Promise<TransitionsResult> {
  const context = await memberContext(browser, options.baseUrl, options.cookie, options.storage);
  try {
    const page = await context.newPage();
    await throttle(page, options.multiplier);
    const samples = new Map<string, StepSample[]>();
    // Run 0 warms the cache and is not counted.
    for (let run = 0; run <= options.runs; run++) {
      await page.goto(MEMBER_CHAIN[0]);
      await settle(page);
      for (let index = 1; index < MEMBER_CHAIN.length; index++) {
        const label = stepLabel(MEMBER_CHAIN[index - 1]!, MEMBER_CHAIN[index]!);
        const sample = await step(page, MEMBER_CHAIN[index]!);
        if (run === 0) continue;
        samples.set(label, [...(samples.get(label) ?? []), sample]);
        options.onSample?.(label, run, sample.ms, sample.parts);
      }
    }
    const sends: number[] = [];
    for (let run = 0; run <= options.runs; run++) {
      const ms = await sendOnce(page, options.roomPath, options.composerLabel, `bench ${run} ${Date.now().toString(36)}`);
      if (run === 0) continue;
      sends.push(ms);
      options.onSample?.(SEND_LABEL, run, ms);
    }
    return {
      multiplier: options.multiplier,
      steps: [...samples].map(([label, list]) => ({
        ...transitionVerdict(
          label,
          list.map((sample) => sample.ms),
        ),
        kinds: list.map((sample) => sample.kind),
      })),
      send: transitionVerdict(SEND_LABEL, sends),
    };
  } finally {
    await context.close();
  }
}

/**
 * A page's first-load JS as the browser loads it signed in: every script response of the load until
 * no script has come for two seconds, before any use, each at gzip -9 (as `bench-first-load.ts`
 * sizes the public pages). Unlike reading the HTML's imports, this counts what the page imports on
 * its own at load (plain islands, islands that wake at load for a member).
 */
export async function browserFirstLoad(
  browser: Browser,
  baseUrl: string,
  path: string,
  cookie?: string,
  storage?: Record<string, string>,
): Promise<{ kb: number; scripts: number }> {
  const { gzipSync } = await import("node:zlib");
  const context = cookie
    ? await memberContext(browser, baseUrl, cookie, storage)
    : await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    const sizes = new Map<string, Promise<number>>();
    let lastScriptAt = Date.now();
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script" || sizes.has(response.url())) return;
      lastScriptAt = Date.now();
      // The browser may have let go of a body by the time it is asked for (a long page): the asset is
      // static, so it is fetched again by its address.
      const body = response.body().catch(() => context.request.get(response.url()).then((again) => again.body()));
      sizes.set(
        response.url(),
        body.then((bytes) => gzipSync(bytes, { level: 9 }).length),
      );
    });
    await page.goto(path);
    await page.waitForLoadState("load");
    while (Date.now() - lastScriptAt < 2_000) await page.waitForTimeout(250);
    const bytes = (await Promise.all(sizes.values())).reduce((sum, size) => sum + size, 0);
    return { kb: bytes / 1024, scripts: sizes.size };
  } finally {
    await context.close();
  }
}
