import en from "../../locales/en-US/common.json" with { type: "json" };
import vi from "../../locales/vi/common.json" with { type: "json" };
import type { Page } from "@playwright/test";
import { expect, hydrated, test, useLanguage } from "./fixtures.ts";

test.use({ expectedConsole: [/Failed to load resource: the server responded with a status of (404|500|503)/] });

test("an unknown path answers 404 with the error page (en-US)", async ({ page }) => {
  await useLanguage(page, "en-US");
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await hydrated(page);
  const error = page.locator("[data-status]");
  await expect(error).toHaveAttribute("data-status", "404");
  await expect(error).toHaveAttribute("data-error-message", "Page not found: /no/such/page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  await expect(page).toHaveTitle("Page Not Found · Minithings Companion");
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByText(en.errors.notFound.description.replace("{{path}}", "/no/such/page"))).toBeVisible();
  await page.getByRole("link", { name: en.errors.home }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the 404 page is translated in vi and keeps the navigation", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const response = await page.goto("/khong-co");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(vi.errors.notFound.message);
  await expect(page.getByRole("navigation", { name: vi.nav.label })).toBeVisible();
});

/** From the hydrated home page, follows a link to `href` inside the page (a client-side navigation). */
async function navigateInPlace(page: Page, href: string): Promise<void> {
  await page.goto("/");
  await hydrated(page);
  await page.evaluate((to) => {
    const link = document.createElement("a");
    link.href = to;
    link.textContent = "go";
    document.querySelector("main")?.append(link);
  }, href);
  await page.getByRole("link", { name: "go", exact: true }).click();
}

test("a client-side navigation to an unknown path shows the 404 page", async ({ page }) => {
  await navigateInPlace(page, "/missing-by-click");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(vi.errors.notFound.message);
  await expect(page.locator("[data-status]")).toHaveAttribute("data-error-message", "Page not found: /missing-by-click");
});

for (const language of ["vi", "en-US"] as const) {
  test(`any other error answers 500 with 'Internal Server Error' and no stack trace (${language})`, async ({ page }) => {
    await useLanguage(page, language);
    const response = await page.goto("/__fault");
    expect(response?.status()).toBe(500);
    const html = await response?.text();
    expect(html).not.toContain("Deliberate failure");
    expect(html).not.toMatch(/\bat .*\.(js|ts):\d+/);
    const messages = language === "vi" ? vi : en;
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(messages.errors.internal.message);
    await expect(page.locator("[data-status]")).toHaveAttribute("data-status", "500");
    await expect(page.getByRole("link", { name: messages.errors.home })).toBeVisible();
    if (language === "en-US") await expect(page.getByRole("heading", { level: 1 })).toHaveText("Internal Server Error");
  });
}

for (const language of ["vi", "en-US"] as const) {
  test(`a page whose database is briefly away answers 503 with Retry-After, says so, and loads itself again (${language})`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    const response = await page.goto("/__fault?database=unreachable");
    expect(response?.status()).toBe(503);
    expect(response?.headers()["retry-after"]).toBe("5");
    expect(await response?.text()).not.toContain("ECONNREFUSED");
    const messages = language === "vi" ? vi : en;
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(messages.errors.unavailable.message);
    await expect(page.getByText(messages.errors.unavailable.description)).toBeVisible();
    await expect(page.getByRole("link", { name: messages.errors.unavailable.retry })).toHaveAttribute(
      "href",
      "/__fault?database=unreachable",
    );
    // The page asks again by itself, as a person would after a moment.
    const again = await page.waitForRequest(
      (request) => request.url().endsWith("/__fault?database=unreachable") && request.isNavigationRequest(),
      {
        timeout: 30_000,
      },
    );
    expect(again.method()).toBe("GET");
  });
}

test("a client-side navigation to a page whose database is briefly away says so too", async ({ page }) => {
  await navigateInPlace(page, "/__fault?database=unreachable");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(vi.errors.unavailable.message);
  await expect(page.getByRole("link", { name: vi.errors.unavailable.retry })).toBeVisible();
});
