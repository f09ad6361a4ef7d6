import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Browser, type Locator, type Page, type WebSocket } from "@playwright/test";
import auth from "../../locales/vi/auth.json" with { type: "json" };

/** Console messages that mean a defect: errors, and React's hydration complaints at any level. */
function isProblem(type: string, text: string): boolean {
  if (type === "error") return true;
  return /hydrat|did not match|server rendered/i.test(text);
}

interface Fixtures {
  /** Console messages this test expects (e.g. the browser's own line for a 404 document). */
  expectedConsole: RegExp[];
  consoleProblems: string[];
}

/** Every journey fails on a console error or a hydration warning it did not expect. */
export const test = base.extend<Fixtures>({
  expectedConsole: [[], { option: true }],
  consoleProblems: [
    async ({ page, expectedConsole }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        const text = message.text();
        if (isProblem(message.type(), text) && !expectedConsole.some((pattern) => pattern.test(text))) {
          // The browser's line for a failed request does not name it: its location does.
          const where = message.location().url;
          problems.push(`${message.type()}: ${text}${where && !text.includes(where) ? ` (${where})` : ""}`);
        }
      });
      page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
      await use(problems);
      expect(problems, "console errors or hydration warnings").toEqual([]);
    },
    { auto: true },
  ],
});

/** Sets the language before the first request, as a returning visitor would have it. */
export async function useLanguage(page: Page, language: "vi" | "en-US"): Promise<void> {
  const url = new URL(test.info().project.use.baseURL ?? "http://127.0.0.1");
  await page.context().addCookies([{ name: "locale", value: language, domain: url.hostname, path: "/" }]);
  await page.addInitScript((lang) => {
    if (!localStorage.getItem("lang")) localStorage.setItem("lang", lang);
  }, language);
}

/**
 * Waits until React has hydrated the page (the client router is live and effects ran). Right after a
 * link starts a full navigation the polled document may have no root element yet: that is "not yet".
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement?.dataset.hydrated === "true");
}

/** A marker on the window survives only changes inside the document, not a document load. */
export async function markDocument(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  return () => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
}

/**
 * Waits until the page's auth state has checked the session with the server and stored the member's
 * ID token: from then on a session that ends unseen (cookies cleared) is met by the next request,
 * not by the page's own check.
 */
export async function authSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => localStorage.getItem("userToken") !== null);
}

/**
 * Opens `path` and waits until the bell follows the member's notifications live: the socket has
 * brought the count it starts from (the `unread` frame right after `subscribed`).
 */
export async function openFollowing(page: Page, path: string): Promise<void> {
  const following = new Promise<void>((resolve) => {
    const onSocket = (socket: WebSocket) =>
      socket.on("framereceived", ({ payload }) => {
        if (typeof payload === "string" && (JSON.parse(payload) as { type?: string }).type === "unread") {
          page.off("websocket", onSocket);
          resolve();
        }
      });
    page.on("websocket", onSocket);
  });
  await page.goto(path);
  await hydrated(page);
  await following;
}

/** Whether the page's island of that name has become a React root (a sleeping one is still server HTML). */
export function islandHydrated(page: Page, name: string): Promise<boolean> {
  return page.evaluate(
    (island) => Object.keys(document.querySelector(`[data-island="${island}"]`)!).some((key) => key.startsWith("__reactContainer")),
    name,
  );
}

/** Whether the island `name` inside `within` (one card of many, say) is a React root by now. */
export function islandHydratedIn(within: Locator, name: string): Promise<boolean> {
  return within
    .locator(`[data-island="${name}"]`)
    .first()
    .evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactContainer")));
}

/** The password every journey's accounts use (long, not a common one). */
export const PASSWORD = "mat-khau-that-dai";

/** Signs up through the /login page's form, as a person would (from `from`, which may carry a redirect). */
export async function signUpThroughLogin(page: Page, email: string, name = "Người Chơi", from = "/login"): Promise<void> {
  await page.goto(from);
  await hydrated(page);
  await page.getByRole("link", { name: auth.modes.signup }).click();
  await page.getByLabel(auth.fields.name).fill(name);
  await page.getByLabel(auth.fields.email).fill(email);
  await page.getByLabel(auth.fields.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(auth.fields.confirm).fill(PASSWORD);
  await page.getByRole("button", { name: auth.signup.submit }).click();
}

/**
 * A new member in a browser context of their own, signed up through the API with a unique address,
 * their profile made; in Vietnamese. The caller closes `page.context()`.
 */
export async function memberInBrowser(
  browser: Browser,
  name: string,
  prefix = "member",
): Promise<{ page: Page; uid: string; name: string }> {
  const origin = test.info().project.use.baseURL ?? "";
  const context = await browser.newContext({ baseURL: origin, locale: "vi-VN" });
  const page = await context.newPage();
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.vn`;
  const signedUp = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password: PASSWORD, name },
    headers: { Origin: origin },
  });
  expect(signedUp.status()).toBe(200);
  const profile = await page.request.post("/api/profile/sync", { data: {}, headers: { Origin: origin } });
  return { page, uid: (await profile.json()).uid, name };
}

export { expect };

/** axe's serious and critical violations on the page as it is now (WCAG 2.1 A/AA and best practices), one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
}

/** The page's violations of the named axe rules, whatever their impact (`heading-order` is moderate). */
export async function axeRules(page: Page, rules: string[]): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withRules(rules).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/** The widths the accessibility journeys check every page at: a phone and a desktop. */
export const AXE_WIDTHS = [390, 1440] as const;

/**
 * `seriousViolations` at each of `AXE_WIDTHS`, each line prefixed with its width. The page is loaded
 * once: the layout responds to the width through CSS alone (the map's Leaflet observes its own
 * size), so resizing lays it out as a load at that width would, at the cost of one more axe pass.
 */
export async function seriousViolationsAtEveryWidth(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const width of AXE_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // What follows the new width in script (a map's ResizeObserver moving its view and markers)
    // runs with the next frame: axe reads the page after it, not while it changes.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    found.push(...(await seriousViolations(page)).map((line) => `${width}px ${line}`));
  }
  return found;
}

/** An item's market loads once the reader comes near it (whenNearViewport): scroll to it, as a reader does. */
export async function scrollToMarket(page: Page): Promise<void> {
  // In the page's own script: the placeholder is replaced by the market as it comes into view.
  await page.evaluate(() => document.getElementById("market")?.closest("section")?.scrollIntoView({ block: "start" }));
}
