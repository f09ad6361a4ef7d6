import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import common from "../../locales/vi/common.json" with { type: "json" };
import delivery from "../../locales/vi/delivery.json" with { type: "json" };
import { RELOAD_GUARD_KEY } from "../../app/shared/delivery/reload-guard.ts";
import { expect, hydrated, test } from "./fixtures.ts";

/** Full page loads of the main frame (the first one included). */
function countDocumentLoads(page: Page): () => string[] {
  const loads: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.push(new URL(request.url()).pathname);
  });
  return () => loads;
}

/** The server announces a build other than the page's: `builds/latest.json` answered by the test. */
async function announceNewerBuild(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route("**/builds/latest.json*", async (route) => {
    asked.push(new URL(route.request().url()).search);
    await route.fulfill({ json: { id: "a-newer-build", timestamp: Date.now() }, headers: { "Cache-Control": "no-cache" } });
  });
  return asked;
}

const readGuard = (page: Page) =>
  page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? "null") as { path: string; expires: number } | null, RELOAD_GUARD_KEY);

// Build refresh and the chunk guard of client navigations start from a page hydrated by React Router
// (/users): a page served as islands (decision 025) loads a document on every navigation anyway.
test.describe("build refresh", () => {
  // The worker would answer from its caches; these journeys watch the network itself.
  test.use({ serviceWorkers: "block" });

  test("a newer build makes the next navigation a full page load, remembered in sessionStorage", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const asked = await announceNewerBuild(page);
    const loads = countDocumentLoads(page);
    await page.goto("/users");
    await hydrated(page);
    // The first check comes about 1 second after start, with a timestamp query.
    await expect(page.locator("html")).toHaveAttribute("data-build", "outdated");
    expect(asked[0]).toMatch(/^\?\d{13}$/);

    const started = Date.now();
    await page.getByRole("complementary").getByRole("link", { name: common.pages.class.nav }).click();
    await expect(page).toHaveURL(/\/class$/);
    await hydrated(page);
    expect(loads()).toEqual(["/users", "/class"]);
    const guard = await readGuard(page);
    expect(guard?.path).toBe("/class");
    expect(guard!.expires - started).toBeGreaterThan(9_000);
    expect(guard!.expires - started).toBeLessThanOrEqual(10_000 + (Date.now() - started));
  });

  test("a path reloaded in the last 10 seconds is not reloaded again: the navigation stays in the page", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await announceNewerBuild(page);
    const loads = countDocumentLoads(page);
    await page.goto("/users");
    await hydrated(page);
    await expect(page.locator("html")).toHaveAttribute("data-build", "outdated");
    // As if /class had just been loaded fully for this very reason.
    await page.evaluate(
      (key) => sessionStorage.setItem(key, JSON.stringify({ path: "/class", expires: Date.now() + 10_000 })),
      RELOAD_GUARD_KEY,
    );
    await page.getByRole("complementary").getByRole("link", { name: common.pages.class.nav }).click();
    await expect(page).toHaveURL(/\/class$/);
    await expect(page.getByRole("heading", { level: 1, name: common.pages.class.title })).toBeVisible();
    expect(loads()).toEqual(["/users"]);
  });

  test("without a newer build, navigations stay in the page", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const loads = countDocumentLoads(page);
    const latest = page.waitForResponse((response) => response.url().includes("/builds/latest.json?"));
    await page.goto("/users");
    await hydrated(page);
    expect((await latest).status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("data-build", "current");
    await page.getByRole("complementary").getByRole("link", { name: common.pages.class.nav }).click();
    await expect(page).toHaveURL(/\/class$/);
    expect(loads()).toEqual(["/users"]);
  });
});

