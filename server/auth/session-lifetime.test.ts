import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { authSessions } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import { call, cookiesOf, createTestApp, signUp, type TestApp } from "../testing.ts";
import { SESSION_MAX_AGE_SECONDS } from "./create-auth.ts";

const DAY = 24 * 60 * 60 * 1000;

describe.each(testEngines)("absolute session lifetime on %s", (engine) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.dispose();
  });

  /** Moves a session's sign-in `days` days into the past, as if it had been kept alive since. */
  async function signedInDaysAgo(cookie: string, days: number) {
    const { session } = await (await call(t.app, "/api/auth/get-session", { cookie })).json();
    await t.db
      .update(authSessions)
      .set({ createdAt: new Date(Date.now() - days * DAY) })
      .where(eq(authSessions.id, session.id));
    return session.id as string;
  }

  it("is 30 days from the sign-in", () => {
    expect(SESSION_MAX_AGE_SECONDS).toBe(30 * 24 * 60 * 60);
  });

  it("ends a session signed in more than 30 days ago, however recently it was used, wherever it is read", async () => {
    t = await createTestApp(engine);
    const cookie = await signUp(t.app, "an@example.vn");
    await call(t.app, "/api/profile/sync", { method: "POST", body: {}, cookie });
    const id = await signedInDaysAgo(cookie, 31);
    expect((await call(t.app, "/api/profile", { cookie })).status).toBe(401);
    expect((await call(t.app, "/api/auth/token", { cookie })).status).toBe(401);
    expect(await (await call(t.app, "/api/auth/get-session", { cookie })).json()).toBeNull();
    expect(await t.db.select().from(authSessions).where(eq(authSessions.id, id))).toEqual([]);
  });

  it("refuses an old session at better-auth's own endpoints too, and deletes it there", async () => {
    t = await createTestApp(engine);
    const cookie = await signUp(t.app, "binh@example.vn");
    const id = await signedInDaysAgo(cookie, 30.5);
    const refused = await call(t.app, "/api/auth/list-sessions", { cookie });
    expect(refused.status).toBe(401);
    expect(await t.db.select().from(authSessions).where(eq(authSessions.id, id))).toEqual([]);
  });

  it("keeps a session signed in 29 days ago", async () => {
    t = await createTestApp(engine);
    const cookie = await signUp(t.app, "chi@example.vn");
    await call(t.app, "/api/profile/sync", { method: "POST", body: {}, cookie });
    await signedInDaysAgo(cookie, 29);
    expect((await call(t.app, "/api/profile", { cookie })).status).toBe(200);
    expect((await (await call(t.app, "/api/auth/get-session", { cookie })).json()).user.email).toBe("chi@example.vn");
  });

  it("drops other devices' sessions past the lifetime from the device list", async () => {
    t = await createTestApp(engine);
    const laptop = await signUp(t.app, "dung@example.vn");
    const phone = cookiesOf(
      await call(t.app, "/api/auth/sign-in/email", { body: { email: "dung@example.vn", password: "correct horse battery" } }),
    );
    const phoneSession = await signedInDaysAgo(phone, 40);
    const devices = (await (await call(t.app, "/api/auth/list-sessions", { cookie: laptop })).json()) as { id: string }[];
    expect(devices).toHaveLength(1);
    expect(devices.map((device) => device.id)).not.toContain(phoneSession);
  });
});
