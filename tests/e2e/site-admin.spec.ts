import type { Browser, BrowserContext } from "@playwright/test";
import announcementsVi from "../../locales/vi/announcements.json" with { type: "json" };
import auth from "../../locales/vi/auth.json" with { type: "json" };
import common from "../../locales/vi/common.json" with { type: "json" };
import dashboardVi from "../../locales/vi/dashboard.json" with { type: "json" };
import dashboardEn from "../../locales/en-US/dashboard.json" with { type: "json" };
import commonEn from "../../locales/en-US/common.json" with { type: "json" };
import settings from "../../locales/vi/settings.json" with { type: "json" };
import contentVi from "../../locales/vi/content.json" with { type: "json" };
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { strToU8, zipSync } from "fflate";
import { expect, hydrated, islandHydrated, PASSWORD, seriousViolationsAtEveryWidth, test } from "./fixtures.ts";
import { startOwnSite, type OwnSite } from "./own-site.ts";

// What these journeys change reaches every visitor and member (a banner, a notification to all,
// closed sign-ups): they have a site of their own, so that the journeys beside them on the shared
// server never see it. One worker runs them in order, on one site with one first admin.
test.describe.configure({ mode: "serial" });

let site: OwnSite;
let adminState: Awaited<ReturnType<BrowserContext["storageState"]>>;

test.beforeAll(async ({ browser }) => {
  site = await startOwnSite(Number(process.env.E2E_PORT ?? 4173) + 20);
  const context = await browser.newContext({ baseURL: site.baseURL });
  const signedUp = await context.request.post("/api/auth/sign-up/email", {
    data: { email: `site-admin-${Date.now()}@example.vn`, password: PASSWORD, name: "Chủ Trang" },
    headers: { Origin: site.baseURL },
  });
  expect(signedUp.status()).toBe(200);
  const claimed = await context.request.get(new URL(site.setupLink).pathname + new URL(site.setupLink).search);
  expect(claimed.url()).toMatch(/\/admin$/);
  adminState = await context.storageState();
  await context.close();
});
test.afterAll(async () => {
  await site?.stop();
});

async function contextOn(browser: Browser, signedIn: boolean, locale = "vi-VN"): Promise<BrowserContext> {
  return browser.newContext({ baseURL: site.baseURL, locale, ...(signedIn ? { storageState: adminState } : {}) });
}

