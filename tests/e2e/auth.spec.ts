import auth from "../../locales/vi/auth.json" with { type: "json" };
import vi from "../../locales/vi/common.json" with { type: "json" };
import me from "../../locales/vi/me.json" with { type: "json" };
import type { Page } from "@playwright/test";
import { expect, hydrated, PASSWORD, signUpThroughLogin, test } from "./fixtures.ts";

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${counter++}@example.vn`;

test("sign-up through /login stores userData and userToken, sends the 'login' event, and shows the account", async ({ page }) => {
  const email = uniqueEmail("an");
  const events: unknown[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/analytics")) events.push(request.postDataJSON());
  });
  await signUpThroughLogin(page, email, "An Nguyễn");
  await expect(page).toHaveURL(/\/$/);
  await hydrated(page);
  const stored = await page.evaluate(() => ({ data: localStorage.getItem("userData"), token: localStorage.getItem("userToken") }));
  const profile = JSON.parse(stored.data ?? "{}");
  expect(profile).toMatchObject({ email, displayName: "An Nguyễn", role: "user", tag: "member", title: "member", level: 1 });
  expect(typeof profile.createdAt).toBe("number");
  expect(stored.token?.split(".")).toHaveLength(3);
  expect(events).toEqual([{ name: "login", params: { language: "vi", user_id: email, user_name: "An Nguyễn" } }]);

  await page.getByRole("button", { name: vi.account.menu }).click();
  const menu = page.locator("#account-menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByText(email)).toBeVisible();
  await expect(menu.getByText(vi.badges.roles.user, { exact: true })).toBeVisible();
  await expect(menu.getByRole("link", { name: vi.pages.admin.nav })).toHaveCount(0);

  await menu.getByRole("button", { name: vi.account.signOut }).click();
  await expect(page.getByRole("link", { name: vi.account.signIn, exact: true })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem("userData"), localStorage.getItem("userToken")])).toEqual([null, null]);
});

test("signing out while the bell's subscription is still on its way asks nothing the signed-out page is refused", async ({ page }) => {
  // The server's frames are held until the sign-out has been answered: the slowest a busy server
  // or phone can be. The bell's count comes in the socket's frames, never as a request that would
  // now answer 401 (a console error, which the fixture fails on).
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let subscribed = () => {};
  const bellSubscribed = new Promise<void>((resolve) => (subscribed = resolve));
  await page.routeWebSocket(/\/ws$/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => {
      if (typeof message === "string" && message.includes('"topic":"user:')) subscribed();
      server.send(message);
    });
    server.onMessage((message) => void released.then(() => socket.send(message)));
  });
  page.on("response", (response) => {
    if (response.url().endsWith("/api/auth/sign-out")) release();
  });
  await signUpThroughLogin(page, uniqueEmail("chau"), "Châu");
  await expect(page).toHaveURL(/\/$/);
  await hydrated(page);
  await bellSubscribed;
  await page.getByRole("button", { name: vi.account.menu }).click();
  await page.locator("#account-menu").getByRole("button", { name: vi.account.signOut }).click();
  await expect(page.getByRole("link", { name: vi.account.signIn, exact: true })).toBeVisible();
  await hydrated(page);
});

test.describe("refused sign-ins", () => {
  test.use({ expectedConsole: [/Failed to load resource: the server responded with a status of (400|401|422)/] });
  test("sign-in failures show a clear translated message", async ({ page, request, baseURL }) => {
    const email = uniqueEmail("binh");
    // The account exists, made apart from this browser (its own cookies): the page is a visitor's,
    // with no signed-in page's requests still under way to set a session cookie again.
    const signedUp = await request.post("/api/auth/sign-up/email", {
      data: { email, password: PASSWORD, name: "Bình" },
      headers: { Origin: baseURL ?? "" },
    });
    expect(signedUp.status()).toBe(200);
    await page.goto("/login");
    await hydrated(page);
    await page.getByLabel(auth.fields.email).fill(email);
    await page.getByLabel(auth.fields.password, { exact: true }).fill("wrong password here");
    await page.getByRole("button", { name: auth.signin.submit }).click();
    await expect(page.getByRole("alert")).toHaveText(auth.errors.invalidCredential);

    await page.getByRole("link", { name: auth.modes.signup }).click();
    await page.getByLabel(auth.fields.name).fill("Bình");
    await page.getByLabel(auth.fields.email).fill(email);
    await page.getByLabel(auth.fields.password, { exact: true }).fill("123456");
    await page.getByLabel(auth.fields.confirm).fill("123456");
    await page.getByRole("button", { name: auth.signup.submit }).click();
    await expect(page.getByRole("alert")).toHaveText(auth.errors.passwordWeak);
    await page.getByLabel(auth.fields.password, { exact: true }).fill(PASSWORD);
    await page.getByLabel(auth.fields.confirm).fill(PASSWORD);
    await page.getByRole("button", { name: auth.signup.submit }).click();
    await expect(page.getByRole("alert")).toHaveText(auth.errors.emailInUse);
  });
});

test("a corrupt userData is discarded at start-up", async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("seeded")) {
      localStorage.setItem("userData", "{corrupt");
      sessionStorage.setItem("seeded", "1");
    }
  });
  await page.goto("/class");
  await hydrated(page);
  await expect.poll(() => page.evaluate(() => localStorage.getItem("userData"))).toBeNull();
});

test("/me sends a visitor to sign in and back, then shows the profile with its defaults", async ({ page }) => {
  await page.goto("/me/bag?id=3");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fme%2Fbag%3Fid%3D3$/);
  await signUpThroughLogin(page, uniqueEmail("chi"), "Chi", page.url());
  await expect(page).toHaveURL(/\/me\/bag\?id=3$/);
  await page.goto("/me");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chi");
  await expect(page.getByRole("list", { name: vi.badges.label })).toContainText(vi.badges.roles.user);
  await expect(page.getByRole("list", { name: vi.badges.label })).toContainText(vi.badges.level.replace("{{level}}", "1"));

  await page.getByLabel(me.profile.displayName).fill("Chi Mai");
  await page.getByRole("button", { name: me.profile.save }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(me.profile.saved);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chi Mai");
});

test("a foreign redirect after sign-in is refused: the visitor goes home", async ({ page }) => {
  await signUpThroughLogin(page, uniqueEmail("dung"), "Dũng", "/login?redirect=https%3A%2F%2Fevil.example%2Fphish");
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
});

test.describe("redirects that read as another host", () => {
  /** Paths on this site that a browser or a Location header reads as the host evil.example (`{origin}`: this site). */
  const forms = [
    "/.//evil.example/",
    "/%2e//evil.example/",
    "/\\evil.example",
    "{origin}//evil.example",
    "/%2F/evil.example",
    "/\t/evil.example",
  ];
  const origin = () => test.info().project.use.baseURL ?? "";
  const loginWith = (target: string) => `/login?redirect=${encodeURIComponent(target)}`;

  /** The requests that reached for evil.example (refused, so that a failure shows here and not as a DNS error). */
  async function watchEvilExample(page: Page): Promise<string[]> {
    const reached: string[] = [];
    await page.context().route(
      (url) => url.hostname === "evil.example",
      (route) => {
        reached.push(route.request().url());
        return route.abort();
      },
    );
    return reached;
  }

  for (const form of forms) {
    test(`?redirect=${JSON.stringify(form)} ends on this site's home page, after sign-up and from the server once signed in`, async ({
      page,
    }) => {
      const target = form.replace("{origin}", origin());
      const reached = await watchEvilExample(page);
      await signUpThroughLogin(page, uniqueEmail("giang"), "Giang", loginWith(target));
      await expect(page).toHaveURL(`${origin()}/`);
      await hydrated(page);
      const signedIn = await page.request.get(loginWith(target), { maxRedirects: 0 });
      expect(signedIn.status()).toBe(302);
      expect(signedIn.headers().location).toBe("/");
      expect(reached).toEqual([]);
    });
  }

  test("a path of this site is kept, and signing in again with a foreign one goes home", async ({ page }) => {
    const reached = await watchEvilExample(page);
    const email = uniqueEmail("hoa");
    const loginEvent = page.waitForResponse((response) => response.url().endsWith("/api/analytics"));
    await signUpThroughLogin(page, email, "Hoa", loginWith("/craft?id=x"));
    await expect(page).toHaveURL(`${origin()}/craft?id=x`);
    const signedIn = await page.request.get(loginWith("/craft?id=x"), { maxRedirects: 0 });
    expect(signedIn.headers().location).toBe("/craft?id=x");

    // The sign-in finishes in the page (token, profile, the 'login' event) before the cookies go:
    // a request of it still under way would otherwise be refused (401) with the session gone.
    await loginEvent;
    await expect.poll(() => page.evaluate(() => Boolean(localStorage.getItem("userToken") && localStorage.getItem("userData")))).toBe(true);
    // And what the signed-in page asks next (stars, the bell, the view beacon) has been answered too.
    await page.waitForLoadState("networkidle");
    await page.context().clearCookies();
    await page.goto(loginWith("/.//evil.example/"));
    await hydrated(page);
    await page.getByLabel(auth.fields.email).fill(email);
    await page.getByLabel(auth.fields.password, { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: auth.signin.submit }).click();
    await expect(page).toHaveURL(`${origin()}/`);
    expect(reached).toEqual([]);
  });
});

