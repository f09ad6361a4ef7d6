import { pages } from "../../universal/routing/route-table.ts";
import { AXE_WIDTHS, expect, hydrated, seriousViolationsAtEveryWidth, test } from "./fixtures.ts";

const publicPages = pages.filter((entry) => !entry.middleware?.length);

// Each page loads as a phone sees it first; the helper then checks it at every width.
test.use({ viewport: { width: AXE_WIDTHS[0], height: 900 } });

for (const entry of publicPages) {
  test(`axe finds no serious or critical violation on ${entry.path} at ${AXE_WIDTHS.join(" and ")}px`, async ({ page }) => {
    const ids: Record<string, string> = {
      equipmentsItemsDetail: "iron-sword",
      mountsDetail: "brown-horse",
      craftDetail: "craft-greater-enhancement-stone",
      seasonDetail: "season-3-starfall",
    };
    await page.goto(ids[entry.key] ? `${entry.path}?id=${ids[entry.key]}` : entry.path);
    await hydrated(page);
    expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);
  });
}

for (const scheme of ["light", "dark"] as const) {
  test(`axe finds no serious or critical violation in the ${scheme} theme at ${AXE_WIDTHS.join(" and ")}px`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto("/equipments-items/detail?id=iron-sword");
    await hydrated(page);
    expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);
  });
}

test.describe("error pages", () => {
  test.use({ expectedConsole: [/Failed to load resource/] });
  test("axe finds no serious or critical violation on the 404 page", async ({ page }) => {
    await page.goto("/nowhere");
    await hydrated(page);
    expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);
  });
});

test("axe finds no serious or critical violation on /me and the account menu", async ({ page }) => {
  const email = `axe-${Date.now()}@example.vn`;
  const origin = test.info().project.use.baseURL ?? "";
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password: "mat-khau-that-dai", name: "Axe" },
    headers: { Origin: origin },
  });
  expect(response.status()).toBe(200);
  await page.goto("/me");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Axe");
  expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);
  await page.getByRole("button", { name: /Tài khoản/ }).click();
  await expect(page.locator("#account-menu")).toBeVisible();
  expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);
});
