import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../../db/testing.ts";
import { silentLogger } from "../testing.ts";
import { getEntry } from "./catalog.ts";
import {
  classRecommendations,
  entryIdParam,
  listClasses,
  listMounts,
  listPets,
  listRuneSets,
  listTalismans,
  mountFilters,
  parseFilters,
  petFilters,
  sourceNames,
  talismanFilters,
} from "./collections.ts";
import { ensureContent } from "./content-store.ts";
import type { GameClass, Mount, Talisman } from "../../universal/content/pack-schema.ts";

const params = (query: string) => new URLSearchParams(query);

describe.each(testEngines)("collections on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await ensureContent(database.connection.db, silentLogger);
  });
  afterAll(() => database.dispose());
  const db = () => database.connection.db;

  it("lists the classes as cards and resolves what a class recommends, in order", async () => {
    const classes = await listClasses(db());
    expect(classes.length).toBe(7);
    expect(classes[0]).toEqual({
      id: "swordsman",
      name: { vi: "Kiếm Sĩ", en: "Swordsman" },
      icon: expect.stringMatching(/^game-icons:/),
      role: "melee",
      difficulty: 1,
      summary: expect.objectContaining({ vi: expect.any(String) }),
    });
    const swordsman = (await getEntry<GameClass>(db(), "classes", "swordsman"))!;
    const recommended = await classRecommendations(db(), swordsman);
    expect(recommended.items.map((entry) => entry.id)).toEqual(swordsman.recommended.items);
    expect(recommended.runeSets.map((entry) => entry.id)).toEqual(["fury-flame", "bedrock"]);
    expect(recommended.mounts[0]).toMatchObject({ id: "white-tiger", name: { vi: "Bạch Hổ" }, rarity: "epic" });
    expect(recommended.pets.length + recommended.talismans.length).toBe(4);
  });

  it("finds mounts without accents and filters them by rarity and terrain", async () => {
    const ngua = await listMounts(db(), parseFilters(mountFilters, params("q=ngua")), "vi");
    expect(ngua.entries[0]?.name.vi).toBe("Ngựa Nâu");
    // "nua" is a word of the names too, but none holds it with "ngua": its lookalike "nau" is tried.
    const nau = await listMounts(db(), parseFilters(mountFilters, params("q=ngua nua")), "vi");
    expect(nau.entries.map((mount) => mount.name.vi)).toEqual(["Ngựa Nâu"]);
    const air = await listMounts(db(), parseFilters(mountFilters, params("terrain=air")), "vi");
    expect(air.total).toBe(3);
    for (const mount of air.entries) expect(mount.terrains).toContain("air");
    const legendary = await listMounts(db(), parseFilters(mountFilters, params("rarity=legendary&terrain=ground")), "en-US");
    expect(legendary.entries.map((mount) => mount.id).sort()).toEqual(["ember-qilin", "meteor-dragon"]);
  });

  it("sorts mounts by level and by speed", async () => {
    const byLevel = await listMounts(db(), parseFilters(mountFilters, params("")), "vi");
    expect(byLevel.total).toBe(15);
    const levels = byLevel.entries.map((mount: Mount) => mount.level);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    const fastest = await listMounts(db(), parseFilters(mountFilters, params("sort=speed-desc")), "vi");
    const speeds = fastest.entries.map((mount) => mount.speedBonus);
    expect(speeds).toEqual([...speeds].sort((a, b) => b - a));
    expect(fastest.entries[0]?.id).toBe("meteor-dragon");
  });

  it("ignores bad filter values and the id parameter", () => {
    expect(parseFilters(mountFilters, params("terrain=space&rarity=mythic&sort=random&page=-1&id=brown-horse"))).toEqual({
      q: "",
      sort: "relevance",
      page: 1,
    });
    expect(entryIdParam(params(""))).toBeNull();
    expect(entryIdParam(params("id=soot-cat"))).toBe("soot-cat");
    expect(entryIdParam(params("id=../etc"))).toBe("");
  });

  it("filters pets by element and rarity and finds them without accents", async () => {
    const fire = await listPets(db(), parseFilters(petFilters, params("element=fire")), "vi");
    expect(fire.entries.map((pet) => pet.id).sort()).toEqual(["dragon-hatchling", "ember-kit"]);
    const epicEarth = await listPets(db(), parseFilters(petFilters, params("element=earth&rarity=epic")), "vi");
    for (const pet of epicEarth.entries) expect(pet).toMatchObject({ element: "earth", rarity: "epic" });
    expect(epicEarth.total).toBe(2);
    const meo = await listPets(db(), parseFilters(petFilters, params("q=meo mun")), "vi");
    expect(meo.entries[0]?.name.vi).toBe("Mèo Mun");
  });

  it("keeps the talismans of a class and those every class can use", async () => {
    const bard = await listTalismans(db(), parseFilters(talismanFilters, params("class=bard")), "vi");
    expect(bard.total).toBeGreaterThan(1);
    for (const talisman of bard.entries) expect(talisman.classes.length === 0 || talisman.classes.includes("bard")).toBe(true);
    expect(bard.entries.some((talisman) => talisman.id === "wind-chime")).toBe(true);
    expect(bard.entries.some((talisman) => talisman.id === "lotus-seal")).toBe(false);
    const rare = await listTalismans(db(), parseFilters(talismanFilters, params("rarity=legendary")), "vi");
    expect(rare.entries.map((talisman: Talisman) => talisman.id)).toEqual(["heart-of-the-citadel"]);
    const chuong = await listTalismans(db(), parseFilters(talismanFilters, params("q=chuong gio")), "vi");
    expect(chuong.entries[0]?.id).toBe("wind-chime");
  });

  it("lists the six rune sets with four runes each, by position", async () => {
    const { sets, runeCount } = await listRuneSets(db(), "");
    expect(sets.length).toBe(6);
    expect(runeCount).toBe(24);
    for (const { set, runes } of sets) {
      expect(runes.map((rune) => rune.position)).toEqual([1, 2, 3, 4]);
      for (const rune of runes) expect(rune.set).toBe(set.id);
    }
  });

  it("searches rune sets by name (whole set) and runes by name (only those runes)", async () => {
    const bySet = await listRuneSets(db(), "lua gian");
    expect(bySet.sets[0]?.set.id).toBe("fury-flame");
    expect(bySet.sets[0]?.runes.length).toBe(4);
    const byRune = await listRuneSets(db(), "Fury Flame Rune IV");
    expect(byRune.sets.some((view) => view.set.id === "fury-flame")).toBe(true);
    const none = await listRuneSets(db(), "zzzzqqqq");
    expect(none).toEqual({ sets: [], runeCount: 0 });
  });

  it("names where an entry is obtained: markers with their district, events and seasons", async () => {
    const names = await sourceNames(db(), [
      { method: "shop", source: "marker:harbor-market" },
      { method: "event", source: "event:lantern-festival" },
      { method: "season", source: "season:season-3-starfall" },
      { method: "drop" },
    ]);
    expect(names["marker:harbor-market"]).toEqual({ vi: "Chợ Bến Cảng · Cảng Sương Mù", en: expect.stringContaining("Mistharbor") });
    expect(names["event:lantern-festival"]?.vi).toBeTruthy();
    expect(names["season:season-3-starfall"]?.en).toBeTruthy();
    expect(Object.keys(names)).toHaveLength(3);
  });
});
