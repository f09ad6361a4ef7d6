import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../../db/testing.ts";
import { silentLogger } from "../testing.ts";
import { getEntry, listItems, parseItemFilters, recipesForItem } from "./catalog.ts";
import { ensureContent } from "./content-store.ts";
import type { Item } from "../../universal/content/pack-schema.ts";

const filters = (query: string) => parseItemFilters(new URLSearchParams(query));

describe.each(testEngines)("item catalog on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await ensureContent(database.connection.db, silentLogger);
  });
  afterAll(() => database.dispose());

  it("finds names without their diacritics, exact matches first", async () => {
    const { db } = database.connection;
    const giap = await listItems(db, filters("q=giap"), "vi");
    expect(giap.total).toBeGreaterThan(3);
    expect(giap.items[0]?.name.vi).toMatch(/Giáp/);
    const dao = await listItems(db, filters("q=dao"), "vi");
    expect(dao.items[0]?.name.vi).toMatch(/Đao/);
  });

  it("tolerates a typo", async () => {
    const { items } = await listItems(db(), filters("q=giaap"), "vi");
    expect(items.some((item) => /Giáp/.test(item.name.vi))).toBe(true);
  });

  it.each([
    ["khein sat", "Khiên Sắt"],
    ["thoi sta", "Thỏi Sắt"],
    ["dao hoa dime", "Đao Hỏa Diệm"],
    ["kiem sta", "Kiếm Sắt"],
  ])("tolerates a typo in a short word: %s keeps %s", async (q, name) => {
    const { items } = await listItems(db(), filters(`q=${encodeURIComponent(q)}`), "vi");
    expect(items.map((item) => item.name.vi)).toContain(name);
  });

  it("filters by type, rarity, class and level range, and sorts", async () => {
    const { items, total } = await listItems(db(), filters("type=weapon&rarity=rare&minLevel=10&maxLevel=40&sort=level-desc"), "vi");
    expect(total).toBeGreaterThan(0);
    for (const item of items) {
      expect(item).toMatchObject({ type: "weapon", rarity: "rare" });
      expect(item.level).toBeGreaterThanOrEqual(10);
      expect(item.level).toBeLessThanOrEqual(40);
    }
    expect(items.map((item) => item.level)).toEqual([...items.map((item) => item.level)].sort((a, b) => b - a));
    const forClass = await listItems(db(), filters("class=swordsman&type=weapon"), "vi");
    for (const item of forClass.items) expect(item.classes.length === 0 || item.classes.includes("swordsman")).toBe(true);
  });

  it("ignores bad filter values instead of failing", () => {
    expect(filters("type=spaceship&minLevel=-3&page=abc&sort=random")).toEqual({ q: "", page: 1, sort: "relevance" });
  });

  it("drops search text longer than 100 characters or holding control characters (PostgreSQL text cannot hold NUL)", async () => {
    expect(filters(`q=${"a".repeat(100)}`).q).toHaveLength(100);
    for (const q of ["a".repeat(101), "giap\u0000", "gi\u0007ap"]) {
      expect(filters(`q=${encodeURIComponent(q)}`).q).toBe("");
      expect((await listItems(db(), filters(`q=${encodeURIComponent(q)}`), "vi")).total).toBe(
        (await listItems(db(), filters(""), "vi")).total,
      );
    }
  });

  it("pages through every item exactly once", async () => {
    const first = await listItems(db(), filters(""), "en-US");
    const seen = new Set<string>();
    for (let page = 1; page <= Math.ceil(first.total / first.perPage); page++) {
      for (const item of (await listItems(db(), filters(`page=${page}`), "en-US")).items) seen.add(item.id);
    }
    expect(seen.size).toBe(first.total);
  });

  it("links an item to the recipes that make it and use it", async () => {
    const { items } = await listItems(db(), filters("type=material"), "vi");
    const results = await Promise.all(items.map((item) => recipesForItem(db(), item.id)));
    const used = results.find((result) => result.uses.length > 0);
    expect(used).toBeDefined();
    expect(await getEntry<Item>(db(), "items", "no-such-item")).toBeNull();
  });

  function db() {
    return database.connection.db;
  }
});
