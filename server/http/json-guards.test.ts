import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "../../db/testing.ts";
import { ensureContent } from "../content/content-store.ts";
import { call, createTestApp, signUp, silentLogger, TEST_ORIGIN, type TestApp } from "../testing.ts";
import { setRole } from "../users/set-role.ts";
import { jsonDeeperThan, jsonHoldsUnstorable, urlHoldsNul } from "./json-guards.ts";

describe("jsonHoldsUnstorable", () => {
  it.each([
    ['{"a":"x\\u0000y"}', true],
    ['{"x\\u0000":1}', true],
    ['[["\\u0000"]]', true],
    ['{"a":"\\\\u0000"}', false],
    ['{"a":"x"}', false],
    ["not json \\u0000", true],
    ['{"a":"\\u00001"}', true],
    ['{"a":"\\udfff x"}', true],
    ['{"\\ud800":1}', true],
    ['{"a":"\\ud83d\\ude00"}', false],
    ['{"a":"\\\\ud800"}', false],
  ])("%s → %s", (text, holds) => {
    expect(jsonHoldsUnstorable(text)).toBe(holds);
  });

  it("refuses a body too deep to read that holds one", () => {
    expect(jsonHoldsUnstorable(`${"[".repeat(100_000)}"\\u0000"${"]".repeat(100_000)}`)).toBe(true);
  });
});

describe("jsonDeeperThan", () => {
  it("counts the nesting of arrays and objects, not the brackets inside strings", () => {
    expect(jsonDeeperThan(`${"[".repeat(32)}${"]".repeat(32)}`)).toBe(false);
    expect(jsonDeeperThan(`${"[".repeat(33)}${"]".repeat(33)}`)).toBe(true);
    expect(jsonDeeperThan(`{"a":"${"[{".repeat(100)}","b":[{"c":1}]}`)).toBe(false);
    // After an escaped backslash a quote ends the string; an escaped quote does not.
    expect(jsonDeeperThan(String.raw`{"a":"\\"` + "[".repeat(40))).toBe(true);
    expect(jsonDeeperThan(String.raw`{"a":"\"` + "[".repeat(40) + '"}')).toBe(false);
  });
});

describe("urlHoldsNul", () => {
  it("finds %00 in the path or the query string, in either case of hex", () => {
    expect(urlHoldsNul("http://x/api/photos/a%00b")).toBe(true);
    expect(urlHoldsNul("http://x/api/v1/search?q=%00")).toBe(true);
    expect(urlHoldsNul("http://x/api/v1/search?q=%2500")).toBe(false);
  });
});

const deep = (depth: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
};

/** Each of these answered 500 before the edge refused it. */
describe.each(testEngines)("U+0000, unpaired surrogates and deep nesting in a request on %s", (engine) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await ensureContent(t.db, silentLogger);
    cookie = await signUp(t.app, "nul-admin@example.vn");
    const uid = (await (await call(t.app, "/api/auth/get-session", { cookie })).json()).user.id;
    await setRole(t.db, { uid }, "admin");
  });
  afterAll(() => t.dispose());

  const NUL = "a\u0000b";
  it.each([
    ["PATCH", "/api/profile", { displayName: NUL }, 400],
    ["POST", "/api/analytics", { name: "tap", params: { page: NUL } }, 400],
    ["POST", "/api/analytics", { name: "tap", params: { [NUL]: 1 } }, 400],
    // jsonb refuses an unpaired surrogate.
    ["POST", "/api/analytics", { name: "tap", params: { page: "\udfff x" } }, 400],
    ["POST", "/api/v1/query", { collection: "items", where: [["name.vi", "==", "\ud800"]] }, 400],
    ["POST", "/api/admin/users/fuzz-target/ban", { reason: NUL }, 400],
    ["POST", "/api/admin/users/a%00b/ban", { reason: "spam" }, 404],
    ["POST", "/api/admin/users/a%00b/role", { role: "user" }, 404],
    ["DELETE", "/api/admin/users/a%00b/ban", undefined, 404],
    ["GET", "/api/photos/a%00b", undefined, 404],
    ["GET", "/api/setup/claim?token=a%00b", undefined, 400],
    ["POST", "/api/v1/query", { collection: "items", where: [["name.vi", "==", NUL]] }, 400],
    ["POST", "/api/auth/reset-password", { token: NUL, newPassword: "another horse battery" }, 400],
    ["POST", "/api/auth/update-user", { name: NUL }, 400],
    ["POST", "/api/auth/sign-up/email", { email: "nul@example.vn", password: "correct horse battery", name: NUL }, 400],
    ["GET", "/api/auth/reset-password/a%00b?callbackURL=%2F", undefined, 400],
  ] as const)("%s %s %j: %d", async (method, path, body, status) => {
    const response = await call(t.app, path, { method, body, cookie });
    expect(response.status).toBe(status);
    expect((await response.json()).error.code).toBe(status === 404 ? "not-found" : "invalid-argument");
  });

  it("refuses a change of password nested past the stack of better-auth's body merge (defu)", async () => {
    // As text: JSON.stringify itself runs out of stack at this depth.
    const body = `{"currentPassword":"correct horse battery","newPassword":"another horse battery","a":${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}}`;
    const response = await t.app.request(`${TEST_ORIGIN}/api/auth/change-password`, {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, "Content-Type": "application/json", Cookie: cookie },
      body,
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("invalid-argument");
  });

  it("refuses a body of ours nested deeper than 32 levels", async () => {
    const response = await call(t.app, "/api/v1/query", { body: { collection: "items", where: [["tags", "==", deep(40)]] } });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toMatch(/deeper than 32/);
  });
});
