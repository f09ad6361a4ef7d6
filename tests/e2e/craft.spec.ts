import catalog from "../../locales/vi/catalog.json" with { type: "json" };
import vi from "../../locales/vi/common.json" with { type: "json" };
import { expect, hydrated, islandHydrated, test } from "./fixtures.ts";

const RECIPE = "craft-greater-enhancement-stone";

test("the recipe list searches without accents and opens a recipe", async ({ page }) => {
  await page.goto("/craft");
  await hydrated(page);
  await page.getByLabel(catalog.craft.search.label).fill("da cuong hoa");
  await page.getByRole("button", { name: catalog.filters.apply }).click();
  await expect(page).toHaveURL(/q=da\+cuong\+hoa/);
  const first = page.locator("main ul").last().getByRole("link").first();
  await expect(first).toContainText("Đá Cường Hóa");
  await first.click();
  await expect(page).toHaveURL(/\/craft\/detail\?id=/);
  await expect(page.getByRole("heading", { name: catalog.craft.calculator.title })).toBeVisible();
});

test("the calculator expands the tree for N crafts and subtracts what the player has, kept in the URL", async ({ page }) => {
  await page.goto(`/craft/detail?id=${RECIPE}`);
  await hydrated(page);
  const gold = page.getByText(catalog.craft.calculator.gold).locator("xpath=following-sibling::dd");
  const base = page.locator("section").filter({ has: page.getByRole("heading", { name: catalog.craft.calculator.baseMaterials }) });
  const firstRow = base.locator("tbody tr").first();
  const neededForOne = Number((await firstRow.locator("td").nth(1).textContent())?.replace(/\D/g, ""));
  const goldForOne = Number((await gold.textContent())?.replace(/\D/g, ""));
  // A visitor's calculator is the server's plan until they use it (decision 032): the number typed
  // below wakes it, and still counts.
  expect(await islandHydrated(page, "craft-calculator")).toBe(false);

  await page.getByLabel(catalog.craft.calculator.runs).fill("3");
  await expect(page).toHaveURL(/[?&]n=3/);
  expect(await islandHydrated(page, "craft-calculator")).toBe(true);
  await expect(firstRow.locator("td").nth(1)).toHaveText(new RegExp(`^${(neededForOne * 3).toLocaleString("vi-VN").replace(".", "\\.")}$`));
  expect(Number((await gold.textContent())?.replace(/\D/g, ""))).toBe(goldForOne * 3);

  await firstRow.getByRole("spinbutton").fill("5");
  await expect(page).toHaveURL(/have=[a-z0-9-]+%3A5/);
  await expect(firstRow.locator("td").nth(3)).toHaveText(String(neededForOne * 3 - 5));

  await page.reload();
  await hydrated(page);
  await expect(firstRow.getByRole("spinbutton")).toHaveValue("5");
  await expect(page.getByLabel(catalog.craft.calculator.runs)).toHaveValue("3");
});

test("the number of crafts can be cleared and retyped, and a bad number is explained, not swallowed", async ({ page }) => {
  await page.goto(`/craft/detail?id=${RECIPE}`);
  await hydrated(page);
  const runs = page.getByLabel(catalog.craft.calculator.runs);
  await runs.click();
  await runs.press("End");
  await runs.press("Backspace");
  await expect(runs).toHaveValue("");
  await expect(page.getByRole("alert")).toHaveText(vi.number.required);
  await runs.pressSequentially("5");
  await expect(runs).toHaveValue("5");
  await expect(page).toHaveURL(/[?&]n=5/);
  await expect(page.getByRole("alert")).toHaveCount(0);

  await runs.fill("0");
  await expect(page.getByRole("alert")).toHaveText(vi.number.min.replace("{{min}}", "1"));
  await expect(runs).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/[?&]n=5/); // the plan keeps the last good number
  await runs.fill("12000");
  await expect(page.getByRole("alert")).toHaveText(vi.number.max.replace("{{max}}", "9999"));
  await runs.fill("7");
  await expect(page).toHaveURL(/[?&]n=7/);
});

test.describe("unknown recipes", () => {
  test.use({ expectedConsole: [/Failed to load resource: the server responded with a status of 404/] });
  test("an unknown recipe id answers 404", async ({ page }) => {
    const response = await page.goto("/craft/detail?id=no-such-recipe");
    expect(response?.status()).toBe(404);
  });
});
