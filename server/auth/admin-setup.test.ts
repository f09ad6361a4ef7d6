import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, authUsers, users } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import { call, createTestApp, signUp, type TestApp } from "../testing.ts";
import { setRole } from "../users/set-role.ts";
import { issueSetupLink, SETUP_LINK_LIFETIME_MS } from "./admin-setup.ts";

/**
 * One app per engine: the tests run in order and share its accounts, from "no admin yet" to
 * "an admin exists".
 */
describe.each(testEngines)("admin setup link on %s", (engine) => {
  let t: TestApp;
  let an: string;
  let binh: string;

  const uidOf = async (cookie: string): Promise<string> => (await (await call(t.app, "/api/auth/get-session", { cookie })).json()).user.id;
  const rolesOf = async (uid: string) => {
    const [auth] = await t.db.select({ role: authUsers.role }).from(authUsers).where(eq(authUsers.id, uid));
    const [profile] = await t.db.select({ role: users.role }).from(users).where(eq(users.uid, uid));
    return { auth: auth?.role ?? null, profile: profile?.role ?? null };
  };
  const expectRefused = async (response: Response) => {
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
    expect((await response.json()).error.code).toBe("invalid-argument");
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    an = await signUp(t.app, "an@example.vn", "correct horse battery", "An");
    binh = await signUp(t.app, "binh@example.vn", "correct horse battery", "Binh");
    await call(t.app, "/api/profile/sync", { method: "POST", body: {}, cookie: binh });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it("sends a signed-out visitor to sign in first", async () => {
    const path = await issueSetupLink(t.db);
    expect(path).toMatch(/^\/api\/setup\/claim\?token=[\w-]{32}$/);
    const response = await call(t.app, path ?? "");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirect=${encodeURIComponent(path ?? "")}`);
  });

  it("refuses an expired link with a JSON error", async () => {
    const path = await issueSetupLink(t.db, Date.now() - SETUP_LINK_LIFETIME_MS - 60_000);
    await expectRefused(await call(t.app, path ?? "", { cookie: binh }));
    expect((await rolesOf(await uidOf(binh))).profile).toBe("user");
  });

  it("refuses a wrong or missing token, and a link replaced by a newer one", async () => {
    const older = await issueSetupLink(t.db);
    const newer = await issueSetupLink(t.db);
    expect(newer).not.toBe(older);
    await expectRefused(await call(t.app, older ?? "", { cookie: binh }));
    await expectRefused(await call(t.app, "/api/setup/claim?token=not-the-token", { cookie: binh }));
    await expectRefused(await call(t.app, "/api/setup/claim", { cookie: binh }));
    expect((await rolesOf(await uidOf(binh))).profile).toBe("user");
  });

  it("makes the signed-in user admin, once, and sends them to /admin", async () => {
    const path = await issueSetupLink(t.db);
    expect(path).not.toBeNull();
    // A signed-out visit does not use it up: the sign-in page sends the visitor back to it.
    const signedOut = await call(t.app, path ?? "");
    const back = new URL(signedOut.headers.get("Location") ?? "", "http://localhost").searchParams.get("redirect");
    expect(back).toBe(path);

    const uid = await uidOf(an);
    const response = await call(t.app, back ?? "", { cookie: an });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
    expect(await rolesOf(uid)).toEqual({ auth: "admin", profile: "admin" });
    expect((await (await call(t.app, "/api/profile", { cookie: an })).json()).role).toBe("admin");
    // The first admin's making is in the audit log like any role change.
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.targetId, uid));
    expect(entries).toMatchObject([{ actorUid: uid, action: "user.set-role", note: "setup link", after: { role: "admin" } }]);

    // Used up: nobody else can use it, not even the new admin again.
    await expectRefused(await call(t.app, path ?? "", { cookie: binh }));
    await expectRefused(await call(t.app, path ?? "", { cookie: an }));
    expect((await rolesOf(await uidOf(binh))).profile).toBe("user");
  });

  it("issues no link once an admin exists", async () => {
    expect(await issueSetupLink(t.db)).toBeNull();
  });

  it("voids a link issued before an admin appeared another way", async () => {
    const anUid = await uidOf(an);
    await setRole(t.db, { uid: anUid }, "user");
    const path = await issueSetupLink(t.db);
    expect(path).not.toBeNull();
    await setRole(t.db, { uid: anUid }, "admin"); // e.g. `npm run user:role -- an@example.vn admin`
    await expectRefused(await call(t.app, path ?? "", { cookie: binh }));
    expect((await rolesOf(await uidOf(binh))).profile).toBe("user");

    // And the next start clears a leftover link for good.
    await setRole(t.db, { uid: anUid }, "user");
    const leftover = await issueSetupLink(t.db);
    await setRole(t.db, { uid: anUid }, "admin");
    expect(await issueSetupLink(t.db)).toBeNull();
    await setRole(t.db, { uid: anUid }, "user");
    await expectRefused(await call(t.app, leftover ?? "", { cookie: binh }));
  });
});
