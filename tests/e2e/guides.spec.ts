import catalog from "../../locales/vi/catalog.json" with { type: "json" };
import vi from "../../locales/vi/common.json" with { type: "json" };
import { expect, hydrated, test } from "./fixtures.ts";

test("a guide opens with its table of contents, and its catalog links lead to the entries", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/guide");
  await hydrated(page);
  const first = page.getByRole("main").locator("section ul > li").first().getByRole("link");
  const title = (await first.locator("span.font-semibold").textContent()) ?? "";
  await first.click();
  await expect(page).toHaveURL(/\/guide\?id=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(`${title} · Minithings Companion`);
  const trail = page.getByRole("navigation", { name: vi.breadcrumb.label });
  await expect(trail.getByRole("link", { name: vi.pages.guide.nav })).toHaveAttribute("href", "/guide");
  await expect(trail.locator('[aria-current="page"]')).toHaveText(title);
  const toc = page.getByRole("navigation", { name: new RegExp(`^${catalog.guide.toc} \\(`) });
  const entry = toc.getByRole("link").first();
  const anchor = await entry.getAttribute("href");
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`${anchor}$`));
  const catalogLink = page.locator("article a[href^='/equipments-items/detail'], article a[href^='/craft/detail']").first();
  await catalogLink.click();
  await expect(page).toHaveURL(/\/(equipments-items|craft)\/detail\?id=/);
  await expect(page.getByRole("heading", { level: 1 })).not.toBeEmpty();
});

test("the rules page lists community and game rules with anchors", async ({ page }) => {
  await page.goto("/rule");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 2, name: catalog.rule.categories.community })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: catalog.rule.categories.game })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(vi.pages.rule.title);
});

test.describe("unknown guides", () => {
  test.use({ expectedConsole: [/Failed to load resource: the server responded with a status of 404/] });
  test("an unknown guide id answers 404", async ({ page }) => {
    expect((await page.goto("/guide?id=no-such-guide"))?.status()).toBe(404);
  });
});
