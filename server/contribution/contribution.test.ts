import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { authUsers, contributionPoints, contributionTotals, users } from "../../db/schema/index.ts";
import { createTestDatabase, testEngines, type TestDatabase } from "../../db/testing.ts";
import {
  LIKE_POINTS_PER_DAY,
  levelForPoints,
  pointsForLevel,
  POINTS_BY_REASON,
  titleForLevel,
} from "../../universal/contribution/contribution-levels.ts";
import { awardPoints, gameDayKey, likeSource, readContributionPoints, revokePoints } from "./contribution.ts";

describe("the level curve and title bands", () => {
  it("puts a new member at level 1 with the spec's default title, and needs more points for each level", () => {
    expect(levelForPoints(0)).toBe(1);
    expect(titleForLevel(1)).toBe("member");
    expect(levelForPoints(9)).toBe(1);
    expect(levelForPoints(10)).toBe(2);
    expect(levelForPoints(159)).toBe(4);
    expect(levelForPoints(160)).toBe(5);
    expect(levelForPoints(1_000_000)).toBe(30);
    for (let level = 1; level < 29; level++) {
      expect(levelForPoints(pointsForLevel(level))).toBe(level);
      expect(levelForPoints(pointsForLevel(level + 1) - 1)).toBe(level);
      expect(pointsForLevel(level + 2) - pointsForLevel(level + 1)).toBeGreaterThan(pointsForLevel(level + 1) - pointsForLevel(level));
    }
    expect([5, 10, 20, 30].map(titleForLevel)).toEqual(["helper", "contributor", "mentor", "legend"]);
    expect(titleForLevel(4)).toBe("member");
  });

  it("turns the game day at midnight UTC+7", () => {
    expect(gameDayKey(Date.parse("2026-11-23T16:59:59Z"))).toBe("2026-11-23");
    expect(gameDayKey(Date.parse("2026-11-23T17:00:00Z"))).toBe("2026-11-24");
  });
});

