import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authUsers } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import { call, createTestApp, signUp, type TestApp } from "../testing.ts";
import { setRole } from "../users/set-role.ts";

describe.each(testEngines)("the admin's user search on %s", (engine) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signUp(t.app, "admin@example.vn", "correct horse battery", "Admin");
    await setRole(t.db, { email: "admin@example.vn" }, "admin");
    await t.db.insert(authUsers).values([
      { id: "fullwidth", name: "Giảm 50％", email: "fullwidth@example.vn" },
      { id: "percent", name: "Giảm 50%", email: "percent@example.vn" },
      { id: "underscore", name: "a_b", email: "underscore@example.vn" },
      { id: "plain", name: "axb", email: "plain@example.vn" },
    ]);
  });
  afterAll(() => t?.dispose());

  const search = async (q: string) => {
    const response = await call(t.app, `/api/admin/users?q=${encodeURIComponent(q)}`, { cookie: admin });
    return { status: response.status, body: await response.json() };
  };
  const found = async (q: string) => ((await search(q)).body.data as { uid: string }[]).map((user) => user.uid).sort();

  it("matches wildcards and their look-alikes literally (a look-alike folds to what it looks like, never to a wildcard)", async () => {
    expect(await found("%")).toEqual(["percent"]);
    expect(await found("a_b")).toEqual(["underscore"]);
    expect(await found("＿")).toEqual([]);
  });

  it.each([
    ["101 characters", "a".repeat(101)],
    ["a NUL", "admin\u0000"],
    ["a control character", "ad\u0007min"],
  ])("refuses search text of %s with 400", async (_case, q) => {
    const { status, body } = await search(q);
    expect(status).toBe(400);
    expect(body.error).toEqual({ code: "invalid-argument", message: "'q' must be at most 100 characters, without control characters." });
  });
});
