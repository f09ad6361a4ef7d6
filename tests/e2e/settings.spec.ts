import auth from "../../locales/vi/auth.json" with { type: "json" };
import settings from "../../locales/vi/settings.json" with { type: "json" };
import { expect, hydrated, islandHydrated, PASSWORD, seriousViolationsAtEveryWidth, test } from "./fixtures.ts";
import { startOwnSite, type OwnSite } from "./own-site.ts";

let site: OwnSite;

// Closing sign-ups is for every visitor: this journey has a site of its own, so that the journeys
// beside it on the shared server keep signing up.
test.beforeAll(async () => {
  site = await startOwnSite(Number(process.env.E2E_PORT ?? 4173) + 20);
});
test.afterAll(async () => {
  await site?.stop();
});

test("an admin renames the site and closes sign-ups from /admin: every page says the new name, and the sign-up form says it is closed", async ({
  browser,
}) => {
  const origin = { Origin: site.baseURL };
  const adminContext = await browser.newContext({ baseURL: site.baseURL, locale: "vi-VN" });
  const admin = await adminContext.newPage();
  const signedUp = await admin.request.post("/api/auth/sign-up/email", {
    data: { email: `settings-admin-${Date.now()}@example.vn`, password: PASSWORD, name: "Chủ Trang" },
    headers: origin,
  });
  expect(signedUp.status()).toBe(200);
  await admin.goto(new URL(site.setupLink).pathname + new URL(site.setupLink).search);
  await expect(admin).toHaveURL(/\/admin$/);
  await hydrated(admin);

  const section = admin.getByRole("region", { name: settings.title });
  await section.getByLabel(settings.fields.appTitle).fill("Sổ Tay Lạc Vân");
  await section.getByLabel(settings.fields.signUpsOpen).uncheck();
  await section.getByRole("button", { name: settings.save }).click();
  await expect(section.getByRole("status")).toHaveText(settings.saved);
  expect(await islandHydrated(admin, "site-settings"), "saving woke the form's island").toBe(true);
  expect(await seriousViolationsAtEveryWidth(admin)).toEqual([]);
  // A bad value is refused with its field named, and nothing changes.
  await section.getByLabel(settings.fields.appTitle).fill("   ");
  await section.getByRole("button", { name: settings.save }).click();
  await expect(section.getByRole("status")).toHaveText(settings.invalidField.replace("{{field}}", settings.fields.appTitle));

  // A visitor: the new name on the page, and no sign-up form.
  const visitorContext = await browser.newContext({ baseURL: site.baseURL, locale: "vi-VN" });
  const visitor = await visitorContext.newPage();
  await visitor.goto("/login?mode=signup");
  await expect(visitor.getByRole("banner")).toContainText("Sổ Tay Lạc Vân");
  await expect(visitor).toHaveTitle(/Sổ Tay Lạc Vân/);
  await expect(visitor.getByRole("status")).toHaveText(auth.signup.closed);
  await expect(visitor.getByLabel(auth.fields.email)).toHaveCount(0);
  const refused = await visitor.request.post("/api/auth/sign-up/email", {
    data: { email: `too-late-${Date.now()}@example.vn`, password: PASSWORD, name: "Đến Muộn" },
    headers: origin,
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe("sign-ups-closed");
  expect(await seriousViolationsAtEveryWidth(visitor)).toEqual([]);
  await visitorContext.close();
  await adminContext.close();
});
