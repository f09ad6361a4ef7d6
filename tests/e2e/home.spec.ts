import home from "../../locales/vi/home.json" with { type: "json" };
import vi from "../../locales/vi/common.json" with { type: "json" };
import { expect, hydrated, test } from "./fixtures.ts";

test("home shows the current season and events with live countdowns, and newest guides", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const season = page.getByRole("region", { name: home.season.title });
  await expect(season.getByText(home.season.endsIn)).toBeVisible();
  const countdown = season.locator("time").first();
  const before = await countdown.textContent();
  await expect.poll(() => countdown.textContent(), { timeout: 10_000 }).not.toBe(before);
  const events = page.getByRole("region", { name: home.events.title });
  await expect(events.getByRole("listitem").first()).toBeVisible();
  await expect(page.getByRole("region", { name: home.guides.title }).getByRole("listitem").first().getByRole("link")).toHaveAttribute(
    "href",
    /\/guide\?id=/,
  );
});

test("the home search goes to the catalog without needing accents", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("main").getByLabel(home.search.label).fill("giap");
  await page.getByRole("button", { name: home.search.submit }).click();
  await expect(page).toHaveURL(/\/equipments-items\?q=giap/);
  await expect(page.locator("main ul").last().getByRole("link").first()).toContainText("Giáp");
});

test("the event board lists running and upcoming events in game time, with the player's own time beside it", async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: "Europe/Paris" });
  const page = await context.newPage();
  await page.goto("/event");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 2, name: home.events.upcoming })).toBeVisible();
  await expect(page.getByText("(giờ game, UTC+7)").first()).toBeVisible();
  await expect(page.getByText("giờ của bạn").first()).toBeVisible();
  // The board has no site layout, but it credits the icons like every page.
  await expect(page.getByRole("link", { name: vi.footer.credits })).toHaveAttribute("href", "/credits");
  await context.close();
});

test("the event board reached in place from a page hydrated by React Router ticks its countdowns and gives the player's own time", async ({
  browser,
}) => {
  const context = await browser.newContext({ timezoneId: "Europe/Paris", viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto("/users");
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole("complementary").locator('a[href="/event"]').first().click();
  await expect(page).toHaveURL(/\/event$/);
  await expect(page.getByText("giờ của bạn").first()).toBeVisible();
  const countdown = page.locator("time[data-countdown-to]").first();
  await expect(countdown).toHaveText(/\d\d:\d\d:\d\d$/);
  const before = await countdown.textContent();
  await expect.poll(() => countdown.textContent(), { timeout: 10_000 }).not.toBe(before);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await context.close();
});

test("home gives each countdown's moment in game time, and in the player's own time elsewhere, without moving the page", async ({
  browser,
}) => {
  const context = await browser.newContext({ timezoneId: "Europe/Paris", viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) =>
      list.getEntries().forEach((entry) => shifts.push((entry as unknown as { value: number }).value)),
    ).observe({
      type: "layout-shift",
      buffered: true,
    });
  });
  await page.goto("/");
  await hydrated(page);
  for (const region of [home.season.title, home.events.title]) {
    const section = page.getByRole("region", { name: region });
    await expect(section.getByText("(giờ game, UTC+7)").first()).toBeVisible();
    await expect(section.getByText("giờ của bạn").first()).toBeVisible();
  }
  // The player's own time is written as the page is parsed, before it is painted: nothing moves when it hydrates.
  expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
  await context.close();
});

test("in the game's own zone, home shows game times alone", async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: "Asia/Ho_Chi_Minh" });
  const page = await context.newPage();
  await page.goto("/");
  await hydrated(page);
  await expect(page.getByText("(giờ game, UTC+7)").first()).toBeVisible();
  await expect(page.getByText("giờ của bạn")).toHaveCount(0);
  await context.close();
});

test("an entry a visitor opens shows in the week's trending list, linking back to it", async ({ page }) => {
  await page.goto("/class?id=swordsman");
  // Signed in, the home page is rendered afresh (visitors get a copy up to a minute old).
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    data: { email: `trend-${Date.now()}@example.vn`, password: "mat-khau-that-dai", name: "Xu Hướng" },
    headers: { Origin: test.info().project.use.baseURL ?? "" },
  });
  expect(signUp.status()).toBe(200);
  await hydrated(page);
  const trending = page.getByRole("region", { name: home.trending.title });
  const link = trending.getByRole("link", { name: /Kiếm Sĩ/ });
  // The page's beacon goes out after hydration; the home page counts it once it has landed.
  await expect(async () => {
    await page.goto("/");
    await expect(link).toHaveAttribute("href", "/class?id=swordsman", { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await expect(link).toContainText(vi.favorites.kinds.classes);
});
