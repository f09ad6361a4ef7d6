import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authUsers, profileSettings, users } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import { POINTS_BY_REASON, type RankedMember } from "../../universal/contribution/contribution-levels.ts";
import { call, createTestApp, type TestApp } from "../testing.ts";
import { awardPoints } from "./contribution.ts";
import { listContributionRanking } from "./contribution-ranking.ts";

const DAY = 86_400_000;
const GUIDE = POINTS_BY_REASON["guide-published"];

describe.each(testEngines)("the contribution ranking on %s", (engine) => {
  let t: TestApp;

  async function ranking(query: string) {
    const response = await call(t.app, `/api/contribution/ranking${query}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: RankedMember[] }).data;
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    for (const uid of ["veteran", "newcomer", "tied", "hidden", "nameless", "idle"]) {
      await t.db.insert(authUsers).values({ id: uid, name: uid, email: `${uid}@example.vn` });
      await t.db.insert(users).values({ uid, email: `${uid}@example.vn`, displayName: uid === "nameless" ? null : uid, createdAt: 1_000 });
    }
    await t.db.insert(profileSettings).values({ uid: "hidden", listed: false });
    const now = Date.now();
    // Three guides a fortnight ago, one this week: first all-time, second this week.
    for (const [index, at] of [now - 15 * DAY, now - 14 * DAY, now - 13 * DAY, now].entries()) {
      await awardPoints(t.db, { uid: "veteran", reason: "guide-published", source: `v${index}` }, at);
    }
    for (const uid of ["newcomer", "hidden", "nameless"]) {
      for (const source of ["n1", "n2"]) await awardPoints(t.db, { uid, reason: "guide-published", source }, now);
    }
    await awardPoints(t.db, { uid: "tied", reason: "guide-published", source: "t1" }, now);
  });
  afterAll(() => t?.dispose());

  it("ranks this game week's points, and all-time totals, leaving out hidden, unnamed and pointless members", async () => {
    expect((await ranking("?period=week")).map(({ uid, points, rank }) => [uid, points, rank])).toEqual([
      ["newcomer", 2 * GUIDE, 1],
      ["tied", GUIDE, 2],
      ["veteran", GUIDE, 2],
    ]);
    expect((await ranking("?period=all")).map(({ uid, points, rank }) => [uid, points, rank])).toEqual([
      ["veteran", 4 * GUIDE, 1],
      ["newcomer", 2 * GUIDE, 2],
      ["tied", GUIDE, 3],
    ]);
    // The week is the default, and each row carries public fields only.
    const [first] = await ranking("");
    expect(Object.keys(first ?? {}).sort()).toEqual(["displayName", "level", "photoURL", "points", "rank", "tag", "title", "uid"]);
  });

  it("starts the week on Monday 00:00 game time (UTC+7)", async () => {
    // Sunday 2026-11-29 23:30 game time, then Monday 2026-11-30 00:30 game time.
    const sunday = Date.parse("2026-11-29T16:30:00Z");
    const monday = Date.parse("2026-11-29T17:30:00Z");
    await awardPoints(t.db, { uid: "idle", reason: "report-upheld", source: "r1" }, sunday);
    expect((await listContributionRanking(t.db, "week", { now: sunday + 1 })).map(({ uid }) => uid)).toContain("idle");
    expect((await listContributionRanking(t.db, "week", { now: monday })).map(({ uid }) => uid)).not.toContain("idle");
  });

  it("follows a ban: a banned member leaves the ranking", async () => {
    await t.db.update(authUsers).set({ banned: true }).where(eq(authUsers.id, "tied"));
    expect((await ranking("?period=all")).map(({ uid }) => uid)).not.toContain("tied");
  });

  it("refuses an unknown period or limit with 400", async () => {
    for (const query of ["?period=month", "?limit=0", "?limit=500", "?limit=abc"]) {
      const response = await call(t.app, `/api/contribution/ranking${query}`);
      expect(response.status, query).toBe(400);
      expect((await response.json()).error.code).toBe("invalid-argument");
    }
  });
});
