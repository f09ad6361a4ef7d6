import credits from "../../locales/vi/credits.json" with { type: "json" };
import en from "../../locales/en-US/common.json" with { type: "json" };
import vi from "../../locales/vi/common.json" with { type: "json" };
import { expect, hydrated, seriousViolations, test, useLanguage } from "./fixtures.ts";

test("the footer leads to the credits: the icons' authors and license, the icons in use, the open-source parts", async ({ page }) => {
  await page.goto("/equipments-items");
  await hydrated(page);
  await page.getByRole("contentinfo").getByRole("link", { name: vi.footer.credits }).click();
  await expect(page).toHaveURL(/\/credits$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(vi.pages.credits.title);
  await expect(page).toHaveTitle(new RegExp(`^${vi.pages.credits.title} · `));
  const icons = page.getByRole("region", { name: credits.icons.title });
  await expect(icons.getByRole("link", { name: "game-icons.net" })).toHaveAttribute("href", "https://game-icons.net/");
  await expect(icons.getByRole("link", { name: "CC BY 3.0" })).toHaveAttribute("href", "https://creativecommons.org/licenses/by/3.0/");
  await expect(icons.getByText("Lorc, Delapouite")).toBeVisible();

  const list = icons.getByRole("listitem");
  await expect(list.first()).toBeHidden();
  await icons.getByText(/^Xem \d+ biểu tượng/).click();
  await expect(list.first()).toBeVisible();
  expect(await list.count()).toBeGreaterThan(100);
  await expect(icons.getByText("broadsword", { exact: true })).toBeVisible();

  await expect(page.getByRole("region", { name: credits.software.title }).getByRole("link", { name: "Leaflet" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the credits page speaks English too", async ({ page }) => {
  await useLanguage(page, "en-US");
  await page.goto("/credits");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.pages.credits.title);
  await expect(page.getByText(/the other authors of/)).toBeVisible();
});
