import catalogVi from "../../locales/vi/catalog.json" with { type: "json" };
import en from "../../locales/en-US/collections.json" with { type: "json" };
import vi from "../../locales/vi/collections.json" with { type: "json" };
import commonEn from "../../locales/en-US/common.json" with { type: "json" };
import commonVi from "../../locales/vi/common.json" with { type: "json" };
import type { Page } from "@playwright/test";
import { expect, hydrated, test, useLanguage } from "./fixtures.ts";

const APP_TITLE = "Minithings Companion";
const cardsOf = (page: Page) => page.locator("main ul").last().getByRole("listitem");

test.describe("each page renders in both languages", () => {
  for (const [language, common] of [
    ["vi", commonVi],
    ["en-US", commonEn],
  ] as const) {
    test(`classes, mounts, pets, runes and talismans in ${language}`, async ({ page }) => {
      await useLanguage(page, language);
      for (const key of ["class", "mounts", "pets", "rune", "talisman"] as const) {
        const path = key === "class" ? "/class" : `/${key}`;
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await hydrated(page);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(common.pages[key].title);
        await expect(cardsOf(page).first()).toBeVisible();
      }
      const text = language === "vi" ? vi : en;
      await page.goto("/rune");
      await expect(page.getByRole("heading", { name: text.runes.bonuses }).first()).toBeVisible();
      await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(6);
    });
  }
});

