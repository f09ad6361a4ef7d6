import type { Page } from "@playwright/test";
import vi from "../../locales/vi/common.json" with { type: "json" };
import { expect, hydrated, seriousViolations, test } from "./fixtures.ts";

async function openWide(page: Page) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await hydrated(page);
  return page.getByRole("combobox", { name: vi.search.label });
}

test("Ctrl+K, ⌘K and / focus the search, but / stays a character in another field", async ({ page }) => {
  const search = await openWide(page);
  await page.locator("main").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("Control+k");
  await expect(search).toBeFocused();

  await search.blur();
  await page.keyboard.press("Meta+k");
  await expect(search).toBeFocused();

  await search.blur();
  await page.keyboard.press("/");
  await expect(search).toBeFocused();
  await expect(search).toHaveValue("");

  await search.fill("giap");
  await page.keyboard.press("/");
  await expect(search).toHaveValue("giap/");
});

test("typing shows hits grouped by kind, highlighted without regard to accents; Escape closes the list", async ({ page }) => {
  const search = await openWide(page);
  await search.click();
  await search.pressSequentially("giap");
  const listbox = page.getByRole("listbox", { name: vi.search.results });
  await expect(listbox).toBeVisible();
  await expect(search).toHaveAttribute("aria-expanded", "true");
  await expect(search).toHaveAttribute("aria-controls", (await listbox.getAttribute("id")) ?? "");

  const items = listbox.getByRole("group", { name: vi.search.kinds.items });
  await expect(items).toBeVisible();
  const option = items.getByRole("option").filter({ hasText: "Giáp" }).first();
  await expect(option).toBeVisible();
  await expect(
    option
      .locator("mark")
      .filter({ hasText: /^Giáp$/ })
      .first(),
  ).toBeVisible();

  expect(await seriousViolations(page)).toEqual([]);

  await page.keyboard.press("Escape");
  await expect(listbox).toBeHidden();
  await expect(search).toHaveAttribute("aria-expanded", "false");
  await expect(search).toBeFocused();
  await expect(search).toHaveValue("giap");
});

test("ArrowDown and Enter open the active hit's page", async ({ page }) => {
  const search = await openWide(page);
  await search.click();
  await search.pressSequentially("giap");
  const listbox = page.getByRole("listbox", { name: vi.search.results });
  await expect(listbox.getByRole("option").first()).toBeVisible();

  await page.keyboard.press("ArrowDown");
  const first = listbox.getByRole("option").first();
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(search).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id")) ?? "");
  await page.keyboard.press("ArrowDown");
  await expect(listbox.getByRole("option").nth(1)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowUp");
  await expect(first).toHaveAttribute("aria-selected", "true");

  const name = (await first.textContent()) ?? "";
  const firstGroup = await listbox.getByRole("group").first().getAttribute("aria-labelledby");
  const kind = firstGroup ? await page.locator(`[id="${firstGroup}"]`).textContent() : "";
  await page.keyboard.press("Enter");
  if (kind === vi.search.kinds.items) await expect(page).toHaveURL(/\/equipments-items\/detail\?id=[a-z0-9-]+$/);
  else await expect(page).not.toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name.trim());
  await expect(search).toHaveValue("");
});

test("Enter without an active hit opens the best hit of the answer shown, whatever its kind", async ({ page }) => {
  const search = await openWide(page);
  await search.click();
  await search.pressSequentially("den long");
  const first = page.getByRole("listbox", { name: vi.search.results }).getByRole("option").first();
  await expect(first).toBeVisible();
  const name = ((await first.textContent()) ?? "").trim();
  await page.keyboard.press("Enter");
  await expect(page).not.toHaveURL(/\/equipments-items\?q=/);
  await expect(page.getByRole("main")).toContainText(name);
});

test("on a phone (390x844) the search dialog works by touch", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: vi.search.open }).tap();
  const dialog = page.getByRole("dialog", { name: vi.search.label });
  await expect(dialog).toBeVisible();
  const search = dialog.getByRole("combobox", { name: vi.search.label });
  await search.fill("giap");
  const option = dialog.getByRole("group", { name: vi.search.kinds.items }).getByRole("option").filter({ hasText: "Giáp" }).first();
  await expect(option).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await option.tap();
  await expect(page).toHaveURL(/\/equipments-items\/detail\?id=[a-z0-9-]+$/);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Giáp");
  await context.close();
});

test("on a phone the shortcut opens the search dialog", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await hydrated(page);
  await page.keyboard.press("Control+k");
  const dialog = page.getByRole("dialog", { name: vi.search.label });
  await expect(dialog).toBeVisible();
  const search = dialog.getByRole("combobox", { name: vi.search.label });
  await expect(search).toBeFocused();

  await search.pressSequentially("giap");
  const listbox = dialog.getByRole("listbox", { name: vi.search.results });
  await expect(listbox.getByRole("option").first()).toBeVisible();
  // The first Escape closes the list, the second the dialog.
  await page.keyboard.press("Escape");
  await expect(listbox).toBeHidden();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the search is a GET form to the catalog", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/");
    const search = page.getByRole("combobox", { name: vi.search.label });
    await search.fill("giap");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/equipments-items\?q=giap$/);
  });
});

test("a page without the app bar leaves / and Ctrl+K to the browser", async ({ page }) => {
  await page.goto("/login");
  await hydrated(page);
  await expect(page.locator("#app-search, [data-search-open]")).toHaveCount(0);
  await page.evaluate(() => {
    (window as unknown as { claimed: string[] }).claimed = [];
    window.addEventListener("keydown", (event) => {
      if (event.defaultPrevented) (window as unknown as { claimed: string[] }).claimed.push(event.key);
    });
  });
  await page.keyboard.press("/");
  await page.keyboard.press("Control+k");
  expect(await page.evaluate(() => (window as unknown as { claimed: string[] }).claimed)).toEqual([]);
});
