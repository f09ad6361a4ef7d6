import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { format } from "prettier";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadPack, serializePack, writePack } from "./load-pack.ts";
import { findEntryLinks, findHeadings } from "./markdown-links.ts";
import type { ContentPack } from "../../universal/content/pack-schema.ts";
import { craftDepth, indexRecipesByOutput } from "../../universal/content/recipe-tree.ts";

const DEMO_DIR = join(import.meta.dirname, "../../content/demo");
let demo: ContentPack;

beforeAll(async () => {
  demo = await loadPack(DEMO_DIR);
});

/** Lower-case without diacritics, as the catalog search compares ("giap" finds "Giáp"). */
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").replace(/đ/g, "d").replace(/Đ/g, "D").toLowerCase();

describe("the demo pack", () => {
  it("meets every minimum count of the issue", () => {
    expect(demo.classes.length).toBeGreaterThanOrEqual(6);
    expect(demo.items.length).toBeGreaterThanOrEqual(150);
    expect(demo.recipes.length).toBeGreaterThanOrEqual(40);
    expect(demo.mounts.length).toBeGreaterThanOrEqual(15);
    expect(demo.pets.length).toBeGreaterThanOrEqual(15);
    expect(demo.runes.length).toBeGreaterThanOrEqual(24);
    expect(demo.runeSets.length).toBeGreaterThanOrEqual(6);
    expect(demo.talismans.length).toBeGreaterThanOrEqual(15);
    expect(demo.seasons.length).toBeGreaterThanOrEqual(4);
    expect(demo.levels.length).toBe(100);
    expect(demo.events.length).toBeGreaterThanOrEqual(8);
    expect(demo.districts.length).toBeGreaterThanOrEqual(8);
    expect(demo.districts.flatMap((d) => d.markers).length).toBeGreaterThanOrEqual(40);
    expect(demo.manors.length).toBeGreaterThanOrEqual(6);
    expect(demo.guides.length).toBeGreaterThanOrEqual(6);
    expect(demo.rules.length).toBeGreaterThan(0);
    expect(demo.servers.length).toBeGreaterThanOrEqual(4);
    expect(demo.taxRates.length).toBe(demo.districts.length + demo.manors.length);
  });

  it("has recipe trees three to four levels deep", () => {
    const index = indexRecipesByOutput(demo.recipes);
    const depths = demo.recipes.map((recipe) => craftDepth(index, recipe.output.item));
    expect(Math.max(...depths)).toBeGreaterThanOrEqual(3);
    expect(depths.filter((depth) => depth >= 3).length).toBeGreaterThanOrEqual(10);
  });

  it("spreads its runes four to a set", () => {
    for (const set of demo.runeSets) expect(demo.runes.filter((rune) => rune.set === set.id)).toHaveLength(4);
  });

  it("has item names a diacritic-insensitive search finds (giap, dao)", () => {
    const names = demo.items.map((item) => fold(item.name.vi));
    expect(names.filter((name) => name.includes("giap")).length).toBeGreaterThanOrEqual(5);
    expect(names.filter((name) => /\bdao\b/.test(name)).length).toBeGreaterThanOrEqual(5);
  });

  it("covers every rarity, item type and marker kind used by the filters", () => {
    expect(new Set(demo.items.map((item) => item.rarity)).size).toBe(5);
    expect(new Set(demo.items.map((item) => item.type)).size).toBe(7);
    const kinds = new Set(demo.districts.flatMap((d) => d.markers.map((m) => m.kind)));
    for (const kind of ["npc", "boss", "resource", "portal"]) expect(kinds).toContain(kind);
  });

  it("has an XP table that grows smoothly and unlocks along the way", () => {
    const xp = demo.levels.slice(0, -1).map((level) => level.xpToNext!);
    for (let i = 1; i < xp.length; i++) {
      expect(xp[i]).toBeGreaterThan(xp[i - 1]!);
      // Early levels go fast; from level 10 on, each level asks at most a quarter more than the last.
      expect(xp[i]! / xp[i - 1]!).toBeLessThan(i >= 10 ? 1.25 : 2.5);
    }
    expect(demo.levels.filter((level) => level.unlocks.length > 0).length).toBeGreaterThanOrEqual(15);
  });

  it("writes guides with a table of contents and catalog links in both languages", () => {
    for (const guide of demo.guides) {
      for (const language of ["vi", "en"] as const) {
        expect(findHeadings(guide.body[language]).filter((h) => h.depth === 2).length).toBeGreaterThanOrEqual(3);
        expect(findEntryLinks(guide.body[language]).length).toBeGreaterThanOrEqual(5);
      }
    }
  });

  it("keeps its map small and names every region", async () => {
    const svg = await readFile(join(DEMO_DIR, "map.svg"), "utf8");
    expect(svg.length).toBeLessThan(60_000);
    for (const district of demo.districts) expect(svg).toContain(`id="${district.region}"`);
  });
});

describe("writing a pack", () => {
  let tempDir: string;
  beforeAll(async () => {
    tempDir = await mkdtemp(join(tmpdir(), "content-pack-"));
  });
  afterAll(async () => {
    await rm(tempDir, { recursive: true, force: true });
  });

  it("reproduces the demo files byte for byte", async () => {
    const written = serializePack(demo);
    const onDisk = (await readdir(DEMO_DIR)).sort();
    expect([...written.keys()].sort()).toEqual(onDisk);
    for (const [name, text] of written) expect(text, name).toBe(await readFile(join(DEMO_DIR, name), "utf8"));
  });

  it("round-trips load -> write -> load exactly", async () => {
    await writePack(demo, tempDir);
    for (const name of await readdir(DEMO_DIR)) {
      expect(await readFile(join(tempDir, name)), name).toEqual(await readFile(join(DEMO_DIR, name)));
    }
    expect(await loadPack(tempDir)).toEqual(demo);
  });

  it("orders keys by the format whatever order the entries were built in", () => {
    const reversed = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reversed)
        : value && typeof value === "object"
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([k, v]) => [k, reversed(v)]),
            )
          : value;
    const shuffled = { ...demo, items: reversed(demo.items), districts: reversed(demo.districts) } as ContentPack;
    expect(serializePack(shuffled).get("items.json")).toBe(serializePack(demo).get("items.json"));
    expect(serializePack(shuffled).get("districts.json")).toBe(serializePack(demo).get("districts.json"));
  });

  it("lays JSON out as Prettier does, so formatting the repo never changes a pack", async () => {
    for (const [name, text] of serializePack(demo)) {
      if (name.endsWith(".json")) expect(await format(text, { parser: "json", printWidth: 140 }), name).toBe(text);
    }
  });
});
