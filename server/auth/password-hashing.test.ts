import { and, eq } from "drizzle-orm";
import { hashPassword as betterAuthHash } from "better-auth/crypto";
import { afterEach, describe, expect, it } from "vitest";
import { authAccounts, authUsers } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import { loadConfig } from "../config.ts";
import { call, cookiesOf, createTestApp, type TestApp } from "../testing.ts";
import { DEFAULT_PASSWORD_HASH_COST, passwordHasher } from "./password-hashing.ts";

const OWASP_FORMAT = /^\$scrypt\$ln=17,r=8,p=1\$[\w-]{22}\$[\w-]{86}$/;

describe("password hashing", () => {
  it("defaults to OWASP's scrypt cost (N = 2^17, r = 8, p = 1) and refuses a cost below 2^14", () => {
    expect(DEFAULT_PASSWORD_HASH_COST).toBe(17);
    expect(loadConfig({}, { forServer: false }).PASSWORD_HASH_COST).toBe(17);
    expect(() => loadConfig({ PASSWORD_HASH_COST: "13" }, { forServer: false })).toThrow(/PASSWORD_HASH_COST/);
  });

  it("writes its parameters in the hash, verifies it, and verifies better-auth's older format", async () => {
    const hasher = passwordHasher();
    const hash = await hasher.hash("correct horse battery");
    expect(hash).toMatch(OWASP_FORMAT);
    expect(await hasher.verify({ hash, password: "correct horse battery" })).toBe(true);
    expect(await hasher.verify({ hash, password: "correct horse batterY" })).toBe(false);
    expect(hasher.needsRehash(hash)).toBe(false);

    const legacy = await betterAuthHash("mật khẩu cũ");
    expect(legacy).toMatch(/^[\da-f]{32}:[\da-f]{128}$/);
    expect(await hasher.verify({ hash: legacy, password: "mật khẩu cũ" })).toBe(true);
    expect(await hasher.verify({ hash: legacy, password: "mat khau cu" })).toBe(false);
    expect(hasher.needsRehash(legacy)).toBe(true);
    // A lower cost than the setting's is upgraded too.
    expect(hasher.needsRehash(await passwordHasher(14).hash("x"))).toBe(true);
    expect(await hasher.verify({ hash: "garbage", password: "x" })).toBe(false);
  });
});

describe.each(testEngines)("stored passwords and sign-in answers on %s", (engine) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.dispose();
  });

  const credentialHash = async (email: string) => {
    const [row] = await t.db
      .select({ hash: authAccounts.password })
      .from(authAccounts)
      .innerJoin(authUsers, eq(authUsers.id, authAccounts.userId))
      .where(and(eq(authUsers.email, email), eq(authAccounts.providerId, "credential")));
    return row?.hash ?? "";
  };

  it("stores a new account's password with scrypt at N = 2^17, r = 8, p = 1 by default", async () => {
    t = await createTestApp(engine, { PASSWORD_HASH_COST: "17" });
    const response = await call(t.app, "/api/auth/sign-up/email", {
      body: { email: "an@example.vn", password: "mat-khau-dai", name: "An" },
    });
    expect(response.status).toBe(200);
    expect(await credentialHash("an@example.vn")).toMatch(OWASP_FORMAT);
    const signIn = await call(t.app, "/api/auth/sign-in/email", { body: { email: "an@example.vn", password: "mat-khau-dai" } });
    expect(signIn.status).toBe(200);
  });

  it("upgrades a password stored in better-auth's older format at the next successful sign-in, not at a failed one", async () => {
    t = await createTestApp(engine, { PASSWORD_HASH_COST: "17" });
    const created = await call(t.app, "/api/auth/sign-up/email", {
      body: { email: "binh@example.vn", password: "mat-khau-dai", name: "Bình" },
    });
    expect(created.status).toBe(200);
    const legacy = await betterAuthHash("mật khẩu cũ của Bình");
    const [user] = await t.db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, "binh@example.vn"));
    await t.db
      .update(authAccounts)
      .set({ password: legacy })
      .where(and(eq(authAccounts.userId, user!.id), eq(authAccounts.providerId, "credential")));

    const wrong = await call(t.app, "/api/auth/sign-in/email", { body: { email: "binh@example.vn", password: "not the password" } });
    expect(wrong.status).toBe(401);
    expect(await credentialHash("binh@example.vn")).toBe(legacy);

    const right = await call(t.app, "/api/auth/sign-in/email", { body: { email: "binh@example.vn", password: "mật khẩu cũ của Bình" } });
    expect(right.status).toBe(200);
    const upgraded = await credentialHash("binh@example.vn");
    expect(upgraded).toMatch(OWASP_FORMAT);
    // The same password signs in against the new hash.
    const again = await call(t.app, "/api/auth/sign-in/email", { body: { email: "binh@example.vn", password: "mật khẩu cũ của Bình" } });
    expect(again.status).toBe(200);
    expect(await credentialHash("binh@example.vn")).toBe(upgraded);
  });

  it("answers sign-up and sign-in without the session token in the body; the cookie carries the session", async () => {
    t = await createTestApp(engine);
    const signUp = await call(t.app, "/api/auth/sign-up/email", {
      body: { email: "chi@example.vn", password: "mat-khau-dai", name: "Chi" },
    });
    expect(signUp.status).toBe(200);
    const signUpBody = (await signUp.json()) as Record<string, unknown>;
    expect("token" in signUpBody).toBe(false);
    expect(signUpBody.user).toMatchObject({ email: "chi@example.vn" });

    const signIn = await call(t.app, "/api/auth/sign-in/email", { body: { email: "chi@example.vn", password: "mat-khau-dai" } });
    expect(signIn.status).toBe(200);
    const signInBody = (await signIn.json()) as Record<string, unknown>;
    expect("token" in signInBody).toBe(false);
    expect(signInBody.user).toMatchObject({ email: "chi@example.vn" });
    expect(JSON.stringify(signInBody)).not.toContain(decodeURIComponent(cookiesOf(signIn)).split("=")[1]!.split(".")[0]!);

    const session = await (await call(t.app, "/api/auth/get-session", { cookie: cookiesOf(signIn) })).json();
    expect(session.user).toMatchObject({ email: "chi@example.vn" });
  });
});
