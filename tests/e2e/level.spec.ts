import catalog from "../../locales/vi/catalog.json" with { type: "json" };
import en from "../../locales/en-US/catalog.json" with { type: "json" };
import vi from "../../locales/vi/common.json" with { type: "json" };
import { expect, hydrated, test } from "./fixtures.ts";

test("the level calculator adds the table's XP between two levels, keeps its inputs in the URL", async ({ page }) => {
  await page.goto("/level");
  await hydrated(page);
  const table = page.getByRole("table", { name: catalog.level.table.caption });
  await expect(table.getByRole("row")).toHaveCount(101);
  const cumulative = async (level: number) =>
    Number((await table.getByRole("row").nth(level).getByRole("cell").nth(2).textContent())?.replace(/\D/g, ""));

  // Each field's value reaches the URL before the next is typed, as a reader sees the result change.
  await page.getByLabel(catalog.level.calculator.from).fill("10");
  await expect(page).toHaveURL(/from=10/);
  await page.getByLabel(catalog.level.calculator.to).fill("25");
  await expect(page).toHaveURL(/to=25/);
  const expected = (await cumulative(25)) - (await cumulative(10));
  const xp = page.getByText(catalog.level.calculator.xpNeeded).locator("xpath=following-sibling::dd");
  await expect(xp).toHaveText(expected.toLocaleString("vi-VN"));
  await page.getByLabel(catalog.level.calculator.rate).fill(String(expected));
  await expect(page.getByText(catalog.level.calculator.time).locator("xpath=following-sibling::dd")).toHaveText("1 giờ 0 phút");
  await expect(page).toHaveURL(/from=10/);
  await expect(page).toHaveURL(/to=25/);
});

test("switching the language re-reads the page's own messages", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/level?from=5");
  await hydrated(page);
  await page.getByRole("banner").getByLabel(vi.language.label).selectOption("en-US");
  await expect(page.getByRole("heading", { name: en.level.calculator.title })).toBeVisible();
});

test("the level calculator says when the target is not above the current level, and lets a field be retyped", async ({ page }) => {
  await page.goto("/level?from=20&to=10");
  await hydrated(page);
  await expect(page.getByRole("status").filter({ hasText: catalog.level.calculator.nothing })).toBeVisible();
  const from = page.getByLabel(catalog.level.calculator.from);
  await from.fill("");
  await expect(page.getByRole("alert")).toHaveText(vi.number.required);
  await from.pressSequentially("5");
  await expect(from).toHaveValue("5");
  await expect(page).toHaveURL(/from=5/);
  await expect(page.getByText(catalog.level.calculator.nothing)).toHaveCount(0);
  await page.getByLabel(catalog.level.calculator.percent).fill("250");
  await expect(page.getByRole("alert")).toHaveText(vi.number.max.replace("{{max}}", "100"));
});

test("on a phone the level table scrolls sideways from the keyboard, with a visible focus ring", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/level");
  await hydrated(page);
  const region = page.getByRole("region", { name: catalog.level.table.scrollRegion });
  await expect(region).toBeVisible();
  expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);

  await page.getByLabel(catalog.level.calculator.rate).focus();
  await page.keyboard.press("Tab");
  await expect(region).toBeFocused();
  const ring = await region.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(ring.style).toBe("solid");
  expect(ring.width).toBeGreaterThanOrEqual(2);

  // A reader presses the arrow once the focus ring is drawn: wait for a frame to be presented with the focus
  // (a busy machine can press before the compositor knows the region scrolls, and the key then scrolls nothing).
  await region.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.keyboard.press("ArrowRight");
  await expect(region).toBeFocused();
  await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
});