test.describe("a code chunk that fails to load", () => {
  test.use({
    serviceWorkers: "block",
    // React Router reports the failed route module, the browser the aborted requests.
    expectedConsole: [/Error loading route module|Failed to load resource|Failed to fetch dynamically imported module|TypeError/],
  });

  test("reloads the page once, never in a loop", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const loads = countDocumentLoads(page);
    await page.goto("/users");
    await hydrated(page);
    // The page's own background code (the delivery runtime, loaded once the page is idle in the `background` chunk with
    // the rest plain islands load on demand) is in first: a background chunk failing here would reload "/users", which is
    // not this journey.
    await page.waitForFunction(() => performance.getEntriesByType("resource").some((entry) => entry.name.includes("/assets/background-")));
    await page.waitForLoadState("networkidle");
    // From now on every script not yet loaded fails: the next route's chunk, and after the reload every chunk.
    await page.route("**/assets/**/*.js", (route) => route.abort("failed"));
    await page.getByRole("complementary").getByRole("link", { name: common.pages.mounts.nav }).click();
    await expect.poll(() => loads()).toEqual(["/users", "/mounts"]);
    // The reloaded page fails to load its chunks too; the guard stops a second reload.
    await page.waitForTimeout(3_000);
    expect(loads()).toEqual(["/users", "/mounts"]);
    expect((await readGuard(page))?.path).toBe("/mounts");
    // The server-rendered page is still there to read.
    await expect(page.getByRole("heading", { level: 1, name: common.pages.mounts.title })).toBeVisible();
  });
});

test.describe("offline", () => {
  test.use({
    // Requests that cannot leave an offline browser (build checks, the manifest), as the browser reports them.
    expectedConsole: [/Failed to load resource|ERR_INTERNET_DISCONNECTED|Manifest/],
  });

  test("a visited catalog page opens without the network, with an offline indicator; other pages say they need it", async ({
    page,
    context,
  }) => {
    await page.goto("/mounts");
    await hydrated(page);
    // The worker waits until the page has settled (it serves later visits): none beside the page loading.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) === undefined)).toBe(true);
    const kept = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      // The worker keeps the page it did not see load (it took control afterwards).
      for (let attempt = 0; attempt < 50; attempt += 1) {
        for (const name of await caches.keys()) {
          if (!name.startsWith("minithings-pages-")) continue;
          const keys = await (await caches.open(name)).keys();
          if (keys.some((request) => new URL(request.url).pathname === "/mounts")) return true;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return false;
    });
    expect(kept).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: common.pages.mounts.title })).toBeVisible();
    await expect(page.getByTestId("offline-indicator")).toContainText(common.offline.status);
    await expect(page.getByTestId("offline-indicator")).toContainText(common.offline.reference);
    const axe = await new AxeBuilder({ page }).include("[data-testid=offline-indicator]").analyze();
    expect(axe.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical")).toEqual([]);

    const chat = await page.goto("/chat");
    expect(chat?.status()).toBe(503);
    await expect(page.getByRole("heading", { level: 1, name: delivery.needsNetwork.title })).toBeVisible();
    await expect(page.getByText(delivery.needsNetwork.body)).toBeVisible();

    await context.setOffline(false);
    await page.getByRole("link", { name: delivery.needsNetwork.retry }).click();
    await hydrated(page);
    await expect(page.getByTestId("offline-indicator")).toHaveCount(0);
  });
});

