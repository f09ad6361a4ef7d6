import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { authAccounts, authUsers } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import { startOidcIssuer, type IdpAccount, type OidcIssuer } from "../../tests/support/oidc-issuer.ts";
import { call, cookiesOf, createTestApp, TEST_ORIGIN, type TestApp } from "../testing.ts";

const CLIENT_ID = "minithings-companion";
const CLIENT_SECRET = "a-client-secret-for-the-loopback-test";
const CALLBACK = `${TEST_ORIGIN}/api/auth/callback/oidc`;

/**
 * The one person the identity provider knows. Its development login page makes whatever is typed
 * the account id, which is also the subject (`sub`) of the tokens.
 */
const person: IdpAccount = { subject: "idp-user-0042", email: "mai.nguyen@idp.example.vn", name: "Nguyễn Thị Mai" };

/** A real OpenID Connect provider (oidc-provider, its development login/consent pages) on loopback, on a free port. */
function startIdentityProvider(): Promise<OidcIssuer> {
  return startOidcIssuer({ clients: [{ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [CALLBACK] }], accounts: [person] });
}

/** A browser's cookies for the identity provider (one site, so paths are ignored). */
class CookieJar {
  private readonly values = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = header.split(";");
      const equals = pair.indexOf("=");
      const name = pair.slice(0, equals).trim();
      const value = pair.slice(equals + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = "", date = ""] = attribute.split("=");
        return key.trim().toLowerCase() === "expires" && Date.parse(date) < Date.now();
      });
      if (!value || expired) this.values.delete(name);
      else this.values.set(name, value);
    }
  }

  header(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** A form on one of the provider's pages: where it posts, and its hidden fields. */
function readForm(html: string, base: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form on the page:\n${html}`);
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[match[1]!] = match[2]!;
  return { action: new URL(action.replaceAll("&amp;", "&"), base).href, fields };
}

/**
 * Plays the browser at the identity provider: follows its redirects by hand, signs in as `login`
 * on the login page and accepts on the consent page, until it is sent back to the app. Returns the
 * app URL it was sent to and the pages it went through.
 */
async function authorizeAtProvider(authorizationUrl: string, jar: CookieJar, login: string): Promise<{ callback: URL; pages: string[] }> {
  const pages: string[] = [];
  let request: { url: string; init: RequestInit } = { url: authorizationUrl, init: {} };
  for (let step = 0; step < 12; step++) {
    const response = await fetch(request.url, {
      ...request.init,
      redirect: "manual",
      headers: { ...request.init.headers, Cookie: jar.header() },
    });
    jar.store(response);
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, request.url);
      if (next.origin === TEST_ORIGIN) return { callback: next, pages };
      request = { url: next.href, init: {} };
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`the provider answered ${response.status} at ${request.url}:\n${html}`);
    const { action, fields } = readForm(html, request.url);
    pages.push(fields.prompt ?? "unknown");
    const body = new URLSearchParams(fields);
    if (fields.prompt === "login") {
      body.set("login", login);
      body.set("password", "any password: the development login page does not check it");
    }
    request = { url: action, init: { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } } };
  }
  throw new Error("too many steps at the identity provider");
}

/** The start of the sign-in at the app (better-auth's social sign-in endpoint): the provider's URL, and the app's state cookie. */
async function startSignIn(app: TestApp["app"], callbackURL = "/"): Promise<{ url: URL; cookie: string }> {
  const response = await call(app, "/api/auth/sign-in/social", { body: { provider: "oidc", callbackURL } });
  expect(response.status).toBe(200);
  const { url, redirect } = (await response.json()) as { url: string; redirect: boolean };
  expect(redirect).toBe(true);
  return { url: new URL(url), cookie: cookiesOf(response) };
}

/** The provider's redirect back, as the browser makes it: a top-level GET carrying the app's cookies. */
function returnToApp(app: TestApp["app"], callback: URL, cookie: string): Promise<Response> {
  return Promise.resolve(app.request(callback.href, { headers: cookie ? { Cookie: cookie } : {} }));
}

describe.each(testEngines)("OpenID Connect sign-in against a real provider on %s", (engine) => {
  let t: TestApp | undefined;
  let idp: Awaited<ReturnType<typeof startIdentityProvider>> | undefined;

  afterEach(async () => {
    await t?.dispose();
    t = undefined;
    const errors = idp?.serverErrors ?? [];
    await idp?.close();
    idp = undefined;
    expect(errors.map(String)).toEqual([]);
  });

  async function setUp(configuredIssuer?: (issuer: string) => string) {
    idp = await startIdentityProvider();
    t = await createTestApp(engine, {
      OIDC_ISSUER: configuredIssuer ? configuredIssuer(idp.issuer) : idp.issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_NAME: "Loopback IdP",
    });
    return { app: t.app, issuer: t.config.OIDC_ISSUER ?? "" };
  }

  it("signs in through the provider's login and consent pages, then creates the user and the profile", async () => {
    const { app, issuer } = await setUp();
    const start = await startSignIn(app);
    // The discovered authorization endpoint, our client, PKCE (S256), a nonce and the scopes we ask for.
    expect(start.url.origin).toBe(issuer);
    expect(start.url.searchParams.get("client_id")).toBe(CLIENT_ID);
    expect(start.url.searchParams.get("redirect_uri")).toBe(CALLBACK);
    expect(start.url.searchParams.get("response_type")).toBe("code");
    expect(start.url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(start.url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(start.url.searchParams.get("nonce")).toBeTruthy();
    expect(start.url.searchParams.get("scope")?.split(" ").sort()).toEqual(["email", "openid", "profile"]);
    const state = start.url.searchParams.get("state");
    expect(state).toBeTruthy();
    expect(start.cookie).not.toBe("");

    const browser = new CookieJar();
    const { callback, pages } = await authorizeAtProvider(start.url.href, browser, person.subject);
    expect(pages).toEqual(["login", "consent"]);
    expect(callback.pathname).toBe("/api/auth/callback/oidc");
    expect(callback.searchParams.get("state")).toBe(state);
    expect(callback.searchParams.get("iss")).toBe(issuer);
    expect(callback.searchParams.get("code")).toBeTruthy();

    const back = await returnToApp(app, callback, start.cookie);
    expect(back.status).toBe(302);
    expect(new URL(back.headers.get("location") ?? "", TEST_ORIGIN).href).toBe(`${TEST_ORIGIN}/`);
    expect(back.headers.getSetCookie().join("\n")).toMatch(/better-auth\.session_token=[^;]+;.*HttpOnly/i);
    const cookie = cookiesOf(back);

    const session = await (await call(app, "/api/auth/get-session", { cookie })).json();
    expect(session.user).toMatchObject({ email: person.email, name: person.name, emailVerified: true });

    // The account is keyed by the provider's subject, not by the email.
    const accounts = await t!.db.select().from(authAccounts).where(eq(authAccounts.userId, session.user.id));
    expect(accounts.map(({ providerId, accountId }) => ({ providerId, accountId }))).toEqual([
      { providerId: "oidc", accountId: person.subject },
    ]);

    const profile = await call(app, "/api/profile/sync", { method: "POST", body: {}, cookie });
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({
      uid: session.user.id,
      email: person.email,
      displayName: person.name,
      role: "user",
      level: 1,
    });
    expect((await call(app, "/api/profile", { cookie })).status).toBe(200);

    // A second sign-in (the provider remembers the login and the consent) lands on the same user.
    const again = await startSignIn(app);
    const second = await authorizeAtProvider(again.url.href, browser, person.subject);
    expect(second.pages).toEqual([]);
    const backAgain = await returnToApp(app, second.callback, again.cookie);
    expect(backAgain.status).toBe(302);
    const secondSession = await (await call(app, "/api/auth/get-session", { cookie: cookiesOf(backAgain) })).json();
    expect(secondSession.user.id).toBe(session.user.id);
    expect(await t!.db.select().from(authUsers)).toHaveLength(1);
  });

  it("refuses a callback without the state cookie of the browser that started it, and a replayed callback", async () => {
    const { app } = await setUp();
    const start = await startSignIn(app);
    const { callback } = await authorizeAtProvider(start.url.href, new CookieJar(), person.subject);

    // Another browser (no state cookie) cannot complete this sign-in.
    const stranger = await returnToApp(app, callback, "");
    expect(stranger.status).toBe(302);
    expect(stranger.headers.get("location")).toMatch(/error=state_mismatch/);
    expect(cookiesOf(stranger)).not.toMatch(/session_token=\w/);

    const done = await returnToApp(app, callback, start.cookie);
    expect(done.status).toBe(302);
    expect(cookiesOf(done)).toMatch(/better-auth\.session_token=\w/);

    // The same callback again (state and code): the state is spent, so no second session.
    const replay = await returnToApp(app, callback, start.cookie);
    expect(replay.headers.get("location")).toMatch(/error=state_mismatch/);
    expect(cookiesOf(replay)).not.toMatch(/session_token=\w/);
    expect(await t!.db.select().from(authUsers)).toHaveLength(1);
  });

  it("sends the person back to the page they came from, and refuses to start towards a path that reads as another host", async () => {
    const { app } = await setUp();
    const start = await startSignIn(app, "/craft?id=x");
    const { callback } = await authorizeAtProvider(start.url.href, new CookieJar(), person.subject);
    const back = await returnToApp(app, callback, start.cookie);
    expect(new URL(back.headers.get("location") ?? "", TEST_ORIGIN).href).toBe(`${TEST_ORIGIN}/craft?id=x`);

    for (const field of ["callbackURL", "errorCallbackURL", "newUserCallbackURL"]) {
      for (const target of ["/.//evil.example/", "/%2e//evil.example/", `${TEST_ORIGIN}//evil.example`]) {
        const refused = await call(app, "/api/auth/sign-in/social", { body: { provider: "oidc", callbackURL: "/", [field]: target } });
        expect(refused.status, `${field} ${target}`).toBe(400);
      }
    }
  });

  it("refuses to sign in when the provider's discovery names another issuer than OIDC_ISSUER", async () => {
    // The same server under another name: its discovery document (and its ID tokens) name 127.0.0.1.
    const { app, issuer } = await setUp((real) => real.replace("127.0.0.1", "localhost"));
    expect(issuer).toContain("localhost");
    const response = await call(app, "/api/auth/sign-in/social", { body: { provider: "oidc", callbackURL: "/" } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "OIDC_ISSUER_MISMATCH" });
    expect(cookiesOf(response)).not.toMatch(/session_token=\w/);
  });
});
