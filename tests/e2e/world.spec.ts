import manors from "../../content/demo/manors.json" with { type: "json" };
import seasons from "../../content/demo/seasons.json" with { type: "json" };
import world from "../../locales/vi/world.json" with { type: "json" };
import { expect, hydrated, seriousViolations, test } from "./fixtures.ts";

const vnd = (value: number) => value.toLocaleString("vi-VN");

/** What the season list should say of each season right now (the server uses the real clock too). */
function expectedStatus(season: (typeof seasons)[number], now: number): keyof typeof world.season.status {
  const start = Date.parse(season.startsAt);
  const end = Date.parse(season.endsAt);
  if (start <= now && now < end) return "current";
  const next = [...seasons]
    .filter((entry) => Date.parse(entry.startsAt) > now)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))[0];
  if (next?.id === season.id) return "next";
  return end <= now ? "ended" : "upcoming";
}

test("the season list marks each season and counts down live to the current one's end", async ({ page }) => {
  await page.goto("/season");
  await hydrated(page);
  const list = page.getByRole("list", { name: world.season.listLabel });
  const cards = list.locator(":scope > li");
  await expect(cards).toHaveCount(seasons.length);
  const now = Date.now();
  for (const [index, season] of [...seasons].sort((a, b) => a.number - b.number).entries()) {
    const card = cards.nth(index);
    const status = expectedStatus(season, now);
    await expect(card).toContainText(season.name.vi);
    await expect(card).toContainText(world.season.status[status]);
    await expect(card.getByText("(giờ game, UTC+7)").first()).toBeVisible();
    if (status === "ended") await expect(card.locator("time")).toHaveCount(0);
    else await expect(card.locator("time")).toHaveCount(1);
  }
  const current = list.locator('li[aria-current="true"]');
  if ((await current.count()) > 0) {
    const clock = current.locator("time");
    const before = await clock.textContent();
    await expect(clock).not.toHaveText(before ?? "", { timeout: 10_000 });
  }
  await cards.first().getByRole("link", { name: seasons[0]!.name.vi }).click();
  await expect(page).toHaveURL(`/season/detail?id=${seasons[0]!.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(seasons[0]!.name.vi);
});

test("a season's page shows its reward tiers and what it added, as links", async ({ page }) => {
  const season = seasons[0]!;
  await page.goto(`/season/detail?id=${season.id}`);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(season.name.vi);
  const rewards = page.getByRole("table", { name: world.season.rewards.caption });
  await expect(rewards.locator("tbody tr")).toHaveCount(season.rewardTiers.length);
  const firstTier = season.rewardTiers[0]!;
  await expect(rewards.locator("tbody tr").first()).toContainText(vnd(firstTier.points));
  await expect(rewards.locator("tbody tr").first().getByRole("link")).toHaveAttribute(
    "href",
    `/equipments-items/detail?id=${firstTier.rewards[0]!.item}`,
  );
  const additions = page.locator("section").filter({ has: page.getByRole("heading", { name: world.season.additions.title }) });
  await expect(additions.getByRole("link")).toHaveCount(season.additions.length);
  await expect(additions.getByRole("link").first()).toHaveAttribute("href", "/district?id=ashveil-dunes");
  await expect(page.getByRole("link", { name: world.season.allSeasons })).toHaveAttribute("href", "/season");
});

test("the manor list opens a manor, whose calculator adds levels and a building, kept in the URL", async ({ page }) => {
  const manor = manors[0]!;
  await page.goto("/manor");
  await hydrated(page);
  const cards = page.getByRole("list", { name: world.manor.listLabel }).locator(":scope > li");
  await expect(cards).toHaveCount(manors.length);
  await expect(cards.first()).toContainText("5%");
  await cards.first().getByRole("link", { name: manor.name.vi, exact: true }).click();
  await expect(page).toHaveURL(`/manor?id=${manor.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(manor.name.vi);
  // A page of islands (decision 025): the link loaded the manor's document, whose calculator answers once hydrated.
  await hydrated(page);
  await expect(page.getByRole("article")).toContainText(`${manor.owner!.clan} [${manor.owner!.tag}]`);
  await expect(page.getByRole("table", { name: world.manor.levelsTable.caption }).locator("tbody tr")).toHaveCount(manor.levels.length);

  const levelCost = (from: number, to: number) =>
    manor.levels.filter((row) => row.level > from && row.level <= to).reduce((sum, row) => sum + (row.upgradeCost?.gold ?? 0), 0);
  const gold = page.getByTestId("manor-total-gold");
  await expect(gold).toHaveText(vnd(levelCost(1, manor.levels.length)));

  await page.getByRole("combobox", { name: world.manor.calculator.to, exact: true }).selectOption("3");
  await expect(page).toHaveURL(/[?&]to=3/);
  await expect(gold).toHaveText(vnd(levelCost(1, 3)));

  const hall = manor.buildings[0]!;
  await page.getByRole("combobox", { name: world.manor.calculator.building, exact: true }).selectOption(hall.id);
  await page.getByRole("combobox", { name: world.manor.calculator.buildingTo, exact: true }).selectOption("2");
  await expect(page).toHaveURL(new RegExp(`b=${hall.id}.*bto=2`));
  const hallCost = hall.levels[0]!.gold + hall.levels[1]!.gold;
  await expect(gold).toHaveText(vnd(levelCost(1, 3) + hallCost));
  const materials = page.getByTestId("manor-total-materials");
  await expect(materials.getByRole("link").first()).toHaveAttribute("href", /\/equipments-items\/detail\?id=/);

  await page.reload();
  await hydrated(page);
  await expect(page.getByRole("combobox", { name: world.manor.calculator.to, exact: true })).toHaveValue("3");
  await expect(gold).toHaveText(vnd(levelCost(1, 3) + hallCost));

  await page.getByRole("combobox", { name: world.manor.calculator.from, exact: true }).selectOption("3");
  await expect(page).toHaveURL(/[?&]from=3/);
  await page.getByRole("combobox", { name: world.manor.calculator.building, exact: true }).selectOption("");
  await expect(page.getByText(world.manor.calculator.nothing)).toBeVisible();
});

test("two calculator fields changed before the page re-renders both reach the URL and the total", async ({ page }) => {
  const manor = manors[0]!;
  await page.goto(`/manor?id=${manor.id}`);
  await hydrated(page);
  const from = page.getByRole("combobox", { name: world.manor.calculator.from, exact: true });
  const to = page.getByRole("combobox", { name: world.manor.calculator.to, exact: true });
  // A slow phone: both changes land in one task, before React renders the first.
  await page.evaluate(
    (ids: string[]) => {
      for (const [index, value] of ["2", "3"].entries()) {
        const select = document.getElementById(ids[index] ?? "") as HTMLSelectElement;
        select.value = value;
        select.dispatchEvent(new Event("change", { bubbles: true }));
      }
    },
    [(await from.getAttribute("id"))!, (await to.getAttribute("id"))!],
  );
  await expect(page).toHaveURL(/[?&]from=2/);
  await expect(page).toHaveURL(/[?&]to=3/);
  const cost = manor.levels.filter((row) => row.level > 2 && row.level <= 3).reduce((sum, row) => sum + (row.upgradeCost?.gold ?? 0), 0);
  await expect(page.getByTestId("manor-total-gold")).toHaveText(vnd(cost));
});

for (const scheme of ["light", "dark"] as const) {
  test(`the world pages fit a 390px phone in the ${scheme} theme, with no serious axe violation`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of [
      "/season",
      `/season/detail?id=${seasons[2]!.id}`,
      "/manor",
      `/manor?id=${manors[0]!.id}&b=${manors[0]!.buildings[0]!.id}`,
    ]) {
      await page.goto(path);
      await hydrated(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
}

test.describe("unknown world entries", () => {
  test.use({ expectedConsole: [/Failed to load resource: the server responded with a status of 404/] });
  for (const path of ["/season/detail?id=no-such-season", "/season/detail", "/manor?id=no-such-manor", "/manor?id="]) {
    test(`${path} answers 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
    });
  }
});
