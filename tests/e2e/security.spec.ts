import common from "../../locales/vi/common.json" with { type: "json" };
import type { Page } from "@playwright/test";

import { expect, hydrated, test } from "./fixtures.ts";

const baseURL = () => test.info().project.use.baseURL ?? "";

/** A new account, signed in on this page's browser context. */
async function signUp(page: Page, prefix: string) {
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: {
      email: `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.vn`,
      password: "mat-khau-that-dai",
      name: "An Toàn",
    },
    headers: { Origin: baseURL() },
  });
  expect(response.status()).toBe(200);
}

test.describe("cross-site writes", () => {
  // The browser reports the refused form post of the other site's page.
  test.use({ expectedConsole: [/403/] });

  test("another site's auto-submitting text/plain form is refused before it reaches the API", async ({ page }) => {
    await signUp(page, "csrf");
    // A page of another site, as an attacker would host it.
    await page.route("http://evil.example/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>Quà miễn phí</title>
          <form id="f" method="POST" action="${baseURL()}/api/profile/sync" enctype="text/plain">
            <input name='{"displayName":"pwned","x":"' value='"}'>
          </form><script>document.getElementById("f").submit()</script>`,
      }),
    );
    const answer = page.waitForResponse((response) => response.url().endsWith("/api/profile/sync"));
    await page.goto("http://evil.example/gift");
    const response = await answer;
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual({ error: { code: "forbidden", message: expect.any(String) } });
  });
});

test("a request with a foreign Host changes neither the page's links nor what others are served", async ({ page }) => {
  const poisoned = await page.request.get("/equipments-items", { headers: { Host: "evil.example" } });
  expect(await poisoned.text()).not.toContain("evil.example");
  await page.goto("/equipments-items");
  await hydrated(page);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL()}/equipments-items`);
  expect(await page.content()).not.toContain("evil.example");
});

test("a signed-in page is never stored by a cache; a signed-out one keeps its caching", async ({ page }) => {
  const signedOut = await page.request.get("/equipments-items");
  expect(signedOut.headers()["cache-control"] ?? "").not.toBe("no-store");
  await signUp(page, "cache");
  for (const path of ["/", "/me", "/equipments-items"]) {
    const response = await page.request.get(path);
    expect(response.headers()["cache-control"], path).toBe("no-store");
  }
});

test.describe("the search budget", () => {
  // The browser reports the page's own 429.
  test.use({ expectedConsole: [/429/] });

  test("a list page searched past the search budget says so in the visitor's language, and lists without a search still work", async ({
    page,
  }) => {
    // Signed in, the budget is this account's own: the other journeys' searches are not touched.
    await signUp(page, "search-budget");
    // Spent fifty at a time, so that the budget of a minute is spent within a minute even on a busy
    // machine (one by one, 400 searches can take longer than the window, which then starts again);
    // more than two windows' worth, so that a window's end falling among them cannot hide the refusal.
    let refused = false;
    for (let spent = 0; spent < 700 && !refused; spent += 50) {
      const statuses = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          page.request.get(`/api/v1/search?q=giap${spent + index}`).then((answer) => answer.status()),
        ),
      );
      expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
      refused = statuses.includes(429);
    }
    expect(refused).toBe(true);
    const response = await page.goto("/equipments-items?q=giap");
    expect(response?.status()).toBe(429);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(common.errors.tooMany.message);
    // The list without a search costs nothing.
    expect((await page.goto("/equipments-items"))?.status()).toBe(200);
  });
});

test("a member's page another site opens with window.open leaves that site's reach: it loads itself again under Cross-Origin-Opener-Policy, and the opener's handle reads as closed (decision 051)", async ({
  page,
}) => {
  await signUp(page, "opener");
  const target = `${baseURL()}/me`;
  // What our server answered for the popup's document, load by load.
  const answers: (string | null)[] = [];
  page.context().on("response", (response) => {
    if (response.url() === target && response.request().resourceType() === "document")
      answers.push(response.headers()["cross-origin-opener-policy"] ?? null);
  });
  await page.route("http://evil.example/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Another site</title><p>Another site</p>" }),
  );
  await page.goto("http://evil.example/");
  const opened = page.context().waitForEvent("page");
  await page.evaluate((url) => {
    (window as unknown as { held: Window | null }).held = window.open(url);
  }, target);
  const popup = await opened;
  // The opener's handle is severed: the window it holds reads as closed, and the page has no opener.
  await expect.poll(() => page.evaluate(() => (window as unknown as { held: Window | null }).held?.closed)).toBe(true);
  await hydrated(popup);
  await expect(popup.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await popup.evaluate(() => window.opener)).toBeNull();
  expect(answers).toEqual([null, "same-origin"]);
  // Severed, the page drops the cookie that asked for the header: the next pages go without it.
  await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === "opener-guard")).toBe(false);

  // A page the site opens itself keeps its opener, and loads once, without the header.
  answers.length = 0;
  await page.goto(`${baseURL()}/class`);
  const own = page.context().waitForEvent("page");
  await page.evaluate((url) => {
    (window as unknown as { held: Window | null }).held = window.open(url);
  }, target);
  const second = await own;
  await hydrated(second);
  expect(await page.evaluate(() => (window as unknown as { held: Window | null }).held?.closed)).toBe(false);
  expect(answers).toEqual([null]);
});