test.describe("forbidden", () => {
  test.use({ expectedConsole: [/Failed to load resource: the server responded with a status of 403/] });
  test("/admin: a signed-in user without the role gets 403", async ({ page }) => {
    await signUpThroughLogin(page, uniqueEmail("em"));
    await expect(page).toHaveURL(/\/$/);
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(vi.errors.forbidden.message);
    await expect(page.getByRole("banner")).toBeVisible();
  });

  test("a 403 on client navigation shows the forbidden page", async ({ page }) => {
    await signUpThroughLogin(page, uniqueEmail("giang"));
    await expect(page).toHaveURL(/\/$/);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole("complementary").getByRole("link", { name: vi.pages.admin.nav }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(vi.errors.forbidden.message);
  });
});

test("other tabs follow a sign-out", async ({ page, context }) => {
  await signUpThroughLogin(page, uniqueEmail("hoa"), "Hoa");
  await expect(page).toHaveURL(/\/$/);
  const other = await context.newPage();
  await other.goto("/class");
  await hydrated(other);
  await expect(other.getByRole("button", { name: vi.account.menu })).toBeVisible();

  await page.getByRole("button", { name: vi.account.menu }).click();
  await page.locator("#account-menu").getByRole("button", { name: vi.account.signOut }).click();
  await expect(page.getByRole("link", { name: vi.account.signIn, exact: true })).toBeVisible();
  await expect(other.getByRole("link", { name: vi.account.signIn, exact: true })).toBeVisible();
  expect(await other.evaluate(() => localStorage.getItem("userData"))).toBeNull();
});

test("a visitor's page asks for no session until another tab signs in, then follows it", async ({ page, context }) => {
  const asked: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path === "/api/auth/get-session" || path.includes("/assets/auth-runtime")) asked.push(path);
  });
  await page.goto("/class");
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("data-build", /current|outdated/);
  await page.waitForLoadState("networkidle");
  // The server has just said there is no session, and nothing is stored: nothing to restore or to ask.
  expect(asked).toEqual([]);

  const other = await context.newPage();
  await signUpThroughLogin(other, uniqueEmail("minh"), "Minh");
  await expect(other).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: vi.account.menu })).toBeVisible();
  expect(asked).toContain("/api/auth/get-session");
});

