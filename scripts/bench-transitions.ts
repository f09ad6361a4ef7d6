/**
 * Moving between a member's pages, and sending a chat message, on the calibrated phone (issue 42):
 * Debian's Chromium, the CPU slowed at the run's multiplier (the host's benchmark index ÷ 450, as the
 * Lighthouse runs calibrate), signed in by the member's session cookie, a phone's viewport. No network
 * throttling: loopback, a warm cache (a member who comes back every day).
 *
 * - The moves `/me` → `/me/bag` → `/me/make-offer` → `/chat` are `bench-moves.ts` (puppeteer-core,
 *   which keeps prerendering on), walked `runs` times after one walk not counted.
 * - Sending (Playwright): in the room, the member types a message (a person's pace, the composer wakes
 *   as it would), then presses Enter: from the keydown's own time to the frame after the message's text
 *   is in the list (not the composer).
 */
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { cpuMultiplier, MID_RANGE_PHONE_INDEX, transitionVerdict, type TransitionVerdict } from "./bench-budgets.ts";
import { chromiumArgs, chromiumPath } from "./chromium.ts";
import { waitForQuietHost } from "./host-quiet.ts";
import { benchMoves, type MoveSample } from "./bench-moves.ts";

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

export async function memberContext(browser: Browser, baseUrl: string, cookie: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT, locale: "vi-VN", isMobile: true, hasTouch: true });
  await context.addCookies(parseCookieHeader(cookie, baseUrl));
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
  steps: (TransitionVerdict & { kinds: MoveSample["kind"][] })[];
  send: TransitionVerdict;
}

export interface TransitionOptions {
  baseUrl: string;
  cookie: string;
  multiplier: number;
  runs: number;
  /** The room's page (`/chat?room=…`) and the composer's accessible name in the member's language. */
  roomPath: string;
  composerLabel: string;
  onSample?: (label: string, run: number, ms: number, parts?: MoveSample["parts"], kind?: MoveSample["kind"]) => void;
}

export const stepLabel = (from: string, to: string) => `${from} → ${to}`;
export const SEND_LABEL = "chat: Enter → message painted";

export async function benchTransitions(browser: Browser, options: TransitionOptions): Promise<TransitionsResult> {
  const samples = await benchMoves({
    baseUrl: options.baseUrl,
    cookie: options.cookie,
    multiplier: options.multiplier,
    runs: options.runs,
    chain: MEMBER_CHAIN,
    label: stepLabel,
    onSample: (label, run, sample) => options.onSample?.(label, run, sample.ms, sample.parts, sample.kind),
  });
  const context = await memberContext(browser, options.baseUrl, options.cookie);
  try {
    const page = await context.newPage();
    await throttle(page, options.multiplier);
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
): Promise<{ kb: number; scripts: number }> {
  const { gzipSync } = await import("node:zlib");
  const context = cookie
    ? await memberContext(browser, baseUrl, cookie)
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
