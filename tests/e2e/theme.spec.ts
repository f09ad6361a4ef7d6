import type { Page } from "@playwright/test";
import vi from "../../locales/vi/common.json" with { type: "json" };
import { expect, hydrated, test } from "./fixtures.ts";

/** Records the theme as it is when <body> first appears, i.e. before anything is painted. */
async function recordFirstPaintTheme(page: Page) {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (document.body) {
        (window as unknown as { firstTheme: string }).firstTheme = document.documentElement.dataset.theme ?? "";
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

const firstTheme = (page: Page) => page.evaluate(() => (window as unknown as { firstTheme: string }).firstTheme);

test("follows the system preference until the player chooses", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await recordFirstPaintTheme(page);
  await page.goto("/class");
  await hydrated(page);
  expect(await firstTheme(page)).toBe("MinithingsDark");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(background).toBe("rgb(18, 18, 18)");

  await page.emulateMedia({ colorScheme: "light" });
  await page.reload();
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "MinithingsLight");
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe("rgb(240, 242, 245)");
});

test("remembers the chosen theme across reloads, with no flash of the other one", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await recordFirstPaintTheme(page);
  await page.goto("/rune");
  await hydrated(page);
  await page.getByRole("button", { name: vi.theme.toDark }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "MinithingsDark");
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

  await page.reload();
  await hydrated(page);
  expect(await firstTheme(page)).toBe("MinithingsDark");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "MinithingsDark");

  await page.getByRole("button", { name: vi.theme.toLight }).click();
  await page.reload();
  await hydrated(page);
  expect(await firstTheme(page)).toBe("MinithingsLight");
});

test("content icons are images that load and follow the theme", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/equipments-items");
  await hydrated(page);
  const icon = page.getByRole("main").locator("ul li a img").first();
  await expect(icon).toHaveAttribute("src", /^\/icons\/game-icons\/[a-z0-9-]+\.webp$/);
  // Lazy: it loads as it comes into view, and is drawn from a raster crisp at twice its size.
  await icon.scrollIntoViewIfNeeded();
  await expect.poll(() => icon.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(128);
  await expect(icon).toHaveCSS("filter", "none");
  await page.getByRole("button", { name: vi.theme.toDark }).click();
  await expect(icon).toHaveCSS("filter", "invert(1)");
});
