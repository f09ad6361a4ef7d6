import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authAccounts, authSessions, authUsers, users } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import { PASSWORD_ATTEMPTS } from "../auth/password-attempts.ts";
import { call, createTestApp, signUpMember, type TestApp } from "../testing.ts";

const PASSWORD = "correct horse battery";

describe.each(testEngines)("account deletion on %s", (engine) => {
  let t: TestApp;
  afterEach(async () => {
    vi.useRealTimers();
    await t?.dispose();
  });

  /** Turns the account into one that signs in only through an OpenID provider. */
  async function withoutPassword(uid: string) {
    await t.db.delete(authAccounts).where(eq(authAccounts.userId, uid));
    await t.db.insert(authAccounts).values({ id: `oidc-${uid}`, accountId: `sub-${uid}`, providerId: "oidc", userId: uid });
  }

  const remains = async (uid: string) => (await t.db.select().from(users).where(eq(users.uid, uid))).length === 1;
  const remove = (cookie: string, body: unknown) => call(t.app, "/api/profile", { method: "DELETE", body, cookie });

  it("refuses a wrong or missing password and deletes nothing", async () => {
    t = await createTestApp(engine);
    const { cookie, uid } = await signUpMember(t, "Member", { email: "an@example.vn", password: PASSWORD });
    const wrong = await remove(cookie, { password: "not the password" });
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).error.code).toBe("permission-denied");
    const missing = await remove(cookie, {});
    expect(missing.status).toBe(400);
    // The old confirmation, the account's email, is no longer enough.
    expect((await remove(cookie, { confirm: "an@example.vn" })).status).toBe(400);
    expect(await remains(uid)).toBe(true);
    expect((await call(t.app, "/api/auth/get-session", { cookie })).status).toBe(200);
  });

  it("deletes the account with the right password", async () => {
    t = await createTestApp(engine);
    const { cookie, uid } = await signUpMember(t, "Member", { email: "binh@example.vn", password: PASSWORD });
    const deleted = await remove(cookie, { password: PASSWORD });
    expect(deleted.status).toBe(200);
    expect(await remains(uid)).toBe(false);
    expect(await t.db.select().from(authUsers).where(eq(authUsers.id, uid))).toEqual([]);
  });

  it("slows down guessing the password through deletion, under the sign-in's count", async () => {
    // A still clock: the 2 s wait after the last failure cannot run out while the test runs.
    vi.useFakeTimers({ toFake: ["Date"] });
    t = await createTestApp(engine);
    const { cookie, uid } = await signUpMember(t, "Member", { email: "chi@example.vn", password: PASSWORD });
    for (let attempt = 0; attempt <= PASSWORD_ATTEMPTS.freeFailures; attempt++) {
      expect((await remove(cookie, { password: "not the password" })).status).toBe(403);
    }
    const refused = await remove(cookie, { password: PASSWORD });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe("resource-exhausted");
    expect(await remains(uid)).toBe(true);
  });

  it("asks an account without a password for a sign-in within the last 5 minutes", async () => {
    t = await createTestApp(engine);
    const { cookie, uid } = await signUpMember(t, "Member", { email: "dung@example.vn", password: PASSWORD });
    await withoutPassword(uid);
    await t.db
      .update(authSessions)
      .set({ createdAt: new Date(Date.now() - 6 * 60 * 1000) })
      .where(eq(authSessions.userId, uid));
    const stale = await remove(cookie, {});
    expect(stale.status).toBe(401);
    expect(await remains(uid)).toBe(true);
    // A password is no way around it: the account has none.
    expect((await remove(cookie, { password: PASSWORD })).status).toBe(401);

    await t.db.update(authSessions).set({ createdAt: new Date() }).where(eq(authSessions.userId, uid));
    expect((await remove(cookie, {})).status).toBe(200);
    expect(await remains(uid)).toBe(false);
  });

  it("does not take a Bearer ID token as a fresh sign-in", async () => {
    t = await createTestApp(engine);
    const { cookie, uid } = await signUpMember(t, "Member", { email: "em@example.vn", password: PASSWORD });
    await withoutPassword(uid);
    const { token } = await (await call(t.app, "/api/auth/token", { cookie })).json();
    const response = await call(t.app, "/api/profile", { method: "DELETE", body: {}, headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(401);
    expect(await remains(uid)).toBe(true);
  });
});
