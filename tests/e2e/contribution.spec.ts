import catalog from "../../locales/vi/catalog.json" with { type: "json" };
import common from "../../locales/vi/common.json" with { type: "json" };
import users from "../../locales/vi/users.json" with { type: "json" };
import { expect, hydrated, seriousViolationsAtEveryWidth, test } from "./fixtures.ts";

/**
 * Contribution levels as visitors meet them: the curve and title bands on /level, the ranking's
 * periods on /users. An admin's title by hand and points for an upheld report are in roles.spec.ts,
 * which holds the run's one admin.
 */
const contribution = catalog.level.contribution;

test("a visitor reads how points are earned and the level curve on /level, in Vietnamese numbers", async ({ page }) => {
  await page.goto("/level");
  await hydrated(page);
  const section = page.getByRole("region", { name: contribution.title });
  await expect(section.getByText(contribution.earn.reasons["guide-published"])).toBeVisible();
  const bands = section.getByRole("table", { name: contribution.bands.title });
  await expect(bands.getByRole("row")).toHaveCount(6);
  await expect(bands.getByRole("row").last()).toContainText(common.badges.values.legend);
  await expect(bands.getByRole("row").last()).toContainText("8.410");

  await section.locator("summary").filter({ hasText: contribution.curve.title }).click();
  const curve = section.getByRole("table", { name: contribution.curve.title });
  await expect(curve.getByRole("row")).toHaveCount(31);
  await expect(curve.getByRole("row").nth(2)).toContainText("10");
  expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);
});

test("the ranking on /users switches between this week and all time, the choice kept in the URL", async ({ page }) => {
  await page.goto("/users");
  await hydrated(page);
  const ranking = page.getByRole("region", { name: users.ranking.title });
  const periods = ranking.getByRole("navigation", { name: users.ranking.periodsLabel });
  await expect(periods.getByRole("link", { name: users.ranking.periods.week })).toHaveAttribute("aria-current", "page");
  await periods.getByRole("link", { name: users.ranking.periods.all }).click();
  await expect(page).toHaveURL(/[?&]ranking=all/);
  await expect(periods.getByRole("link", { name: users.ranking.periods.all })).toHaveAttribute("aria-current", "page");
  // The directory below keeps working beside it.
  await expect(page.getByLabel(users.search.label)).toBeVisible();
  await ranking.getByRole("link", { name: users.ranking.how }).click();
  await expect(page).toHaveURL(/\/level#contribution$/);
  expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);
});