test("an admin posts an announcement: a banner on every page, a visitor's cached one included, dismissed for good on that device, and a notification in every member's bell", async ({
  browser,
}) => {
  const memberContext = await contextOn(browser, false);
  const member = await memberContext.newPage();
  expect(
    (
      await member.request.post("/api/auth/sign-up/email", {
        data: { email: `site-member-${Date.now()}@example.vn`, password: PASSWORD, name: "Người Chơi" },
        headers: { Origin: site.baseURL },
      })
    ).status(),
  ).toBe(200);
  await member.request.post("/api/profile/sync", { data: {}, headers: { Origin: site.baseURL } });
  // A visitor reads a catalog page before: the render the cache keeps has no banner yet.
  const visitorContext = await contextOn(browser, false, "en-US");
  const visitor = await visitorContext.newPage();
  await visitor.goto("/equipments-items?lang=en-US");
  await expect(visitor.getByRole("region", { name: commonEn.announcements.label })).toHaveCount(0);

  const adminContext = await contextOn(browser, true);
  const admin = await adminContext.newPage();
  await admin.goto("/admin?section=announcements");
  await hydrated(admin);
  const section = admin.getByRole("region", { name: announcementsVi.title });
  await section.getByLabel(announcementsVi.fields.vi).fill("Bảo trì máy chủ lúc 14:00 hôm nay");
  await section.getByLabel(announcementsVi.fields.en).fill("Server maintenance at 14:00 today");
  await expect.poll(() => islandHydrated(admin, "announcement-manager")).toBe(true);
  await section.getByLabel(announcementsVi.fields.notify).check();
  await section.getByRole("button", { name: announcementsVi.post }).click();
  await expect(section.getByRole("status")).toHaveText(announcementsVi.postedNotify);
  await expect(section.getByRole("list", { name: announcementsVi.listLabel })).toContainText(announcementsVi.states.running);
  expect(await seriousViolationsAtEveryWidth(admin)).toEqual([]);

  // The visitor's next look at the same page: the banner, in English, and still no React.
  await visitor.goto("/equipments-items?lang=en-US");
  const banners = visitor.getByRole("region", { name: commonEn.announcements.label });
  await expect(banners).toContainText("Server maintenance at 14:00 today");
  expect(
    await visitor.evaluate(() =>
      performance.getEntriesByType("resource").some((entry) => /\/assets\/framework-[\w-]+\.js$/.test(entry.name)),
    ),
  ).toBe(false);
  expect(await seriousViolationsAtEveryWidth(visitor)).toEqual([]);
  // Dismissed, it stays dismissed on that device, on every page.
  await banners.getByRole("button", { name: commonEn.announcements.dismiss }).click();
  await expect(visitor.getByText("Server maintenance at 14:00 today")).toBeHidden();
  await visitor.goto("/?lang=en-US");
  await expect(visitor.getByText("Server maintenance at 14:00 today")).toBeHidden();

  // The member: the banner in Vietnamese, and the announcement in the bell once the job has sent it.
  await member.goto("/");
  await expect(member.getByRole("region", { name: common.announcements.label })).toContainText("Bảo trì máy chủ lúc 14:00 hôm nay");
  await expect(async () => {
    await member.goto("/notification");
    await expect(member.getByText("Bảo trì máy chủ lúc 14:00 hôm nay", { exact: false }).last()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  for (const context of [memberContext, visitorContext, adminContext]) await context.close();
});

test("an admin reads the dashboard: members active and sign-ups today once counted, a chart per figure drawn as it comes into view, 30 or 90 days, in both languages", async ({
  browser,
}) => {
  const adminContext = await contextOn(browser, true);
  const admin = await adminContext.newPage();
  // Today's figures are counted by the job (every 2 seconds on this site): the admin reloads, as they would.
  await expect(async () => {
    await admin.goto("/admin");
    await expect(admin.getByTestId("dashboard-activeToday")).not.toHaveText("0", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const section = admin.getByRole("region", { name: dashboardVi.title });
  // The admin and the member of the journey before signed up today.
  expect(Number(await section.getByTestId("dashboard-signUpsToday").textContent())).toBeGreaterThanOrEqual(2);
  // No chart is drawn before it comes near the viewport; then uPlot loads and draws it.
  const chart = section.getByTestId("dashboard-chart-signIns");
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator("canvas")).toBeVisible();
  await expect(chart).toContainText(dashboardVi.series.vi);
  await section.getByText(dashboardVi.table).click();
  await expect(section.locator("tbody tr")).toHaveCount(30);
  expect(await seriousViolationsAtEveryWidth(admin)).toEqual([]);
  await section.getByRole("link", { name: dashboardVi.days_other.replace("{{count}}", "90") }).click();
  await expect(admin).toHaveURL(/days=90/);
  await expect(admin.getByRole("region", { name: dashboardVi.title }).locator("tbody tr")).toHaveCount(90);

  await admin.goto("/admin?lang=en-US");
  const english = admin.getByRole("region", { name: dashboardEn.title });
  await expect(english.getByText(dashboardEn.summary.activeThisWeek)).toBeVisible();
  await english.getByTestId("dashboard-chart-offers").scrollIntoViewIfNeeded();
  await expect(english.getByTestId("dashboard-chart-offers").locator("canvas")).toBeVisible();
  expect(await seriousViolationsAtEveryWidth(admin)).toEqual([]);
  await adminContext.close();
});

test("an admin renames an item in both languages and publishes it (its page and search show it), restores the version before, and an import with an error changes nothing", async ({
  browser,
}) => {
  const adminContext = await contextOn(browser, true);
  const admin = await adminContext.newPage();
  admin.on("dialog", (dialog) => void dialog.accept());
  const visitorContext = await contextOn(browser, false);
  const visitor = await visitorContext.newPage();
  const ITEM_PAGE = "/equipments-items/detail?id=iron-sword";
  await visitor.goto(ITEM_PAGE);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Kiếm Sắt");

  await admin.goto("/admin?section=content#content-editor");
  await hydrated(admin);
  const section = admin.getByRole("region", { name: contentVi.title });
  await section.getByLabel(contentVi.search).fill("kiem sat");
  await expect.poll(() => islandHydrated(admin, "content-editor")).toBe(true);
  await section.getByRole("button", { name: contentVi.find }).click();
  await section.getByRole("button", { name: /Kiếm Sắt \(iron-sword\)/ }).click();
  const form = section.getByRole("form", { name: contentVi.editing.replace("{{id}}", "iron-sword") });
  await form.locator('input[name="name.vi"]').fill("Kiếm Sắt Tôi Luyện");
  await form.locator('input[name="name.en"]').fill("Tempered Iron Sword");
  expect(await seriousViolationsAtEveryWidth(admin)).toEqual([]);
  await form.getByRole("button", { name: contentVi.save }).click();
  await expect(section.getByRole("status")).toHaveText(contentVi.saved);
  await expect(section.getByRole("list", { name: contentVi.draft.title })).toContainText("items/iron-sword");
  // The pages still show the pack in use until the draft is published.
  await visitor.goto(ITEM_PAGE);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Kiếm Sắt");
  await section.getByRole("button", { name: contentVi.draft.publish }).click();
  await expect(section.getByRole("status")).toHaveText(contentVi.draft.published.replace("{{number}}", "2"));

  await visitor.goto(ITEM_PAGE);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Kiếm Sắt Tôi Luyện");
  await visitor.goto(`${ITEM_PAGE}&lang=en-US`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Tempered Iron Sword");
  const found = await (await visitor.request.get("/api/search?q=toi%20luyen")).json();
  expect(JSON.stringify(found)).toContain("iron-sword");

  // Version 1 again, as version 3.
  await section
    .getByRole("button", { name: `${contentVi.versions.restore} ${contentVi.versions.number.replace("{{number}}", "1")}` })
    .click();
  await expect(section.getByRole("status")).toHaveText(contentVi.versions.restored.replace("{{number}}", "3"));
  await visitor.goto(ITEM_PAGE);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Kiếm Sắt");

  // A pack whose items.json has an unknown rarity: refused, naming the file, and nothing changes.
  const demo = "content/demo";
  const files = Object.fromEntries(readdirSync(demo).map((name) => [name, new Uint8Array(readFileSync(join(demo, name)))]));
  const items = JSON.parse(readFileSync(join(demo, "items.json"), "utf8")) as { id: string; rarity: string }[];
  items[0]!.rarity = "mythic";
  await section.getByLabel(contentVi.files.file).setInputFiles({
    name: "broken-pack.zip",
    mimeType: "application/zip",
    buffer: Buffer.from(zipSync({ ...files, "items.json": strToU8(JSON.stringify(items)) })),
  });
  await section.getByRole("button", { name: contentVi.files.import }).click();
  await expect(section.getByRole("status")).toContainText("items.json");
  await expect(section.getByRole("status")).toContainText(items[0]!.id);
  await expect(section.getByRole("list", { name: contentVi.versions.title }).getByRole("listitem")).toHaveCount(3);
  await visitor.goto(ITEM_PAGE);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Kiếm Sắt");
  await visitorContext.close();
  await adminContext.close();
});

test("an admin renames the site and closes sign-ups from /admin: every page says the new name, and the sign-up form says it is closed", async ({
  browser,
}) => {
  const adminContext = await contextOn(browser, true);
  const admin = await adminContext.newPage();
  await admin.goto("/admin?section=settings");
  await hydrated(admin);
  const section = admin.getByRole("region", { name: settings.title });
  await section.getByLabel(settings.fields.appTitle).fill("Sổ Tay Lạc Vân");
  // Typing woke the form: the checkbox is used once it is live, as a reader's next tap is.
  await expect.poll(() => islandHydrated(admin, "site-settings")).toBe(true);
  await section.getByLabel(settings.fields.signUpsOpen).uncheck();
  await section.getByRole("button", { name: settings.save }).click();
  await expect(section.getByRole("status")).toHaveText(settings.saved);
  expect(await seriousViolationsAtEveryWidth(admin)).toEqual([]);
  // A bad value is refused with its field named, and nothing changes.
  await section.getByLabel(settings.fields.appTitle).fill("   ");
  await section.getByRole("button", { name: settings.save }).click();
  await expect(section.getByRole("status")).toHaveText(settings.invalidField.replace("{{field}}", settings.fields.appTitle));

  // A visitor: the new name on the page, and no sign-up form.
  const visitorContext = await contextOn(browser, false);
  const visitor = await visitorContext.newPage();
  await visitor.goto("/login?mode=signup");
  await expect(visitor.locator("header")).toContainText("Sổ Tay Lạc Vân");
  await expect(visitor).toHaveTitle(/Sổ Tay Lạc Vân/);
  await expect(visitor.getByRole("status")).toHaveText(auth.signup.closed);
  await expect(visitor.getByLabel(auth.fields.email)).toHaveCount(0);
  const refused = await visitor.request.post("/api/auth/sign-up/email", {
    data: { email: `too-late-${Date.now()}@example.vn`, password: PASSWORD, name: "Đến Muộn" },
    headers: { Origin: site.baseURL },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe("sign-ups-closed");
  expect(await seriousViolationsAtEveryWidth(visitor)).toEqual([]);
  await visitorContext.close();
  await adminContext.close();
});
