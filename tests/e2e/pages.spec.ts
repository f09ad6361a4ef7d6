import { pages } from "../../universal/routing/route-table.ts";
import en from "../../locales/en-US/common.json" with { type: "json" };
import vi from "../../locales/vi/common.json" with { type: "json" };
import { expect, hydrated, test, useLanguage } from "./fixtures.ts";

const messages = { vi, "en-US": en } as const;
const APP_TITLE = "Minithings Companion";
const publicPages = pages.filter((entry) => !entry.middleware?.length);
/** Pages whose body is built: their heading is their own; the others show the placeholder. */
const builtPages = new Set([
  "login",
  "equipmentsItems",
  "equipmentsItemsDetail",
  "class",
  "mounts",
  "mountsDetail",
  "pets",
  "rune",
  "talisman",
  "home",
  "event",
  "craft",
  "craftDetail",
  "level",
  "guide",
  "rule",
  "favorites",
  "season",
  "seasonDetail",
  "manor",
  "district",
  "chat",
  "notification",
  "users",
  "bplayer",
]);
/** Detail pages with real content need an entry: `?id=` of one from the demo pack. */
const detailIds: Record<string, string> = {
  equipmentsItemsDetail: "iron-sword",
  mountsDetail: "brown-horse",
  craftDetail: "craft-greater-enhancement-stone",
  seasonDetail: "season-3-starfall",
};
const pathOf = (entry: (typeof pages)[number]) => (detailIds[entry.key] ? `${entry.path}?id=${detailIds[entry.key]}` : entry.path);

for (const language of ["vi", "en-US"] as const) {
  test.describe(`pages in ${language}`, () => {
    for (const entry of publicPages) {
      test(`${entry.path} renders its title, heading, breadcrumb and description`, async ({ page }) => {
        await useLanguage(page, language);
        const text = messages[language].pages[entry.key as keyof typeof vi.pages];
        const response = await page.goto(pathOf(entry));
        expect(response?.status()).toBe(200);
        await hydrated(page);
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        if (entry.key in detailIds) {
          // A detail page is titled by its entry.
          await expect(page).toHaveTitle(new RegExp(` · ${APP_TITLE}$`));
          await expect(page.getByRole("heading", { level: 1 })).not.toBeEmpty();
        } else {
          await expect(page).toHaveTitle(`${text.title} · ${APP_TITLE}`);
          await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.title);
          await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", text.description);
        }
        if (!builtPages.has(entry.key)) await expect(page.locator("main, body").getByText(text.description).first()).toBeVisible();
        const navigation = page.getByRole("navigation", { name: messages[language].nav.label });
        if (entry.layout === "none") {
          await expect(navigation).toHaveCount(0);
        } else {
          await expect(page.getByRole("banner")).toBeVisible();
          // Every page but home shows where it sits; home is the root of the trail.
          if (entry.key !== "home") await expect(page.getByRole("navigation", { name: messages[language].breadcrumb.label })).toBeVisible();
        }
      });
    }
  });
}

test("/admin carries the auth guard: a visitor is sent to sign in and back", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(vi.pages.login.title);
});

test("every page of the personal area sends a visitor to sign in first", async ({ page }) => {
  for (const entry of pages.filter((candidate) => candidate.middleware?.includes("signedIn"))) {
    await page.goto(entry.path);
    await expect(page, entry.path).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(entry.path)}$`));
  }
});

test("the guard also holds on a client-side navigation", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("navigation", { name: vi.nav.label }).getByRole("link", { name: vi.pages.admin.nav }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin$/);
});
