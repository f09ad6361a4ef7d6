import vi from "../../locales/vi/common.json" with { type: "json" };
import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";

/** Clicks a star and waits until the server has stored it: the star flips at once, the write lands a moment later. */
async function toggle(page: Page, star: Locator, method: "PUT" | "DELETE") {
  const written = page.waitForResponse((response) => response.url().includes("/api/favorites/") && response.request().method() === method);
  await star.click();
  expect((await written).ok()).toBe(true);
}

/** A new account, signed in on this page's browser context. */
async function signUp(page: Page, prefix: string) {
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { email: `${prefix}-${Date.now()}@example.vn`, password: "mat-khau-that-dai", name: "Sao" },
    headers: { Origin: test.info().project.use.baseURL ?? "" },
  });
  expect(response.status()).toBe(200);
}

test("a signed-out star offers sign-in; signed in, starred entries appear on /favorites grouped by kind", async ({ page }) => {
  await page.goto("/equipments-items/detail?id=iron-sword");
  await hydrated(page);
  await page.getByRole("link", { name: vi.favorites.signInToStar }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fequipments-items%2Fdetail%3Fid%3Diron-sword$/);

  await signUp(page, "fav");

  for (const path of ["/equipments-items/detail?id=iron-sword", "/mounts/detail?id=brown-horse"]) {
    await page.goto(path);
    await hydrated(page);
    const star = page.getByRole("button", { name: vi.favorites.star });
    await toggle(page, star, "PUT");
    await expect(page.getByRole("button", { name: vi.favorites.starred })).toHaveAttribute("aria-pressed", "true");
  }
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole("button", { name: vi.favorites.starred })).toBeVisible();

  await page.goto("/favorites");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 2, name: vi.favorites.kinds.items })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: vi.favorites.kinds.mounts })).toBeVisible();
  await page.getByRole("region", { name: vi.favorites.kinds.items }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/equipments-items\/detail\?id=iron-sword$/);
  await hydrated(page);
  await toggle(page, page.getByRole("button", { name: vi.favorites.starred }), "DELETE");
  await page.goto("/favorites");
  await expect(page.getByRole("heading", { level: 2, name: vi.favorites.kinds.items })).toHaveCount(0);
});

test("the compact stars of a list star each entry by name, and one page load reads every star at once", async ({ page }) => {
  await signUp(page, "fav-list");

  const reads: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/favorites") && request.method() === "GET") reads.push(request.url());
  });
  await page.goto("/manor");
  await hydrated(page);
  const star = page.getByRole("button", { name: `${vi.favorites.star}: Thái ấp Cối Xay` });
  await expect(star).toHaveAttribute("aria-pressed", "false");
  await toggle(page, star, "PUT");
  await expect(star).toHaveAttribute("aria-pressed", "true");
  const other = page.getByRole("button", { name: `${vi.favorites.star}: Thái ấp Trúc Lâm` });
  await expect(other).toHaveAttribute("aria-pressed", "false");
  expect(reads).toHaveLength(1);

  await page.goto("/favorites");
  const manors = page.getByRole("region", { name: vi.favorites.kinds.manors });
  await expect(manors.getByRole("link")).toHaveText(["Thái ấp Cối Xay"]);
  await manors.getByRole("link").click();
  await expect(page).toHaveURL(/\/manor\?id=windmill-manor$/);
  await hydrated(page);
  await toggle(page, page.getByRole("button", { name: vi.favorites.starred }), "DELETE");
  await expect(page.getByRole("button", { name: vi.favorites.star })).toHaveAttribute("aria-pressed", "false");
  await page.goto("/favorites");
  await expect(page.getByRole("heading", { level: 2, name: vi.favorites.kinds.manors })).toHaveCount(0);
});

test("events, single runes and rules have stars too, and /favorites links back to each", async ({ page }) => {
  await signUp(page, "fav-more");
  const starred = [
    { path: "/event", name: "Lễ Hội Đèn Lồng", kind: vi.favorites.kinds.events, href: /\/event$/ },
    { path: "/rune", name: "Phù Văn Lửa Giận I", kind: vi.favorites.kinds.runes, href: /\/rune#/ },
    { path: "/rule", name: "Tôn trọng người khác", kind: vi.favorites.kinds.rules, href: /\/rule#/ },
  ];
  for (const entry of starred) {
    await page.goto(entry.path);
    await hydrated(page);
    const star = page.getByRole("button", { name: `${vi.favorites.star}: ${entry.name}`, exact: true });
    await toggle(page, star, "PUT");
    await expect(star).toHaveAttribute("aria-pressed", "true");
  }
  await page.goto("/favorites");
  await hydrated(page);
  for (const entry of starred) {
    const link = page.getByRole("region", { name: entry.kind }).getByRole("link", { name: entry.name, exact: true });
    await expect(link).toHaveAttribute("href", entry.href);
  }
});
