/** The site's settings (issue 44): stored over the environment's, validated, audited, applied on every process at once. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, authUsers } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import { siteDefaultLanguage } from "../../universal/i18n/languages.ts";
import { createApp } from "../create-app.ts";
import { call, createTestApp, signUpMember, silentLogger, type TestApp, type TestMember } from "../testing.ts";

describe.each(testEngines)("the site's settings on %s", (engine) => {
  let t: TestApp;
  let admin: TestMember;
  let member: TestMember;
  /** A second process on the same database and bus. */
  let other: ReturnType<typeof createApp>;

  beforeAll(async () => {
    t = await createTestApp(engine, { APP_TITLE: "Bạn Đồng Hành" });
    admin = await signUpMember(t, "Quản Trị", { role: "admin" });
    member = await signUpMember(t, "Thành Viên");
    other = createApp({
      hub: t.hub,
      config: t.config,
      logger: silentLogger,
      database: t.database.connection,
      build: async () => {
        throw new Error("no pages");
      },
      auth: t.auth,
      analytics: t.analytics,
    });
  });
  afterAll(() => t?.dispose());

  const settings = async (cookie = admin.cookie) => {
    const response = await call(t.app, "/api/admin/settings", { cookie });
    return { status: response.status, body: await response.json() };
  };
  const patch = async (body: unknown, cookie = admin.cookie) => {
    const response = await call(t.app, "/api/admin/settings", { method: "PATCH", body, cookie });
    return { status: response.status, body: await response.json() };
  };
  const manifestName = async (app: ReturnType<typeof createApp>) =>
    ((await (await call(app, "/manifest.webmanifest")).json()) as { name: string }).name;

  it("answers the environment's defaults until an admin changes them, to admins only", async () => {
    const { status, body } = await settings();
    expect(status).toBe(200);
    expect(body.data).toEqual({
      appTitle: "Bạn Đồng Hành",
      signUpsOpen: true,
      defaultLanguage: "vi",
      rateLimits: {
        write: { window: 60, max: 60 },
        query: { window: 60, max: 300 },
        search: { window: 60, max: 300 },
        view: { window: 60, max: 120 },
      },
    });
    expect((await settings(member.cookie)).status).toBe(403);
    expect((await patch({ appTitle: "X" }, member.cookie)).status).toBe(403);
  });

  it("changes the title on every process at once, and audits what it was and became", async () => {
    expect(await manifestName(other)).toContain("Bạn Đồng Hành");
    const { status, body } = await patch({ appTitle: "Sổ Tay Lạc Vân" });
    expect(status).toBe(200);
    expect(body.data.appTitle).toBe("Sổ Tay Lạc Vân");
    expect(await manifestName(t.app)).toContain("Sổ Tay Lạc Vân");
    await vi.waitFor(async () => expect(await manifestName(other)).toContain("Sổ Tay Lạc Vân"));
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, "settings.update"));
    expect(entry).toMatchObject({
      actorUid: admin.uid,
      targetKind: "settings",
      targetId: "site",
      before: { appTitle: "Bạn Đồng Hành" },
      after: { appTitle: "Sổ Tay Lạc Vân" },
    });
  });

  it("answers 400 naming the field for a setting out of bounds, and changes nothing", async () => {
    for (const [body, field] of [
      [{ appTitle: "" }, "appTitle"],
      [{ appTitle: "a".repeat(81) }, "appTitle"],
      [{ defaultLanguage: "fr" }, "defaultLanguage"],
      [{ rateLimits: { write: { window: 60, max: 0 } } }, "rateLimits.write.max"],
      [{ rateLimits: { sneaky: { window: 60, max: 5 } } }, "rateLimits"],
      [{ signUpsOpen: "no" }, "signUpsOpen"],
      [{ role: "admin" }, ""],
    ] as const) {
      const { status, body: answer } = await patch(body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(answer.error.code).toBe("invalid-argument");
      if (field) expect(answer.error.details.field, JSON.stringify(body)).toBe(field);
    }
    expect((await settings()).body.data.appTitle).toBe("Sổ Tay Lạc Vân");
  });

  it("closes sign-ups: a new account is refused with sign-ups-closed and nothing is written; reopened, it works", async () => {
    expect((await patch({ signUpsOpen: false })).status).toBe(200);
    const refused = await call(t.app, "/api/auth/sign-up/email", {
      body: { email: "late@example.vn", password: "correct horse battery", name: "Đến Muộn" },
    });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe("sign-ups-closed");
    // The other process refuses too, and the auth hook refuses whatever path asks.
    await vi.waitFor(async () => {
      const elsewhere = await call(other, "/api/auth/sign-up/email", {
        body: { email: "late@example.vn", password: "correct horse battery", name: "Đến Muộn" },
      });
      expect(elsewhere.status).toBe(403);
    });
    expect(await t.db.select().from(authUsers).where(eq(authUsers.email, "late@example.vn"))).toEqual([]);
    // Members already signed up still sign in.
    const signIn = await call(t.app, "/api/auth/sign-in/email", { body: { email: member.email, password: "correct horse battery" } });
    expect(signIn.status).toBe(200);
    expect((await patch({ signUpsOpen: true })).status).toBe(200);
    const welcome = await call(t.app, "/api/auth/sign-up/email", {
      body: { email: "late@example.vn", password: "correct horse battery", name: "Đến Muộn" },
    });
    expect(welcome.status).toBe(200);
  });

  it("applies a new write limit at once, and keeps the other buckets", async () => {
    // Another admin: the first has made enough writes this minute to be over the new limit themselves.
    const second = await signUpMember(t, "Quản Trị Hai", { role: "admin" });
    const { body } = await patch({ rateLimits: { write: { window: 60, max: 10 } } }, second.cookie);
    expect(body.data.rateLimits.write).toEqual({ window: 60, max: 10 });
    expect(body.data.rateLimits.search).toEqual({ window: 60, max: 300 });
    const writer = await signUpMember(t, "Người Viết");
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++)
      statuses.push((await call(t.app, "/api/analytics", { body: { name: "tap", params: {} }, cookie: writer.cookie })).status);
    // The member's profile sync at sign-up was their first write of the minute.
    expect(statuses).toEqual([...Array<number>(9).fill(201), 429]);
    expect((await patch({ rateLimits: { write: { window: 60, max: 60 } } }, second.cookie)).status).toBe(200);
    expect((await patch({ rateLimits: { write: { window: 60, max: 9 } } }, second.cookie)).body.error.details.field).toBe(
      "rateLimits.write.max",
    );
  });

  it("changes the default language of a visitor who chose none", async () => {
    expect((await patch({ defaultLanguage: "en-US" })).status).toBe(200);
    expect(siteDefaultLanguage()).toBe("en-US");
    expect((await patch({ defaultLanguage: "vi" })).status).toBe(200);
    expect(siteDefaultLanguage()).toBe("vi");
  });
});