test("the web app manifest is valid and Chromium finds the site installable", async ({ playwright, baseURL }) => {
  // Chromium never offers to install from an incognito profile, which every new context is: a real profile here.
  const profile = mkdtempSync(join(tmpdir(), "minithings-install-"));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...test.info().project.use.launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const response = await page.goto("/");
    // The document names the manifest once it has settled, beside the worker, not as it loads.
    expect(await response?.text()).not.toContain('rel="manifest"');
    await hydrated(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect(page.locator('head link[rel="manifest"]')).toHaveCount(1);
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send("Page.getAppManifest")) as { url: string; errors: { message: string }[]; data?: string };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const data = JSON.parse(manifest.data ?? "{}") as Record<string, unknown>;
    expect(data).toMatchObject({ display: "standalone", theme_color: "#F15A22", start_url: "/" });
    await expect
      .poll(async () => ((await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: unknown[] }).installabilityErrors)
      .toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test("a shared entry link has a canonical URL, hreflang alternates and a social card in its language", async ({ page }) => {
  await page.goto("/mounts/detail?id=brown-horse&lang=en-US");
  await hydrated(page);
  const head = page.locator("head");
  const name = await page.getByRole("heading", { level: 1 }).innerText();
  const origin = new URL(page.url()).origin;
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/mounts/detail?id=brown-horse&lang=en-US`);
  await expect(head.locator('link[rel="alternate"][hreflang="vi"]')).toHaveAttribute("href", `${origin}/mounts/detail?id=brown-horse`);
  await expect(head.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
    "href",
    `${origin}/mounts/detail?id=brown-horse`,
  );
  await expect(head.locator('meta[property="og:title"]')).toHaveAttribute("content", name);
  await expect(head.locator('meta[name="twitter:title"]')).toHaveAttribute("content", name);
  await expect(head.locator('meta[property="og:locale"]')).toHaveAttribute("content", "en_US");
  await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary");
  const image = await head.locator('meta[property="og:image"]').getAttribute("content");
  expect((await page.request.get(image ?? "")).headers()["content-type"]).toBe("image/png");
  await expect(head.locator('meta[property="og:description"]')).not.toHaveAttribute("content", "");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
});

test("a newer build makes the service worker update at once", async ({ page }) => {
  await page.addInitScript(() => {
    const update = ServiceWorkerRegistration.prototype.update;
    const counted = window as unknown as { workerUpdates: number };
    counted.workerUpdates = 0;
    ServiceWorkerRegistration.prototype.update = function (this: ServiceWorkerRegistration) {
      counted.workerUpdates += 1;
      return update.call(this);
    };
  });
  await page.goto("/mounts");
  await hydrated(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  expect(await page.evaluate(() => (window as unknown as { workerUpdates: number }).workerUpdates)).toBe(0);
  await announceNewerBuild(page);
  await page.reload();
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("data-build", "outdated");
  await expect.poll(() => page.evaluate(() => (window as unknown as { workerUpdates: number }).workerUpdates)).toBe(1);
});

test("public pages are rendered once per language for anonymous visitors; a signed-in visitor's page is never shared", async ({
  page,
  playwright,
  baseURL,
}) => {
  const first = await page.request.get("/equipments-items/detail?id=iron-sword");
  const second = await page.request.get("/equipments-items/detail?id=iron-sword");
  expect(second.headers()["x-render-cache"]).toBe("hit");
  expect(first.headers()["vary"]).toContain("Cookie");
  const english = await page.request.get("/equipments-items/detail?id=iron-sword", { headers: { Cookie: "locale=en-US" } });
  expect(await english.text()).toContain('<html lang="en-US"');

  const name = `Người Chơi ${Date.now()}`;
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    data: { email: `cache-${Date.now()}@example.vn`, password: "mat-khau-that-dai", name },
    headers: { Origin: test.info().project.use.baseURL ?? "" },
  });
  expect(signUp.status()).toBe(200);
  const signedIn = await page.request.get("/equipments-items/detail?id=iron-sword");
  expect(signedIn.headers()["x-render-cache"]).toBeUndefined();
  expect(await signedIn.text()).toContain(name);
  const payload = await page.request.get("/equipments-items/detail/_payload.json?build&id=iron-sword");
  expect(await payload.text()).not.toContain(name);
  const stranger = await playwright.request.newContext({ baseURL });
  const anonymous = await stranger.get("/equipments-items/detail?id=iron-sword");
  expect(anonymous.headers()["x-render-cache"]).toBe("hit");
  expect(await anonymous.text()).not.toContain(name);
  await stranger.dispose();
});
