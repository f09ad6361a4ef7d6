import rankingsVi from "../../locales/vi/rankings.json" with { type: "json" };
import rankingsEn from "../../locales/en-US/rankings.json" with { type: "json" };
import moderation from "../../locales/vi/moderation.json" with { type: "json" };
import { expect, hydrated, islandHydratedIn, memberInBrowser, seriousViolationsAtEveryWidth, test, useLanguage } from "./fixtures.ts";

test("a member adds a character's numbers, sees it ranked on its server, and its history grows with the next numbers", async ({
  browser,
}) => {
  const t = rankingsVi;
  const origin = test.info().project.use.baseURL ?? "";
  const name = `Kiếm Khách ${Math.random().toString(36).slice(2, 7)}`;
  const player = await memberInBrowser(browser, "Người Xếp Hạng", "rankings");
  const page = player.page;
  await page.goto("/rating");
  await hydrated(page);
  const mine = page.getByRole("complementary", { name: t.mine.title });
  await expect(mine.getByText(t.mine.none)).toBeVisible();
  await mine.getByLabel(t.submit.name).fill(name);
  await expect.poll(() => islandHydratedIn(mine, "rating-submit")).toBe(true);
  await mine.getByLabel(t.submit.server).selectOption("thanh-truc");
  await mine.getByLabel(t.submit.level).fill("42");
  await mine.getByLabel(t.submit.power).fill("88000");
  await mine.getByRole("button", { name: t.submit.submit }).click();

  // The character's page: its numbers, not checked yet, and its history.
  await expect(page).toHaveURL(/\/rating\?character=\d+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText(t.character.numbersUnverified)).toBeVisible();
  const history = page.getByRole("region", { name: t.character.history });
  await expect(history.getByRole("row")).toHaveCount(2);
  await history.scrollIntoViewIfNeeded();
  await expect(page.getByTestId("character-chart").locator("canvas")).toBeVisible();
  expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);
  const characterUrl = page.url();

  // Ranked at once on its server.
  await page.goto("/rating?server=thanh-truc");
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name }) });
  await expect(row).toContainText("88.000");
  expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);

  // New numbers: the history has both, the ranking shows the gain.
  const again = await page.request.post("/api/characters", {
    data: { name, server: "thanh-truc", classId: "swordsman", level: 43, power: 90500 },
    headers: { Origin: origin },
  });
  expect(again.status()).toBe(201);
  await page.goto(characterUrl);
  await expect(page.getByRole("region", { name: t.character.history }).getByRole("row")).toHaveCount(3);
  await page.goto("/rating?server=thanh-truc");
  await expect(page.getByRole("row").filter({ has: page.getByRole("link", { name }) })).toContainText("+2.500");

  await page.context().close();
});

test("in English, a visitor reads the clan ranking and is asked to sign in to add a character", async ({ page }) => {
  const t = rankingsEn;
  await useLanguage(page, "en-US");
  await page.goto("/rating?kind=clans");
  await expect(page.getByRole("navigation", { name: t.tabs.label }).getByRole("link", { name: t.tabs.clans })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByRole("complementary", { name: t.mine.title }).getByRole("link", { name: t.submit.signInAction })).toHaveAttribute(
    "href",
    `/login?redirect=${encodeURIComponent("/rating")}`,
  );
  expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);
});

test("another member flags a character's numbers from its page, through the site's report dialog", async ({ browser }) => {
  const origin = test.info().project.use.baseURL ?? "";
  const name = `Cung Thủ ${Math.random().toString(36).slice(2, 7)}`;
  const owner = await memberInBrowser(browser, "Chủ Nhân Vật", "rankings");
  const made = await owner.page.request.post("/api/characters", {
    data: { name, server: "bach-hac", classId: "swordsman", level: 20, power: 54321 },
    headers: { Origin: origin },
  });
  const { id } = (await made.json()).data as { id: number };
  // The member sees no report button on their own character.
  await owner.page.goto(`/rating?character=${id}`);
  await expect(owner.page.getByRole("button", { name: rankingsVi.character.report })).toHaveCount(0);
  await owner.page.context().close();

  const reporter = await memberInBrowser(browser, "Người Báo Cáo", "rankings");
  await reporter.page.goto(`/rating?character=${id}`);
  await hydrated(reporter.page);
  await reporter.page.getByRole("button", { name: rankingsVi.character.report }).click();
  const dialog = reporter.page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: moderation.report.submit }).click();
  await expect(dialog.getByText(moderation.report.sent)).toBeVisible();
  await reporter.page.context().close();
});
