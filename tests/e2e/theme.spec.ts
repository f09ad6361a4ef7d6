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
  // A visitor's app bar wakes at this click and plays it again once hydrated (decision 032): wait for the switch, as the reader does.
  await expect(page.locator("html")).toHaveAttribute("data-theme", "MinithingsLight");
  await page.reload();
  await hydrated(page);
  expect(await firstTheme(page)).toBe("MinithingsLight");
});

test("a page's content icons are drawn from one image and follow the theme", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  const iconRequests: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/icons/")) iconRequests.push(url.pathname);
  });
  const sprite = page.waitForResponse((response) => new URL(response.url()).pathname === "/icons/sprite.webp");
  await page.goto("/equipments-items");
  await hydrated(page);
  // The head names the page's sprite and its icons; every icon of the list is a window on it.
  const names = (await page.locator("style#icon-sprite").getAttribute("data-icons"))?.split(".") ?? [];
  const rows = page.getByRole("main").locator("ul li a");
  expect(names.length).toBeGreaterThan(10);
  const icon = rows.first().locator(".game-icon");
  await expect(icon).toHaveCSS("background-image", /\/icons\/sprite\.webp\?i=/);
  await expect(icon).toHaveAttribute("aria-hidden", "true");
  const response = await sprite;
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/webp");
  // One request for all of them, none per icon, and the image is drawable.
  const decoded = await page.evaluate(async (url) => {
    const image = new Image();
    image.src = url;
    await image.decode();
    return [image.naturalWidth, image.naturalHeight];
  }, response.url());
  expect(decoded[0]).toBe(96);
  expect(decoded[1]).toBeGreaterThan(96 * names.length);
  expect(iconRequests.filter((path) => path === "/icons/sprite.webp")).toHaveLength(1);
  expect(iconRequests.filter((path) => path.startsWith("/icons/game-icons/"))).toEqual([]);
  await expect(icon).toHaveCSS("filter", "none");
  await page.getByRole("button", { name: vi.theme.toDark }).click();
  await expect(icon).toHaveCSS("filter", "invert(1)");
});
