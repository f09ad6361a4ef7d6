import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import { contentEntries } from "../../db/schema/index.ts";
import { createTestDatabase, testEngines, type TestDatabase } from "../../db/testing.ts";
import { silentLogger } from "../testing.ts";
import { currentPackInfo, DEMO_PACK_DIR, ensureContent, exportPack, importPack } from "./content-store.ts";
import { loadPack, writePack } from "./load-pack.ts";

describe.each(testEngines)("content store on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it("loads the demo pack at first start, once", async () => {
    database = await createTestDatabase(engine);
    const { db } = database.connection;
    expect(await currentPackInfo(db)).toBeNull();
    await ensureContent(db, silentLogger);
    const first = await currentPackInfo(db);
    expect(first?.version).toMatch(/^\d+\.\d+\.\d+/);
    const [{ count } = { count: "0" }] = await queryRows<{ count: string }>(db, sql`select count(*)::text as count from content_entries`);
    await ensureContent(db, silentLogger);
    const [{ count: again } = { count: "0" }] = await queryRows<{ count: string }>(
      db,
      sql`select count(*)::text as count from content_entries`,
    );
    expect(Number(count)).toBeGreaterThan(400);
    expect(again).toBe(count);
  });

  it("loads the demo pack once when several processes start together on a new database", async () => {
    database = await createTestDatabase(engine);
    const { db } = database.connection;
    // Pool connections stand in for processes on PostgreSQL; PGlite takes them in turn.
    await Promise.all([ensureContent(db, silentLogger), ensureContent(db, silentLogger), ensureContent(db, silentLogger)]);
    const [{ packs } = { packs: "0" }] = await queryRows<{ packs: string }>(db, sql`select count(*)::text as packs from content_packs`);
    expect(packs).toBe("1");
    expect((await currentPackInfo(db))?.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("round-trips: import then export writes the pack's files back byte for byte", async () => {
    database = await createTestDatabase(engine);
    const { db } = database.connection;
    await importPack(db, await loadPack(DEMO_PACK_DIR));
    const pack = await exportPack(db);
    if (!pack) throw new Error("no pack");
    const out = mkdtempSync(join(tmpdir(), "pack-export-"));
    await writePack(pack, out);
    const files = readdirSync(DEMO_PACK_DIR).filter((name) => name.endsWith(".json") || name.endsWith(".svg"));
    for (const name of files) expect(readFileSync(join(out, name), "utf8"), name).toBe(readFileSync(join(DEMO_PACK_DIR, name), "utf8"));
    expect(readdirSync(out).sort()).toEqual(files.sort());
  });

  it("finds names without diacritics through the search index", async () => {
    database = await createTestDatabase(engine);
    const { db } = database.connection;
    await ensureContent(db, silentLogger);
    const rows = await queryRows<{ name_vi: string }>(
      db,
      sql`select name_vi from ${contentEntries} where f_unaccent(lower(name_vi || ' ' || name_en)) like '%giap%' limit 5`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => /giáp/i.test(row.name_vi))).toBe(true);
  });
});
