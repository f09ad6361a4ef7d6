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