test.describe("account deletion", () => {
  test.use({ expectedConsole: [/Failed to load resource: the server responded with a status of 403/] });
  test("/me signs out the other devices, and deletes the account once the password confirms it", async ({ page, browser }) => {
    const email = uniqueEmail("khanh");
    await signUpThroughLogin(page, email, "Khánh");
    await expect(page).toHaveURL(/\/$/);
    const phone = await browser.newContext();
    const phonePage = await phone.newPage();
    await phonePage.goto("/login");
    await hydrated(phonePage);
    await phonePage.getByLabel(auth.fields.email).fill(email);
    await phonePage.getByLabel(auth.fields.password, { exact: true }).fill(PASSWORD);
    await phonePage.getByRole("button", { name: auth.signin.submit }).click();
    await expect(phonePage.getByRole("button", { name: vi.account.menu })).toBeVisible();

    await page.goto("/me");
    await hydrated(page);
    const devices = page.getByRole("region", { name: me.sessions.title }).getByRole("listitem");
    await expect(devices).toHaveCount(2);
    await page.getByRole("button", { name: me.sessions.signOutOthers }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(me.sessions.othersEnded);
    await expect(devices).toHaveCount(1);
    // No reload: the server closes the phone's socket (4401) and its page follows by itself
    // (tests/e2e/sessions.spec.ts); a reload here would race the page's own.
    await expect(phonePage.getByRole("link", { name: vi.account.signIn, exact: true })).toBeVisible();
    await phone.close();

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: me.data.export }).click();
    const exported = JSON.parse(
      await (await (await download).createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString()),
    );
    expect(exported.profile).toMatchObject({ email, displayName: "Khánh", role: "user" });

    await page.getByRole("button", { name: me.delete.open }).click();
    const dialog = page.getByRole("dialog", { name: me.delete.title });
    await dialog.getByLabel(me.delete.passwordLabel).fill("not my password");
    await dialog.getByRole("button", { name: me.delete.submit }).click();
    await expect(dialog.getByRole("alert")).toHaveText(me.errors.deletePassword);
    await dialog.getByLabel(me.delete.passwordLabel).fill(PASSWORD);
    await dialog.getByRole("button", { name: me.delete.submit }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: vi.account.signIn, exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("userData"))).toBeNull();
  });
});
