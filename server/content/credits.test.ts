import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../../db/testing.ts";
import { silentLogger } from "../testing.ts";
import { DEMO_PACK_DIR, ensureContent, importPack } from "./content-store.ts";
import { loadPack } from "./load-pack.ts";
import { packIcons, SOFTWARE_CREDITS } from "./credits.ts";
import { gameIconCount, gameIconSvg } from "./icons.ts";

const demoFile = (name: string) => JSON.parse(readFileSync(`content/demo/${name}`, "utf8")) as unknown;

describe.each(testEngines)("credits on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await ensureContent(database.connection.db, silentLogger);
  });
  afterAll(() => database.dispose());

  it("lists every icon the demo pack uses, nested ones too, once each, sorted, each one in the set", async () => {
    const icons = await packIcons(database.connection.db);
    const text = ["items.json", "classes.json", "districts.json", "events.json"].map((file) => JSON.stringify(demoFile(file))).join("");
    const expected = new Set([...text.matchAll(/"game-icons:([a-z0-9-]+)"/g)].map((match) => match[1]));
    for (const name of expected) expect(icons).toContain(name);
    expect(new Set(icons).size).toBe(icons.length);
    expect(icons).toEqual([...icons].sort());
    for (const name of icons) expect(gameIconSvg(name), name).not.toBeNull();
    expect(icons.length).toBeLessThan(gameIconCount());
  });

  it("reads the icons again once another pack is imported", async () => {
    const db = database.connection.db;
    expect(await packIcons(db)).not.toContain("abacus");
    const pack = await loadPack(DEMO_PACK_DIR);
    const changed = { ...pack, items: pack.items.map((item, index) => (index === 0 ? { ...item, icon: "game-icons:abacus" } : item)) };
    await importPack(db, changed);
    expect(await packIcons(db)).toContain("abacus");
    await importPack(db, pack);
    expect(await packIcons(db)).not.toContain("abacus");
  });
});

describe("software credits", () => {
  it.each(SOFTWARE_CREDITS.map((entry) => [entry.npm, entry.license] as const))(
    "%s is credited under its own license (%s)",
    (npm, license) => {
      const manifest = JSON.parse(readFileSync(`node_modules/${npm}/package.json`, "utf8")) as { license?: string };
      expect(manifest.license).toBe(license);
    },
  );
});
