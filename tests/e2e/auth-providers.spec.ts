import type { Page } from "@playwright/test";
import auth from "../../locales/vi/auth.json" with { type: "json" };
import vi from "../../locales/vi/common.json" with { type: "json" };
import me from "../../locales/vi/me.json" with { type: "json" };
import { idpAccounts, oidcClient, sinkUrls, type SunkMail } from "../support/sinks-config.ts";
import { expect, hydrated, PASSWORD, signUpThroughLogin, test } from "./fixtures.ts";

/**
 * Journeys through the outside services tests/support/sinks.ts runs on loopback (playwright.config.ts
 * starts it and points the app at it): password reset by a real SMTP mail, and sign-in with a real
 * OpenID Connect provider (oidc-provider's development login and consent pages).
 */

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${counter++}@example.vn`;
const NEW_PASSWORD = "mot mat khau moi hoan toan";

/**
 * Resolves once a page load at `path` has fetched its ID token, the last step of the auth runtime's
 * start-up with a session. Signing out or leaving before then races it: the token request gets a
 * 401 (or is cut off) and the app logs "Could not get the ID token" as a console error.
 */
function idTokenFetchedOn(page: Page, path: string) {
  return page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/api/auth/token" && new URL(response.frame().url()).pathname === path,
  );
}

/** The mails the SMTP sink holds for `to`, oldest first. */
async function mailsTo(to: string): Promise<SunkMail[]> {
  const response = await fetch(`${sinkUrls.control}/mails?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as SunkMail[];
}

async function waitForMail(to: string, subject: RegExp): Promise<SunkMail> {
  let found: SunkMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(to)).find((mail) => subject.test(mail.subject));
        return found !== undefined;
      },
      { message: `a mail to ${to} with subject ${subject}` },
    )
    .toBe(true);
  return found!;
}

test.describe("password reset by mail", () => {
  // The refused sign-in with the old password is a 401 the browser reports on the console.
  test.use({ expectedConsole: [/Failed to load resource: the server responded with a status of 401/] });

  test("a forgotten password is reset through the mailed link, then only the new one signs in", async ({ page, baseURL }) => {
    const email = uniqueEmail("lan");
    const signedUp = idTokenFetchedOn(page, "/");
    await signUpThroughLogin(page, email, "Lan");
    await expect(page).toHaveURL(/\/$/);
    await hydrated(page);
    await signedUp;
    // With SMTP configured, the sign-up's address confirmation goes out by mail too.
    await waitForMail(email, /^Xác nhận email · Confirm your email/);
    await page.getByRole("button", { name: vi.account.menu }).click();
    await page.locator("#account-menu").getByRole("button", { name: vi.account.signOut }).click();
    await expect(page.getByRole("link", { name: vi.account.signIn, exact: true })).toBeVisible();

    await page.goto("/login");
    await hydrated(page);
    await page.getByRole("link", { name: auth.signin.forgot }).click();
    await expect(page).toHaveURL(/\/login\?mode=forgot$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(auth.forgot.title);
    await page.getByLabel(auth.fields.email).fill(email);
    await page.getByRole("button", { name: auth.forgot.submit }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(auth.forgot.sent);

    // The mail: to the user, in Vietnamese then English, with a link to this app.
    const mail = await waitForMail(email, /Đặt lại mật khẩu/);
    expect(mail.envelope.to).toEqual([email]);
    expect(mail.to).toContain(email);
    expect(mail.subject).toBe("Đặt lại mật khẩu · Reset your password — Minithings Companion");
    expect(mail.text).toContain("Có yêu cầu đặt lại mật khẩu cho tài khoản của bạn.");
    expect(mail.text).toContain("Someone asked to reset the password of your account.");
    expect(mail.html).toContain("Nếu không phải bạn yêu cầu, hãy bỏ qua thư này.");
    expect(mail.html).toContain("If it wasn&#39;t you, ignore this mail.");
    const link = /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(mail.text)?.[0] ?? "";
    expect(new URL(link).origin).toBe(baseURL);
    const token = new URL(link).pathname.split("/").pop() ?? "";
    expect(token).not.toBe("");

    // The link goes through the identity provider to the reset form, token in hand.
    await page.goto(link);
    await expect(page).toHaveURL(`${baseURL}/login?mode=reset&token=${token}`);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(auth.reset.title);
    await page.getByLabel(auth.fields.newPassword).fill(NEW_PASSWORD);
    await page.getByLabel(auth.fields.confirm).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: auth.reset.submit }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(auth.reset.done);

    // The old password is refused, the new one signs in.
    await page.getByRole("link", { name: auth.backToSignIn }).click();
    await expect(page).toHaveURL(/\/login\?mode=signin$/);
    await page.getByLabel(auth.fields.email).fill(email);
    await page.getByLabel(auth.fields.password, { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: auth.signin.submit }).click();
    await expect(page.getByRole("alert")).toHaveText(auth.errors.invalidCredential);
    await page.getByLabel(auth.fields.password, { exact: true }).fill(NEW_PASSWORD);
    const signedIn = idTokenFetchedOn(page, "/");
    await page.getByRole("button", { name: auth.signin.submit }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await hydrated(page);
    await signedIn;
    await expect(page.getByRole("button", { name: vi.account.menu })).toBeVisible();
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("userData") ?? "null")?.email)).toBe(email);

    // The link is spent: opening it again does not lead to a reset form with a token.
    await page.goto(link);
    await expect(page).toHaveURL(/\/login\?mode=reset&error=INVALID_TOKEN$/);
    await expect(page.getByRole("alert")).toHaveText(auth.errors.resetLinkInvalid);
  });
});

