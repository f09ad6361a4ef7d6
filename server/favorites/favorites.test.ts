import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "../../db/testing.ts";
import { ensureContent } from "../content/content-store.ts";
import { call, createTestApp, signUp, silentLogger, type TestApp } from "../testing.ts";

describe.each(testEngines)("favorites on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await ensureContent(t.db, silentLogger);
  });
  afterAll(() => t.dispose());

  it("stars and unstars entries, lists them newest first, each player their own, with no limit", async () => {
    const an = await signUp(t.app, "fav-an@example.vn");
    const binh = await signUp(t.app, "fav-binh@example.vn");
    for (const path of [
      "/api/favorites/items/iron-sword",
      "/api/favorites/mounts/brown-horse",
      "/api/favorites/recipes/craft-greater-enhancement-stone",
    ]) {
      expect((await call(t.app, path, { method: "PUT", cookie: an })).status).toBe(200);
    }
    expect((await call(t.app, "/api/favorites/items/iron-sword", { method: "PUT", cookie: an })).status).toBe(200);
    const listed = await (await call(t.app, "/api/favorites", { cookie: an })).json();
    expect(listed.data.map((entry: { kind: string; id: string }) => `${entry.kind}/${entry.id}`)).toEqual([
      "recipes/craft-greater-enhancement-stone",
      "mounts/brown-horse",
      "items/iron-sword",
    ]);
    expect(await (await call(t.app, "/api/favorites/items/iron-sword", { cookie: binh })).json()).toEqual({ starred: false });
    expect((await call(t.app, "/api/favorites/items/iron-sword", { method: "DELETE", cookie: an })).status).toBe(200);
    expect(await (await call(t.app, "/api/favorites/items/iron-sword", { cookie: an })).json()).toEqual({ starred: false });
  });

  it("refuses unknown kinds, bad ids and entries that do not exist", async () => {
    const cookie = await signUp(t.app, "fav-chi@example.vn");
    expect((await call(t.app, "/api/favorites/spaceships/x", { method: "PUT", cookie })).status).toBe(400);
    expect((await call(t.app, "/api/favorites/items/Bad_ID", { method: "PUT", cookie })).status).toBe(400);
    const missing = await call(t.app, "/api/favorites/items/no-such-item", { method: "PUT", cookie });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe("not-found");
  });
});