test("a class opens in place with its stats, skills and recommendations linking to their pages", async ({ page }) => {
  await page.goto("/class");
  await hydrated(page);
  await page.getByRole("link", { name: /Kiếm Sĩ/ }).click();
  await expect(page).toHaveURL(/\/class\?id=swordsman$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kiếm Sĩ");
  await expect(page).toHaveTitle(`Kiếm Sĩ · ${APP_TITLE}`);
  await expect(page.getByText(`${vi.class.role}: ${vi.class.roles.melee}`)).toBeVisible();
  const stats = page.getByRole("table");
  await expect(stats.getByRole("columnheader", { name: vi.class.perLevel })).toBeVisible();
  await expect(stats.getByRole("row", { name: new RegExp(catalogVi.stats.hp) })).toContainText("+64");
  await expect(page.getByRole("heading", { name: vi.class.skills })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Đỡ Đòn", level: 3 })).toBeVisible();
  await expect(page.getByText(vi.class.unlockLevel.replace("{{level}}", "1")).first()).toBeVisible();

  const recommended = page.locator("section").filter({ has: page.getByRole("heading", { name: vi.class.recommended }) });
  await expect(recommended.getByRole("link", { name: "Bạch Hổ" })).toHaveAttribute("href", "/mounts/detail?id=white-tiger");
  await expect(recommended.getByRole("link", { name: "Lửa Giận" })).toHaveAttribute("href", "/rune#fury-flame");
  await expect(recommended.getByRole("link").first()).toHaveAttribute("href", /\/equipments-items\/detail\?id=/);
  await recommended.getByRole("link", { name: "Bạch Hổ" }).click();
  await expect(page).toHaveURL(/\/mounts\/detail\?id=white-tiger$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bạch Hổ");
});

test("mounts: search without accents, filter by terrain, sort by speed, open one and come back", async ({ page }) => {
  await page.goto("/mounts");
  await hydrated(page);
  await page.getByLabel(vi.mounts.searchLabel).fill("ngua");
  await page.getByRole("button", { name: vi.filters.apply }).click();
  await expect(page).toHaveURL(/[?&]q=ngua/);
  // The filter form is keyed by the URL: wait for the new one (its count) before typing into it.
  await expect(page.getByRole("main").getByRole("status")).toHaveText(vi.mounts.results_one.replace("{{count}}", "1"));
  await expect(cardsOf(page).first()).toContainText("Ngựa Nâu");

  await page.getByLabel(vi.mounts.searchLabel).fill("");
  await page.getByLabel(vi.filters.terrain).selectOption("air");
  await page.getByLabel(vi.filters.sort).selectOption("speed-desc");
  await page.getByRole("button", { name: vi.filters.apply }).click();
  await expect(page).toHaveURL(/terrain=air/);
  await expect(page.getByRole("main").getByRole("status")).toHaveText(vi.mounts.results_other.replace("{{count}}", "3"));
  await expect(cardsOf(page)).toHaveCount(3);
  await expect(cardsOf(page).first()).toContainText("Rồng Sao Băng");

  await cardsOf(page).first().getByRole("link").click();
  await expect(page).toHaveURL(/\/mounts\/detail\?id=meteor-dragon$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rồng Sao Băng");
  await expect(page).toHaveTitle(`Rồng Sao Băng · ${APP_TITLE}`);
  await expect(page.getByText(vi.mounts.speedBonusValue.replace("{{value}}", "90"))).toBeVisible();
  await expect(page.getByRole("heading", { name: vi.obtain })).toBeVisible();
  await expect(page.getByText(catalogVi.obtainMethods.season)).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/terrain=air/);
  await expect(page.getByLabel(vi.filters.terrain)).toHaveValue("air");
});

test("a mount's detail in English", async ({ page }) => {
  await useLanguage(page, "en-US");
  await page.goto("/mounts/detail?id=water-buffalo");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Water Buffalo");
  await expect(page.getByText(`${en.mounts.terrainNames.ground}, ${en.mounts.terrainNames.water}`)).toBeVisible();
  await expect(page.getByText(en.mounts.seatsValue_other.replace("{{count}}", "2"))).toBeVisible();
});

test("pets: filter by element, search without accents, and open one in place", async ({ page }) => {
  await page.goto("/pets");
  await hydrated(page);
  await page.getByLabel(vi.filters.element).selectOption("fire");
  await page.getByRole("button", { name: vi.filters.apply }).click();
  await expect(page).toHaveURL(/element=fire/);
  await expect(cardsOf(page)).toHaveCount(2);
  for (const card of await cardsOf(page).all()) await expect(card).toContainText(vi.pets.elements.fire);

  await page.goto("/pets?q=meo+mun");
  await hydrated(page);
  await expect(cardsOf(page).first()).toContainText("Mèo Mun");
  await cardsOf(page).first().getByRole("link").click();
  await expect(page).toHaveURL(/\/pets\?q=meo\+mun&id=soot-cat$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mèo Mun");
  await expect(page.getByRole("heading", { name: vi.pets.skill })).toBeVisible();
  await expect(page.getByText("Vồ Lén")).toBeVisible();
  await expect(page.getByText(catalogVi.stats.critRate)).toBeVisible();
  await page.getByRole("link", { name: vi.pets.back }).click();
  await expect(page).toHaveURL(/\/pets\?q=meo\+mun$/);
  await expect(page.getByLabel(vi.pets.searchLabel)).toHaveValue("meo mun");
});

test("runes: each set shows its bonuses and runes by position; search narrows to a set", async ({ page }) => {
  await page.goto("/rune?q=lua+gian");
  await hydrated(page);
  const sets = page.getByRole("main").getByRole("heading", { level: 2 });
  await expect(sets).toHaveCount(1);
  await expect(sets).toHaveText("Lửa Giận");
  const set = page.locator("section#fury-flame");
  await expect(set.getByText(vi.runes.pieces.replace("{{count}}", "2"))).toBeVisible();
  await expect(set.getByRole("heading", { level: 4 })).toHaveText([
    "Phù Văn Lửa Giận I",
    "Phù Văn Lửa Giận II",
    "Phù Văn Lửa Giận III",
    "Phù Văn Lửa Giận IV",
  ]);
});

test("talismans: filter by class, passive or cooldown, and open one", async ({ page }) => {
  await page.goto("/talisman?q=chuong+gio");
  await hydrated(page);
  await expect(cardsOf(page).first()).toContainText("Chuông Gió");

  await page.goto("/talisman");
  await hydrated(page);
  await page.getByLabel(vi.filters.class).selectOption("physician");
  await page.getByRole("button", { name: vi.filters.apply }).click();
  await expect(page).toHaveURL(/class=physician/);
  await expect(cardsOf(page).filter({ hasText: "Ấn Hoa Sen" })).toHaveCount(1);
  await expect(cardsOf(page).filter({ hasText: "Chuông Gió" })).toHaveCount(0);
  await expect(cardsOf(page).filter({ hasText: "Giọt Lệ Phượng" })).toContainText("10 phút");
  await expect(cardsOf(page).filter({ hasText: "Ấn Hoa Sen" })).toContainText(vi.talismans.passive);

  await page.getByRole("link", { name: "Ấn Hoa Sen" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ấn Hoa Sen");
  await expect(page.getByRole("heading", { name: vi.talismans.effect })).toBeVisible();
  await expect(page.getByRole("link", { name: "Y Sư" })).toHaveAttribute("href", "/class?id=physician");
});

test.describe("unknown entries", () => {
  test.use({ expectedConsole: [/Failed to load resource: the server responded with a status of 404/] });
  test("an unknown id answers 404 with the error page", async ({ page }) => {
    for (const path of [
      "/class?id=no-such-class",
      "/mounts/detail?id=no-such-mount",
      "/mounts/detail",
      "/pets?id=nope",
      "/talisman?id=nope",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(commonVi.errors.notFound.message);
    }
  });
});
