import vi from "../../locales/vi/common.json" with { type: "json" };
import { expect, hydrated, test } from "./fixtures.ts";

test("on a phone (390x844) the navigation sits behind the menu button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await hydrated(page);
  const menu = page.getByRole("button", { name: vi.nav.open });
  await expect(menu).toBeVisible();
  const drawer = page.getByRole("dialog", { name: vi.nav.label });
  await expect(drawer).toBeHidden();

  await menu.click();
  await expect(drawer).toBeVisible();
  await drawer.getByRole("link", { name: vi.pages.craft.nav }).click();
  await expect(page).toHaveURL(/\/craft$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(vi.pages.craft.title);

  await menu.click();
  await expect(drawer).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
});

test("on a phone the menu works by touch", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: vi.nav.open }).tap();
  const drawer = page.getByRole("dialog", { name: vi.nav.label });
  await drawer.getByRole("link", { name: vi.pages.level.nav }).tap();
  await expect(page).toHaveURL(/\/level$/);
  await context.close();
});

test("on a wide screen (1440x900) the navigation is permanent, grouped by section", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await hydrated(page);
  await expect(page.getByRole("button", { name: vi.nav.open })).toBeHidden();
  const nav = page.getByRole("complementary").getByRole("navigation", { name: vi.nav.label });
  await expect(nav).toBeVisible();
  for (const section of Object.values(vi.nav.sections)) {
    await expect(nav.getByRole("heading", { name: section })).toBeVisible();
  }
  await nav.getByRole("link", { name: vi.pages.manor.nav }).click();
  await expect(page).toHaveURL(/\/manor$/);
  await expect(nav.getByRole("link", { name: vi.pages.manor.nav })).toHaveAttribute("aria-current", "page");
});

test("the navigation works by keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await hydrated(page);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: vi.nav.skipToContent })).toBeFocused();
  const target = page.getByRole("complementary").getByRole("link", { name: vi.pages.talisman.nav });
  await target.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/talisman$/);
});

test("a route's code is fetched only when the route is visited", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  // From a page hydrated by React Router: a page served as islands has no client routes (decision 025).
  await page.goto("/users");
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  const loadedOnHome = [...scripts];

  await page.getByRole("button", { name: vi.nav.open }).click();
  await page.getByRole("dialog", { name: vi.nav.label }).getByRole("link", { name: vi.pages.craft.nav }).click();
  await expect(page).toHaveURL(/\/craft$/);
  // The router learns of a route when it is about to be visited (lazy route discovery).
  const craftModule = await page.evaluate(
    () =>
      (window as unknown as { __reactRouterManifest: { routes: Record<string, { module: string }> } }).__reactRouterManifest.routes.craft
        ?.module,
  );
  expect(craftModule).toMatch(/^\/assets\/.+\.js$/);
  expect(loadedOnHome).not.toContain(craftModule);
  expect(scripts).toContain(craftModule);
});
