import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import { testEngines } from "../../db/testing.ts";
import { bodies, fuzz, FUZZ_PASSWORD, FUZZ_RUNS, fuzzAccounts, queryParam, segment, watchWrites, type FuzzTarget } from "../fuzzing.ts";
import { createTestApp, type TestApp } from "../testing.ts";

/**
 * Most well-formed bodies of these cost a password hash (scrypt, ~0.1 s of CPU; change-password up
 * to two), so they get a fifth of the runs. Their validation, which runs before the hash, is what
 * arbitrary input exercises.
 */
const HASHING_RUNS = Math.max(20, Math.round(FUZZ_RUNS / 5));
const HASHING = new Set(["POST /api/auth/sign-up/email", "POST /api/auth/sign-in/email", "POST /api/auth/change-password"]);

type Accounts = Awaited<ReturnType<typeof fuzzAccounts<"user" | "changer" | "leaver">>>;

const callbackURL = queryParam(
  "callbackURL",
  "/login?mode=reset",
  "/",
  "//evil.example/",
  "/.//evil.example/",
  "/\\evil.example/",
  "https://evil.example/",
);

/** better-auth's endpoints that our pages and mails use, with a valid request to mutate. */
const targets: Record<string, (accounts: Accounts) => FuzzTarget> = {
  "POST /api/auth/sign-up/email": () => ({
    path: fc.constant("/api/auth/sign-up/email"),
    body: bodies({ email: "newcomer@example.vn", password: FUZZ_PASSWORD, name: "Newcomer" }),
  }),
  "POST /api/auth/sign-in/email": ({ user }) => ({
    path: fc.constant("/api/auth/sign-in/email"),
    body: bodies({ email: user.email, password: FUZZ_PASSWORD, rememberMe: true }),
  }),
  "POST /api/auth/request-password-reset": ({ user }) => ({
    path: fc.constant("/api/auth/request-password-reset"),
    body: bodies({ email: user.email, redirectTo: "/login?mode=reset" }),
  }),
  "POST /api/auth/reset-password": () => ({
    path: fc.constant("/api/auth/reset-password"),
    body: bodies({ token: "t".repeat(24), newPassword: "another horse battery" }),
  }),
  // The links of the mails: a redirect, back to our own pages only.
  "GET /api/auth/reset-password/:token": () => ({
    path: fc.tuple(segment("t".repeat(24)), callbackURL).map(([token, callback]) => `/api/auth/reset-password/${token}?${callback}`),
    redirects: true,
  }),
  "GET /api/auth/verify-email": () => ({
    path: fc
      .tuple(queryParam("token", "t".repeat(24)), callbackURL)
      .map(([token, callback]) => `/api/auth/verify-email?${token}&${callback}`),
    redirects: true,
  }),
  "POST /api/auth/change-password": ({ changer }) => ({
    session: changer,
    path: fc.constant("/api/auth/change-password"),
    body: bodies({ currentPassword: FUZZ_PASSWORD, newPassword: FUZZ_PASSWORD, revokeOtherSessions: false }),
  }),
  "POST /api/auth/update-user": ({ user }) => ({
    session: user,
    path: fc.constant("/api/auth/update-user"),
    body: bodies({ name: "Renamed" }),
  }),
  "POST /api/auth/revoke-other-sessions": ({ user }) => ({
    session: user,
    path: fc.constant("/api/auth/revoke-other-sessions"),
    body: bodies({}),
  }),
  "POST /api/auth/sign-in/social": () => ({
    path: fc.constant("/api/auth/sign-in/social"),
    body: bodies({ provider: "oidc", callbackURL: "/", errorCallbackURL: "/login?error=provider" }),
  }),
  // Ends its account's session on the first success: the runs after it are a signed-out visitor's.
  "POST /api/auth/sign-out": ({ leaver }) => ({ session: leaver, path: fc.constant("/api/auth/sign-out"), body: bodies({}) }),
};

describe.each(testEngines)("better-auth's endpoints with arbitrary input on %s", (engine) => {
  let t: TestApp;
  let takeWrites: () => Promise<string[]>;
  let accounts: Accounts;

  beforeAll(async () => {
    t = await createTestApp(engine);
    accounts = await fuzzAccounts(t, ["user", "changer", "leaver"] as const);
    takeWrites = await watchWrites(t);
  }, 180_000);
  afterAll(async () => {
    await t?.dispose();
  });

  it.each(Object.keys(targets))(
    "%s: a 2xx, or a 4xx with an error body that writes nothing",
    async (route) => {
      await fuzz(t, takeWrites, route, targets[route]!(accounts), "better-auth", HASHING.has(route) ? HASHING_RUNS : FUZZ_RUNS);
    },
    300_000,
  );
});
