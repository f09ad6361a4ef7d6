import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "../../db/testing.ts";
import { call, createTestApp, TEST_ORIGIN, type TestApp } from "../testing.ts";
import { givesSessionToken } from "./auth-routes.ts";

/** better-auth checks the redirect targets of POST bodies, not those of its mails' GET links. */
describe.each(testEngines)("the identity provider's mail links on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.dispose());

  it.each(["https://evil.example/", "//evil.example/", "/\\evil.example/", "/.//evil.example/", "javascript:alert(1)"])(
    "a reset link with callbackURL=%s is refused: it never redirects off the site",
    async (callbackURL) => {
      const response = await call(t.app, `/api/auth/reset-password/not-a-token?callbackURL=${encodeURIComponent(callbackURL)}`);
      expect(response.status).toBe(400);
      expect(response.headers.get("Location")).toBeNull();
      expect((await response.json()).error.code).toBe("invalid-argument");
    },
  );

  it("keeps a same-origin callbackURL as it is", async () => {
    const response = await call(t.app, `/api/auth/reset-password/not-a-token?callbackURL=${encodeURIComponent("/login?mode=reset")}`);
    expect(response.headers.get("Location")).toBe(`${TEST_ORIGIN}/login?mode=reset&error=INVALID_TOKEN`);
  });

  it("answers a verification link with a callbackURL that is not a URL without a server error", async () => {
    const response = await call(t.app, "/api/auth/verify-email?token=not-a-token&callbackURL=%20");
    expect(response.status).toBeLessThan(500);
    const location = response.headers.get("Location");
    if (location !== null) expect(new URL(location, TEST_ORIGIN).origin).toBe(TEST_ORIGIN);
  });
});

describe("which answers lose their session token", () => {
  it("strips it from every sign-in and sign-up (a social provider's ID token sign-in answers one too), not from other answers", () => {
    for (const path of ["/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/auth/sign-in/social", "/api/auth/sign-in/oauth2"])
      expect(givesSessionToken(path), path).toBe(true);
    for (const path of ["/api/auth/get-session", "/api/auth/sign-out", "/api/auth/sign-inx/email"])
      expect(givesSessionToken(path), path).toBe(false);
  });
});
