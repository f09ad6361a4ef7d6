import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import auth from "../../locales/vi/auth.json" with { type: "json" };
import vi from "../../locales/vi/common.json" with { type: "json" };
import { expect, hydrated, test } from "./fixtures.ts";

/**
 * Admin, moderator and banned-user journeys. The first admin comes from the one-time setup link
 * the server writes to SETUP_LINK_FILE, as an operator would use it; it works once, so these run in order.
 */
test.describe.configure({ mode: "serial" });

const PASSWORD = "mat-khau-that-dai";
const stamp = Date.now();
const people = {
  admin: { email: `admin-${stamp}@example.vn`, name: "Quản Trị" },
  moderator: { email: `mod-${stamp}@example.vn`, name: "Điều Hành" },
  member: { email: `member-${stamp}@example.vn`, name: "Thành Viên" },
};

/** Same-origin requests, as the browser sends them (the identity provider checks the Origin). */
const origin = () => ({ Origin: test.info().project.use.baseURL ?? "" });

async function signUp(browser: Browser, person: { email: string; name: string }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { email: person.email, password: PASSWORD, name: person.name },
    headers: origin(),
  });
  expect(response.status()).toBe(200);
  await page.goto("/");
  await hydrated(page);
  return { context, page };
}

async function uidOf(page: Page, email: string): Promise<string> {
  const response = await page.request.get(`/api/admin/users?q=${encodeURIComponent(email)}`);
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: { uid: string; email: string }[] };
  const found = data.find((user) => user.email === email);
  if (!found) throw new Error(`no user ${email}`);
  return found.uid;
}

let admin: { context: BrowserContext; page: Page };

test("the one-time setup link makes the first admin, who sees every admin section", async ({ browser }) => {
  const link = readFileSync(join(process.env.E2E_DATA_DIR ?? "", "setup-link.txt"), "utf8").trim();
  expect(link).toMatch(/\/api\/setup\/claim\?token=/);
  admin = await signUp(browser, people.admin);
  await admin.page.goto(new URL(link).pathname + new URL(link).search);
  await expect(admin.page).toHaveURL(/\/admin$/);
  const sections = admin.page.getByRole("list", { name: vi.admin.sectionsLabel }).getByRole("heading");
  await expect(sections).toHaveText(
    ["dashboard", "users", "content", "moderation", "announcements", "settings", "audit"].map(
      (key) => vi.admin.sections[key as keyof typeof vi.admin.sections].title,
    ),
  );
  const again = await admin.page.request.get(new URL(link).pathname + new URL(link).search, { maxRedirects: 0 });
  expect(again.status()).toBe(400);
});

test("a moderator gets into /admin and sees moderation only; a member gets 403", async ({ browser }) => {
  const moderator = await signUp(browser, people.moderator);
  const member = await signUp(browser, people.member);
  const uid = await uidOf(admin.page, people.moderator.email);
  const promoted = await admin.page.request.post(`/api/admin/users/${uid}/role`, { data: { role: "moderator" }, headers: origin() });
  expect(promoted.status()).toBe(200);

  await moderator.page.goto("/admin");
  const sections = moderator.page.getByRole("list", { name: vi.admin.sectionsLabel }).getByRole("heading");
  await expect(sections).toHaveText([vi.admin.sections.moderation.title]);
  const forbidden = await moderator.page.request.post(`/api/admin/users/${uid}/role`, { data: { role: "admin" }, headers: origin() });
  expect(forbidden.status()).toBe(403);

  const response = await member.page.goto("/admin");
  expect(response?.status()).toBe(403);
  await moderator.context.close();
  await member.context.close();
});

test.describe("banned", () => {
  test.use({ expectedConsole: [/Failed to load resource: the server responded with a status of 403/] });
  test("a banned member is signed out at once and cannot sign in again", async ({ browser }) => {
    const banned = await signUp(browser, { email: `banned-${stamp}@example.vn`, name: "Bị Khóa" });
    await expect(banned.page.getByRole("button", { name: vi.account.menu })).toBeVisible();
    const uid = await uidOf(admin.page, `banned-${stamp}@example.vn`);
    const response = await admin.page.request.post(`/api/admin/users/${uid}/ban`, {
      data: { reason: "lừa đảo giao dịch" },
      headers: origin(),
    });
    expect(response.status()).toBe(200);

    await banned.page.reload();
    await hydrated(banned.page);
    await expect(banned.page.getByRole("link", { name: vi.account.signIn, exact: true })).toBeVisible();
    await expect.poll(() => banned.page.evaluate(() => localStorage.getItem("userData"))).toBeNull();

    await banned.page.goto("/login");
    await hydrated(banned.page);
    await banned.page.getByLabel(auth.fields.email).fill(`banned-${stamp}@example.vn`);
    await banned.page.getByLabel(auth.fields.password, { exact: true }).fill(PASSWORD);
    await banned.page.getByRole("button", { name: auth.signin.submit }).click();
    await expect(banned.page.getByRole("alert")).toHaveText(auth.errors.userDisabled);
    await banned.context.close();
  });
});
