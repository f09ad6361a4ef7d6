import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { hashPassword } from "better-auth/crypto";
import { analyticsEvents, authAccounts, authUsers, devOutbox, rateLimits, users } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import { call, cookiesOf, createTestApp, signUp, type TestApp } from "../testing.ts";
import { banUser } from "../users/ban-user.ts";

const decode = (token: string) => JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as Record<string, unknown>;

describe.each(testEngines)("identity on %s", (engine) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.dispose();
  });

  it("signs up with an httpOnly SameSite=Lax session cookie, then signs in and out", async () => {
    t = await createTestApp(engine);
    const signUpResponse = await call(t.app, "/api/auth/sign-up/email", {
      body: { email: "an@example.vn", password: "mat-khau-dai", name: "An" },
    });
    expect(signUpResponse.status).toBe(200);
    const setCookie = signUpResponse.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/better-auth\.session_token=.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const signIn = await call(t.app, "/api/auth/sign-in/email", { body: { email: "an@example.vn", password: "mat-khau-dai" } });
    expect(signIn.status).toBe(200);
    const cookie = cookiesOf(signIn);
    const session = await (await call(t.app, "/api/auth/get-session", { cookie })).json();
    expect(session.user).toMatchObject({ email: "an@example.vn", name: "An" });

    expect((await call(t.app, "/api/auth/sign-out", { method: "POST", body: {}, cookie })).status).toBe(200);
    expect(await (await call(t.app, "/api/auth/get-session", { cookie })).json()).toBeNull();
  });

  it.each([
    ["too short", "abc12", "PASSWORD_TOO_SHORT"],
    ["too long", "x".repeat(129), "PASSWORD_TOO_LONG"],
    ["too common", "123456", "PASSWORD_TOO_COMMON"],
    ["in the top 10,000, any case", "Mustang", "PASSWORD_TOO_COMMON"],
    ["in the top 10,000", "wildbill", "PASSWORD_TOO_COMMON"],
    ["the site's name with digits", "Minithings2026", "PASSWORD_TOO_COMMON"],
  ])("refuses a password that is %s", async (_case, password, code) => {
    t = await createTestApp(engine);
    const response = await call(t.app, "/api/auth/sign-up/email", { body: { email: "b@example.vn", password, name: "B" } });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe(code);
  });

  it("refuses a second account with the same email, and a wrong password", async () => {
    t = await createTestApp(engine);
    await signUp(t.app, "c@example.vn");
    const again = await call(t.app, "/api/auth/sign-up/email", {
      body: { email: "c@example.vn", password: "another long one", name: "C" },
    });
    expect(again.status).toBe(422);
    expect((await again.json()).code).toMatch(/USER_ALREADY_EXISTS/);
    const wrong = await call(t.app, "/api/auth/sign-in/email", { body: { email: "c@example.vn", password: "not the password" } });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).code).toBe("INVALID_EMAIL_OR_PASSWORD");
  });

  it("creates the profile with the spec's defaults on first sync, and merges on the next", async () => {
    t = await createTestApp(engine);
    const cookie = await signUp(t.app, "d@example.vn", "correct horse battery", "Dũng");
    expect((await call(t.app, "/api/profile", { cookie })).status).toBe(404);
    const before = Date.now();
    const created = await (await call(t.app, "/api/profile/sync", { method: "POST", body: {}, cookie })).json();
    expect(created).toMatchObject({
      email: "d@example.vn",
      displayName: "Dũng",
      photoURL: null,
      role: "user",
      tag: "member",
      title: "member",
      level: 1,
    });
    expect(created.createdAt).toBeGreaterThanOrEqual(before);
    expect(created.lastLoginAt).toBeNull();
    const merged = await (await call(t.app, "/api/profile/sync", { method: "POST", body: {}, cookie })).json();
    expect(merged.createdAt).toBe(created.createdAt);
    expect(merged.lastLoginAt).toBeGreaterThanOrEqual(created.createdAt);
    expect(merged.updatedAt).toBe(merged.lastLoginAt);
    expect(await (await call(t.app, "/api/profile", { cookie })).json()).toEqual(merged);
    expect(Object.keys(merged).sort()).toEqual([
      "createdAt",
      "displayName",
      "email",
      "lastLoginAt",
      "level",
      "photoURL",
      "role",
      "tag",
      "title",
      "uid",
      "updatedAt",
    ]);
  });

  it("answers 401 with a JSON error to a signed-out profile request", async () => {
    t = await createTestApp(engine);
    const response = await call(t.app, "/api/profile");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: "unauthenticated", message: "Sign in first." } });
  });

  it("issues a short-lived ID token with only sub, email, name and role, accepted as a Bearer token", async () => {
    t = await createTestApp(engine);
    const cookie = await signUp(t.app, "e@example.vn", "correct horse battery", "Em");
    await call(t.app, "/api/profile/sync", { method: "POST", body: {}, cookie });
    const { token } = await (await call(t.app, "/api/auth/token", { cookie })).json();
    const payload = decode(token);
    expect(Object.keys(payload).sort()).toEqual(["aud", "email", "exp", "iat", "iss", "name", "role", "sub"]);
    expect(payload).toMatchObject({ email: "e@example.vn", name: "Em", role: "user" });
    expect((payload.exp as number) - (payload.iat as number)).toBe(15 * 60);
    const jwks = await (await call(t.app, "/api/auth/jwks")).json();
    expect(jwks.keys.length).toBeGreaterThan(0);
    const viaBearer = await call(t.app, "/api/profile", { headers: { Authorization: `Bearer ${token}` } });
    expect(viaBearer.status).toBe(200);
    const forged = await call(t.app, "/api/profile", { headers: { Authorization: `Bearer ${token.slice(0, -4)}AAAA` } });
    expect(forged.status).toBe(401);
  });

  it("ends a banned user's sessions at once and refuses their sign-in and tokens", async () => {
    t = await createTestApp(engine);
    const cookie = await signUp(t.app, "f@example.vn");
    await call(t.app, "/api/profile/sync", { method: "POST", body: {}, cookie });
    const { token } = await (await call(t.app, "/api/auth/token", { cookie })).json();
    const session = await (await call(t.app, "/api/auth/get-session", { cookie })).json();
    await banUser(t.db, session.user.id, "spam");
    expect(await (await call(t.app, "/api/auth/get-session", { cookie })).json()).toBeNull();
    expect((await call(t.app, "/api/profile", { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    const signIn = await call(t.app, "/api/auth/sign-in/email", { body: { email: "f@example.vn", password: "correct horse battery" } });
    expect(signIn.status).toBe(403);
    expect((await signIn.json()).code).toBe("BANNED_USER");
  });

  it("ends the other sessions when the password changes", async () => {
    t = await createTestApp(engine);
    const first = await signUp(t.app, "g@example.vn");
    const second = cookiesOf(
      await call(t.app, "/api/auth/sign-in/email", { body: { email: "g@example.vn", password: "correct horse battery" } }),
    );
    const change = await call(t.app, "/api/auth/change-password", {
      body: { currentPassword: "correct horse battery", newPassword: "a brand new secret" },
      cookie: second,
    });
    expect(change.status).toBe(200);
    expect(await (await call(t.app, "/api/auth/get-session", { cookie: first })).json()).toBeNull();
    const signIn = await call(t.app, "/api/auth/sign-in/email", { body: { email: "g@example.vn", password: "a brand new secret" } });
    expect(signIn.status).toBe(200);
  });

  it("refuses a common new password at reset, change and set, not at sign-in", async () => {
    t = await createTestApp(engine);
    const cookie = await signUp(t.app, "h@example.vn");
    const reset = await call(t.app, "/api/auth/reset-password", { body: { token: "any-token", newPassword: "chelsea" } });
    expect((await reset.json()).code).toBe("PASSWORD_TOO_COMMON");
    const uncommonReset = await call(t.app, "/api/auth/reset-password", {
      body: { token: "any-token", newPassword: "a brand new secret" },
    });
    expect((await uncommonReset.json()).code).toBe("INVALID_TOKEN");
    const change = await call(t.app, "/api/auth/change-password", {
      body: { currentPassword: "correct horse battery", newPassword: "Yankees" },
      cookie,
    });
    expect(change.status).toBe(400);
    expect((await change.json()).code).toBe("PASSWORD_TOO_COMMON");
    const [user] = await t.db.select().from(authUsers).where(eq(authUsers.email, "h@example.vn"));
    await t.db.delete(authAccounts).where(eq(authAccounts.userId, user!.id));
    const set = t.auth.api.setPassword({ body: { newPassword: "jennifer" }, headers: new Headers({ cookie }) });
    await expect(set).rejects.toMatchObject({ body: { code: "PASSWORD_TOO_COMMON" } });

    // An account whose password became common since it was chosen still signs in (and may change it).
    await t.db.insert(authAccounts).values({
      id: "credential-h",
      accountId: user!.id,
      providerId: "credential",
      userId: user!.id,
      password: await hashPassword("mustang"),
    });
    const signIn = await call(t.app, "/api/auth/sign-in/email", { body: { email: "h@example.vn", password: "mustang" } });
    expect(signIn.status).toBe(200);
  });

  it("applies PASSWORD_MIN_LENGTH at sign-up, reset and change", async () => {
    t = await createTestApp(engine, { PASSWORD_MIN_LENGTH: "12" });
    const short = "eleven char";
    const signUpShort = await call(t.app, "/api/auth/sign-up/email", { body: { email: "m@example.vn", password: short, name: "M" } });
    expect((await signUpShort.json()).code).toBe("PASSWORD_TOO_SHORT");
    const cookie = await signUp(t.app, "m@example.vn", "twelve chars");
    const change = await call(t.app, "/api/auth/change-password", {
      body: { currentPassword: "twelve chars", newPassword: short },
      cookie,
    });
    expect((await change.json()).code).toBe("PASSWORD_TOO_SHORT");
    const reset = await call(t.app, "/api/auth/reset-password", { body: { token: "any-token", newPassword: short } });
    expect((await reset.json()).code).toBe("PASSWORD_TOO_SHORT");
  });

  it("limits sign-in attempts per client address, and ignores a forged X-Forwarded-For", async () => {
    t = await createTestApp(engine);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await call(t.app, "/api/auth/sign-in/email", {
        body: { email: `nobody${attempt}@example.vn`, password: "wrong password" },
        headers: { "X-Forwarded-For": `198.51.100.${attempt}`, "x-minithings-client-ip": `192.0.2.${attempt}` },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Kept in the database, so the limit holds across restarts and across processes.
    const counters = await t.db.select().from(rateLimits);
    expect(counters.some((row) => row.key.startsWith("ip:") && row.count >= 11)).toBe(true);
  });

  it("answers a reset request the same whether the email exists or not, and mails only real accounts", async () => {
    t = await createTestApp(engine, { MAIL_OUTBOX: "1" });
    await signUp(t.app, "i@example.vn");
    const outboxBefore = (await t.db.select().from(devOutbox)).length;
    const known = await call(t.app, "/api/auth/request-password-reset", { body: { email: "i@example.vn", redirectTo: "/login" } });
    const unknown = await call(t.app, "/api/auth/request-password-reset", { body: { email: "ghost@example.vn", redirectTo: "/login" } });
    expect(known.status).toBe(unknown.status);
    expect(await known.json()).toEqual(await unknown.json());
    const mails = (await t.db.select().from(devOutbox)).slice(outboxBefore);
    expect(mails.map((mail) => mail.to)).toEqual(["i@example.vn"]);
    expect(mails[0]?.text).toMatch(/\/api\/auth\/reset-password\/[\w-]+\?callbackURL=/);
  });

  it("records analytics events for the signed-in user only, with the user taken from the session", async () => {
    t = await createTestApp(engine);
    expect((await call(t.app, "/api/analytics", { body: { name: "login", params: {} } })).status).toBe(401);
    const cookie = await signUp(t.app, "k@example.vn", "correct horse battery", "Khoa");
    const session = await (await call(t.app, "/api/auth/get-session", { cookie })).json();
    const response = await call(t.app, "/api/analytics", {
      body: { name: "login", params: { language: "vi", user_id: "k@example.vn", user_name: "Khoa" } },
      cookie,
    });
    expect(response.status).toBe(201);
    const [event] = await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, session.user.id));
    expect(event).toMatchObject({ name: "login", params: { language: "vi", user_id: "k@example.vn", user_name: "Khoa" } });
    const bad = await call(t.app, "/api/analytics", { body: { name: "Bad Name!", params: {} }, cookie });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe("invalid-argument");
  });

  it("exports and deletes the account with its personal data", async () => {
    t = await createTestApp(engine);
    const cookie = await signUp(t.app, "l@example.vn", "correct horse battery", "Linh");
    await call(t.app, "/api/profile/sync", { method: "POST", body: {}, cookie });
    await call(t.app, "/api/analytics", { body: { name: "login", params: {} }, cookie });
    await call(t.app, "/api/chat/rooms/global-vi/messages", { body: { text: "Tin của tôi", clientId: "export-message-1" }, cookie });
    await call(t.app, "/api/notifications/preferences", { method: "PUT", body: { kind: "mention", inApp: false, browser: false }, cookie });
    // What they keep and write on the site goes with it: their posts and notes, among the rest.
    expect((await call(t.app, "/api/feed/posts", { body: { body: "Bài của Linh", lang: "vi" }, cookie })).status).toBe(201);
    expect(
      (await call(t.app, "/api/notes", { body: { title: "Ghi chú của Linh", body: "mua quặng", clientId: "export-note-1" }, cookie }))
        .status,
    ).toBe(201);
    const exported = await call(t.app, "/api/profile/export", { cookie });
    expect(exported.headers.get("Content-Disposition")).toContain("attachment");
    const data = await exported.json();
    expect(data.profile.email).toBe("l@example.vn");
    expect(data.chatMessages).toEqual([expect.objectContaining({ roomId: "global-vi", text: "Tin của tôi" })]);
    expect(data.notificationPreferences).toEqual([{ kind: "mention", inApp: false, browser: false }]);
    expect(data).toMatchObject({ chatBlocks: [], notifications: [], reportsFiled: [] });
    expect(data.feed.posts).toEqual([expect.objectContaining({ body: "Bài của Linh", language: "vi" })]);
    // Which moderator hid something is not the member's to know.
    expect(Object.keys(data.feed.posts[0])).not.toContain("hiddenBy");
    expect(data).toMatchObject({ bag: [], taxLedger: [], guides: [] });
    expect(data.notes).toEqual([expect.objectContaining({ title: "Ghi chú của Linh" })]);
    expect(data.trading).toEqual({
      offers: [],
      replies: [],
      feedbackGiven: [],
      feedbackReceived: [],
      priceAlerts: [],
      characterClaims: [],
    });
    expect(JSON.stringify(data)).not.toMatch(/password|token/i);
    const refused = await call(t.app, "/api/profile", { method: "DELETE", body: { password: "not the password" }, cookie });
    expect(refused.status).toBe(403);
    const deleted = await call(t.app, "/api/profile", { method: "DELETE", body: { password: "correct horse battery" }, cookie });
    expect(deleted.status).toBe(200);
    expect(await t.db.select().from(users)).toEqual([]);
    expect(await t.db.select().from(analyticsEvents)).toEqual([]);
    expect(await (await call(t.app, "/api/auth/get-session", { cookie })).json()).toBeNull();
  });
});
