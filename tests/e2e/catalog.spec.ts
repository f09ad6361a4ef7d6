import catalog from "../../locales/vi/catalog.json" with { type: "json" };
import en from "../../locales/en-US/catalog.json" with { type: "json" };
import vi from "../../locales/vi/common.json" with { type: "json" };
import { expect, hydrated, test, useLanguage } from "./fixtures.ts";

test("search without accents, filter, open an item, and go back to the same list", async ({ page }) => {
  await page.goto("/equipments-items");
  await hydrated(page);
  await page.getByLabel(catalog.search.label).fill("giap");
  const count = page.getByRole("main").getByRole("status");
  const unfiltered = (await count.textContent()) ?? "";
  await page.getByRole("button", { name: catalog.filters.apply }).click();
  await expect(page).toHaveURL(/[?&]q=giap/);
  // The filter form is keyed by the URL: wait for the new one (its count) before choosing in it.
  await expect(count).not.toHaveText(unfiltered);
  const cards = page.locator("main ul").last().getByRole("link");
  await expect(cards.first()).toContainText("Giáp");

  await page.getByLabel(catalog.filters.type).selectOption("armor");
  await page.getByLabel(catalog.filters.sort).selectOption("level-desc");
  await page.getByRole("button", { name: catalog.filters.apply }).click();
  await expect(page).toHaveURL(/type=armor/);
  await expect(page).toHaveURL(/sort=level-desc/);
  // The list has been re-read when the form shows the new filters (it is keyed by the URL).
  await expect(page.getByLabel(catalog.filters.type)).toHaveValue("armor");
  await page.waitForLoadState("networkidle");
  const firstName = (await cards.first().locator("span.truncate").textContent()) ?? "";
  expect(firstName).toMatch(/Giáp/);

  await cards.first().click();
  await expect(page).toHaveURL(/\/equipments-items\/detail\?id=[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(firstName);
  await expect(page).toHaveTitle(`${firstName} · Minithings Companion`);
  await expect(page.getByRole("heading", { name: catalog.item.stats })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/q=giap.*type=armor|type=armor.*q=giap/);
  await expect(page.getByLabel(catalog.search.label)).toHaveValue("giap");
  await expect(page.getByLabel(catalog.filters.type)).toHaveValue("armor");
});

test("'dao' finds the sabers named Đao", async ({ page }) => {
  await page.goto("/equipments-items?q=dao");
  await hydrated(page);
  await expect(page.locator("main ul").last().getByRole("link").first()).toContainText("Đao");
});

test("an empty result says so", async ({ page }) => {
  await page.goto("/equipments-items?q=zzzzqqqq");
  await expect(page.getByText(catalog.empty.title)).toBeVisible();
});

test("an item links to the recipes that make and use it, in English too", async ({ page }) => {
  await useLanguage(page, "en-US");
  await page.goto("/equipments-items/detail?id=iron-ingot");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: en.item.makes })).toBeVisible();
  const usedIn = page.locator("section").filter({ has: page.getByRole("heading", { name: en.item.uses }) });
  await expect(usedIn.getByRole("link").first()).toHaveAttribute("href", /\/craft\/detail\?id=/);
});

test.describe("unknown entries", () => {
  test.use({ expectedConsole: [/Failed to load resource: the server responded with a status of 404/] });
  test("an unknown or missing id answers 404 with the error page", async ({ page }) => {
    for (const path of ["/equipments-items/detail?id=no-such-item", "/equipments-items/detail"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(vi.errors.notFound.message);
      await expect(page.locator("[data-status]")).toHaveAttribute("data-error-message", `Page not found: ${path}`);
    }
  });
});