test.describe("sign-in with the OpenID Connect provider", () => {
  test.beforeEach(async ({ page }) => {
    // The provider's development pages import a web font; keep the browser on loopback.
    await page.route("https://fonts.googleapis.com/**", (route) => route.fulfill({ status: 200, contentType: "text/css", body: "" }));
  });

  /** From /login to the provider's development login page. */
  async function startAtProvider(page: Page) {
    await page.goto("/login");
    await hydrated(page);
    const button = page.getByRole("button", { name: auth.providers.continueWith.replace("{{name}}", oidcClient.name) });
    await expect(button).toBeVisible();
    await button.click();
    await expect(page).toHaveURL(new RegExp(`^${sinkUrls.issuer}/interaction/`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign-in");
  }

  test("the provider's login and consent bring the person back signed in, with a member profile", async ({ page, baseURL }) => {
    const person = idpAccounts.mai;
    await startAtProvider(page);
    await page.getByPlaceholder("Enter any login").fill(person.subject);
    await page.getByPlaceholder("and password").fill("any password: the development login page does not check it");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Authorize");
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page).toHaveURL(`${baseURL}/`);
    await hydrated(page);
    await expect(page.getByRole("button", { name: vi.account.menu })).toBeVisible();
    // The ID token is the last thing the sign-in stores: the profile is there by then.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("userToken")?.split(".").length)).toBe(3);
    const profile = JSON.parse((await page.evaluate(() => localStorage.getItem("userData"))) ?? "{}");
    expect(profile).toMatchObject({
      email: person.email,
      displayName: person.name,
      role: "user",
      tag: "member",
      title: "member",
      level: 1,
    });

    await page.getByRole("button", { name: vi.account.menu }).click();
    await expect(page.locator("#account-menu").getByText(person.email)).toBeVisible();

    const providerErrors = await (await fetch(`${sinkUrls.control}/oidc/errors`)).json();
    expect(providerErrors).toEqual([]);
  });

  test("an account without a password deletes itself right after signing in at the provider", async ({ page, baseURL }) => {
    const person = idpAccounts.khoa;
    await startAtProvider(page);
    await page.getByPlaceholder("Enter any login").fill(person.subject);
    await page.getByPlaceholder("and password").fill("any password: the development login page does not check it");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("userToken")?.split(".").length)).toBe(3);

    const signedIn = idTokenFetchedOn(page, "/me");
    await page.goto("/me");
    await hydrated(page);
    await signedIn;
    // No password to change, none to confirm with: the fresh sign-in is the confirmation.
    await expect(page.getByRole("heading", { name: me.password.title })).toHaveCount(0);
    await page.getByRole("button", { name: me.delete.open }).click();
    const dialog = page.getByRole("dialog", { name: me.delete.title });
    await expect(dialog.getByText(me.delete.signInAgainHint)).toBeVisible();
    await expect(dialog.getByLabel(me.delete.passwordLabel)).toHaveCount(0);
    await dialog.getByRole("button", { name: me.delete.submit }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole("link", { name: vi.account.signIn, exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("userData"))).toBeNull();
  });

  test("cancelling at the provider lands back on /login with the translated message, signed out", async ({ page, baseURL }) => {
    await startAtProvider(page);
    await page.getByRole("link", { name: "[ Cancel ]" }).click();

    await expect(page).toHaveURL(new RegExp(`^${baseURL}/login\\?.*error=`));
    expect(new URL(page.url()).searchParams.getAll("error")).toContain("access_denied");
    await hydrated(page);
    await expect(page.getByRole("alert")).toHaveText(auth.errors.redirectFailed);
    await expect(page.getByRole("link", { name: vi.account.signIn, exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("userData"))).toBeNull();
  });
});
