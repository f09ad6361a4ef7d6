import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "../../db/testing.ts";
import { call, createTestApp, signUp, TEST_ORIGIN, type TestApp } from "../testing.ts";

/** Redirect targets that end on this site's path "//evil.example" (the first four pass better-auth's own check) or off the site. */
const offSite = [
  "/.//evil.example/",
  "/%2e//evil.example/",
  "/a/..//evil.example",
  `${TEST_ORIGIN}//evil.example`,
  "/%2F/evil.example",
  "/\\evil.example",
  "//evil.example",
  "https://evil.example/",
];

describe.each(testEngines)("redirect targets handed to the identity provider on %s", (engine) => {
  // One app for every case: a refusal writes nothing, and the one sign-in only adds a session.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await signUp(t.app, "an@example.vn", "mat-khau-that-dai");
  });
  afterAll(async () => {
    await t?.dispose();
  });

  async function expectRefused(response: Response, field: string) {
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: "invalid-argument", message: `${field} must be a path on this site.` } });
  }

  it.each(offSite)("refuses %j as a reset link's redirectTo and callbackURL, and as a sign-in's callbackURL", async (target) => {
    await expectRefused(
      await call(t.app, "/api/auth/request-password-reset", { body: { email: "an@example.vn", redirectTo: target } }),
      "redirectTo",
    );
    await expectRefused(await call(t.app, `/api/auth/reset-password/any-token?callbackURL=${encodeURIComponent(target)}`), "callbackURL");
    await expectRefused(
      await call(t.app, "/api/auth/sign-in/email", {
        body: { email: "an@example.vn", password: "mat-khau-that-dai", callbackURL: target },
      }),
      "callbackURL",
    );
    const form = await t.app.request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "an@example.vn", password: "mat-khau-that-dai", callbackURL: target }),
    });
    // A form body never reaches better-auth: the write guard takes JSON only.
    expect(form.status).toBe(415);
    expect((await form.json()).error.code).toBe("unsupported-media-type");
  });

  it("passes the paths our pages send on to better-auth", async () => {
    const reset = await call(t.app, "/api/auth/request-password-reset", {
      body: { email: "an@example.vn", redirectTo: "/login?mode=reset" },
    });
    expect(reset.status).toBe(200);
    const link = await call(t.app, `/api/auth/reset-password/unknown-token?callbackURL=${encodeURIComponent("/login?mode=reset")}`);
    expect(link.status).toBe(302);
    expect(link.headers.get("location")).toBe(`${TEST_ORIGIN}/login?mode=reset&error=INVALID_TOKEN`);
    const signIn = await call(t.app, "/api/auth/sign-in/email", {
      body: { email: "an@example.vn", password: "mat-khau-that-dai", callbackURL: "/craft?id=x" },
    });
    expect(signIn.status).toBe(200);
  });
});