describe.each(testEngines)("awarding and taking back points on %s", (engine) => {
  let database: TestDatabase;
  let db: Database;
  const day1 = Date.parse("2026-11-23T03:00:00Z");
  const day2 = Date.parse("2026-11-24T03:00:00Z");

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = database.connection.db;
  });
  afterAll(() => database.dispose());

  beforeEach(async () => {
    await db.delete(authUsers);
    const now = new Date();
    for (const uid of ["author", "fan1", "fan2", "fan3", "titled"]) {
      await db.insert(authUsers).values({ id: uid, name: uid, email: `${uid}@example.vn`, createdAt: now, updatedAt: now });
      await db.insert(users).values({ uid, displayName: uid, createdAt: 0, title: uid === "titled" ? "Hiệp sĩ" : "member" });
    }
  });

  const profile = async (uid: string) => (await db.select().from(users).where(eq(users.uid, uid)))[0]!;
  const total = (uid: string) => readContributionPoints(db, uid);
  const like = (fan: string, postId: number, now = day1) =>
    awardPoints(db, { uid: "author", reason: "post-liked", source: likeSource(postId, fan), actorUid: fan }, now);

  it("awards once per source, raises the level and the band title, and gives nothing for one's own work", async () => {
    for (let guide = 1; guide <= 8; guide++) {
      await db.transaction((tx) => awardPoints(tx, { uid: "author", reason: "guide-published", source: String(guide) }, day1));
      await awardPoints(db, { uid: "author", reason: "guide-published", source: String(guide) }, day1);
    }
    expect(await total("author")).toBe(8 * POINTS_BY_REASON["guide-published"]);
    expect(await profile("author")).toMatchObject({ level: levelForPoints(160), title: "helper" });
    await awardPoints(db, { uid: "fan1", reason: "post-liked", source: likeSource(1, "fan1"), actorUid: "fan1" }, day1);
    await awardPoints(db, { uid: "fan1", reason: "report-upheld", source: "9", actorUid: "fan1" }, day1);
    expect(await total("fan1")).toBe(0);
    expect(await profile("fan1")).toMatchObject({ level: 1, title: "member" });
  });

  it("counts likes between the same two members once a game day, post and comment likes together", async () => {
    await like("fan1", 1);
    await like("fan1", 2);
    await awardPoints(db, { uid: "author", reason: "comment-liked", source: likeSource(7, "fan1"), actorUid: "fan1" }, day1);
    await like("fan2", 1);
    expect(await total("author")).toBe(2 * POINTS_BY_REASON["post-liked"]);
    await like("fan1", 2, day2);
    expect(await total("author")).toBe(3 * POINTS_BY_REASON["post-liked"]);
  });

  it("caps the points from likes a member gets in a game day, and the next day starts afresh", async () => {
    const fans = Array.from({ length: 15 }, (_, index) => `many${index}`);
    const now = new Date();
    for (const fan of fans)
      await db.insert(authUsers).values({ id: fan, name: fan, email: `${fan}@example.vn`, createdAt: now, updatedAt: now });
    for (const [index, fan] of fans.entries()) {
      if (index % 2) await like(fan, index);
      else await awardPoints(db, { uid: "author", reason: "comment-liked", source: likeSource(index, fan), actorUid: fan }, day1);
    }
    expect(await total("author")).toBe(LIKE_POINTS_PER_DAY);
    await awardPoints(db, { uid: "author", reason: "report-upheld", source: "3" }, day1);
    expect(await total("author")).toBe(LIKE_POINTS_PER_DAY + POINTS_BY_REASON["report-upheld"]);
    await like(fans[0]!, 100, day2);
    expect(await total("author")).toBe(LIKE_POINTS_PER_DAY + POINTS_BY_REASON["report-upheld"] + POINTS_BY_REASON["post-liked"]);
  });

  it("holds the daily cap and counts each like once when likes and retries arrive at the same moment", async () => {
    const fans = Array.from({ length: 14 }, (_, index) => `rush${index}`);
    const now = new Date();
    for (const fan of fans)
      await db.insert(authUsers).values({ id: fan, name: fan, email: `${fan}@example.vn`, createdAt: now, updatedAt: now });
    await Promise.all(
      [...fans, ...fans].map((fan, index) =>
        db.transaction((tx) =>
          awardPoints(tx, { uid: "author", reason: "post-liked", source: likeSource(index % 14, fan), actorUid: fan }, day1),
        ),
      ),
    );
    expect(await total("author")).toBe(LIKE_POINTS_PER_DAY);
    const rows = await db.select().from(contributionPoints).where(eq(contributionPoints.uid, "author"));
    expect(rows.reduce((sum, row) => sum + row.points, 0)).toBe(LIKE_POINTS_PER_DAY);
  });

  it("takes a like back on an unlike the same game day, keeps it later, and is idempotent", async () => {
    await like("fan1", 1);
    await like("fan2", 1);
    await revokePoints(db, { uid: "author", reason: "post-liked", source: likeSource(1, "fan1") }, day1);
    await revokePoints(db, { uid: "author", reason: "post-liked", source: likeSource(1, "fan1") }, day1);
    expect(await total("author")).toBe(POINTS_BY_REASON["post-liked"]);
    await like("fan1", 1);
    expect(await total("author")).toBe(2 * POINTS_BY_REASON["post-liked"]);
    await revokePoints(db, { uid: "author", reason: "post-liked", source: likeSource(1, "fan2") }, day2);
    expect(await total("author")).toBe(2 * POINTS_BY_REASON["post-liked"]);
  });

  it("takes back other awards whenever asked, and the level and title follow down", async () => {
    for (let guide = 1; guide <= 8; guide++)
      await awardPoints(db, { uid: "author", reason: "guide-published", source: String(guide) }, day1);
    await revokePoints(db, { uid: "author", reason: "guide-published", source: "1" }, day2);
    expect(await total("author")).toBe(7 * POINTS_BY_REASON["guide-published"]);
    expect(await profile("author")).toMatchObject({ level: 4, title: "member" });
    expect(await db.select().from(contributionPoints).where(eq(contributionPoints.source, "1"))).toEqual([]);
  });

  it("keeps a title given by hand while the level changes", async () => {
    for (let guide = 1; guide <= 8; guide++)
      await awardPoints(db, { uid: "titled", reason: "guide-published", source: String(guide) }, day1);
    expect(await profile("titled")).toMatchObject({ level: 5, title: "Hiệp sĩ" });
    await db.update(users).set({ title: "member" }).where(eq(users.uid, "author"));
    await db.insert(contributionTotals).values({ uid: "author", points: 0, titleByAdmin: true, updatedAt: day1 });
    for (let guide = 1; guide <= 8; guide++)
      await awardPoints(db, { uid: "author", reason: "guide-published", source: String(guide) }, day1);
    expect(await profile("author")).toMatchObject({ level: 5, title: "member" });
  });

  it("refuses a like award without the liker or with a source not naming them", async () => {
    await expect(awardPoints(db, { uid: "author", reason: "post-liked", source: "1" })).rejects.toThrow(/likeSource/);
    await expect(awardPoints(db, { uid: "author", reason: "post-liked", source: "1:fan2", actorUid: "fan1" })).rejects.toThrow(
      /likeSource/,
    );
  });
});
