import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entryViews, favorites } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import { ensureContent } from "../content/content-store.ts";
import { call, createTestApp, signUp, silentLogger, type TestApp } from "../testing.ts";
import { createViewCounter, gameDay, listTrending, STAR_WEIGHT } from "./trending.ts";

describe("game days", () => {
  it("turn at midnight in game time (UTC+7), whatever the server's zone", () => {
    expect(gameDay(new Date("2026-11-23T16:59:59Z"))).toBe(gameDay(new Date("2026-11-23T00:00:00Z")));
    expect(gameDay(new Date("2026-11-23T17:00:00Z"))).toBe(gameDay(new Date("2026-11-23T00:00:00Z")) + 1);
  });
});

describe.each(testEngines)("trending on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await ensureContent(t.db, silentLogger);
  });
  afterAll(() => t.dispose());

  const view = (body: unknown, headers: Record<string, string> = {}) => call(t.app, "/api/views", { body, headers });

  it("counts a visitor's view of an entry once a game day, and refuses what is no entry", async () => {
    const record = createViewCounter(t.db);
    const now = new Date("2026-11-23T05:00:00Z");
    expect(await record("ip:10.0.0.1", "pets", "soot-cat", now)).toBe("counted");
    expect(await record("ip:10.0.0.1", "pets", "soot-cat", now)).toBe("repeat");
    expect(await record("ip:10.0.0.2", "pets", "soot-cat", now)).toBe("counted");
    expect(await record("ip:10.0.0.1", "pets", "soot-cat", new Date("2026-11-24T05:00:00Z"))).toBe("counted");
    expect(await record("ip:10.0.0.1", "pets", "no-such-pet", now)).toBe("unknown");
    const rows = await t.db.select().from(entryViews).orderBy(entryViews.day);
    expect(rows.filter((row) => row.entryId === "soot-cat").map((row) => row.views)).toEqual([2, 1]);
  });

  it("answers 204 to a page's beacon, 404 for an unknown entry and 400 for a bad body", async () => {
    expect((await view({ kind: "items", id: "iron-sword" })).status).toBe(204);
    const unknown = await view({ kind: "items", id: "no-such-item" });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe("not-found");
    for (const body of [{ kind: "weapons", id: "iron-sword" }, { kind: "items" }, { kind: "items", id: "Iron Sword" }, "nope"]) {
      const refused = await view(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect((await refused.json()).error.code).toBe("invalid-argument");
    }
  });

  it("ranks the week's entries by views and stars (a star weighs more), leaving out older signals and gone entries", async () => {
    await t.db.delete(entryViews);
    const now = new Date("2026-11-23T05:00:00Z");
    const today = gameDay(now);
    await t.db.insert(entryViews).values([
      { kind: "items", entryId: "iron-sword", day: today, views: 5 },
      { kind: "items", entryId: "iron-sword", day: today - 6, views: 2 },
      { kind: "mounts", entryId: "brown-horse", day: today - 1, views: 6 },
      { kind: "items", entryId: "iron-saber", day: today - 7, views: 100 },
      { kind: "items", entryId: "vanished-item", day: today, views: 50 },
    ]);
    const cookie = await signUp(t.app, "trend@example.vn");
    const uid = (await (await call(t.app, "/api/auth/get-session", { cookie })).json()).user.id as string;
    await t.db.insert(favorites).values({ uid, kind: "mounts", entryId: "brown-horse", createdAt: now.getTime() - 3_600_000 });

    const trending = await listTrending(t.db, now);
    expect(trending.map((entry) => [entry.kind, entry.id, entry.score])).toEqual([
      ["mounts", "brown-horse", 6 + STAR_WEIGHT],
      ["items", "iron-sword", 7],
    ]);
    expect(trending[0]).toMatchObject({
      name: { vi: expect.any(String), en: expect.any(String) },
      icon: expect.stringMatching(/^game-icons:/),
    });
  });
});
