/** A whole new pack is staged beside the live one and swapped in: the same tables, names and indexes, the new entries, search following. */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import { createTestDatabase, testEngines, type TestDatabase } from "../../db/testing.ts";
import type { ContentPack, Item } from "../../universal/content/pack-schema.ts";
import { DEMO_PACK_DIR, exportPack } from "./content-store.ts";
import { installPack, STAGE_FROM } from "./content-versions.ts";
import { loadPack } from "./load-pack.ts";
import { packChecksum } from "./pack-checksum.ts";

describe.each(testEngines)("a staged flip on %s", (engine) => {
  let database: TestDatabase;
  let demo: ContentPack;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    demo = await loadPack(DEMO_PACK_DIR);
    await installPack(database.connection.db, demo, { source: "initial", by: null, firstOnly: true });
  });
  afterAll(() => database?.dispose());

  const indexes = async () =>
    (
      await queryRows<{ tablename: string; indexname: string; indexdef: string }>(
        database.connection.db,
        sql`select tablename, indexname, indexdef from pg_indexes
          where schemaname = current_schema() and tablename in ('content_entries', 'content_words') order by indexname`,
      )
    ).map((row) => `${row.tablename} ${row.indexdef}`);
  const tables = async () =>
    (
      await queryRows<{ tablename: string }>(
        database.connection.db,
        sql`select tablename from pg_tables where schemaname = current_schema() and tablename like 'content_%' order by tablename`,
      )
    ).map((row) => row.tablename);

  it("swaps in a pack that changes more than it stages from, keeping the live tables' names and indexes, and search follows", async () => {
    const db = database.connection.db;
    const before = { indexes: await indexes(), tables: await tables() };
    const sword = demo.items.find((item) => item.id === "iron-sword")!;
    const extra: Item[] = Array.from({ length: STAGE_FROM + 50 }, (_, index) => ({
      ...sword,
      id: `staged-blade-${index + 1}`,
      name: { vi: `Lưỡi Dàn Dựng ${index + 1}`, en: `Staged Blade ${index + 1}` },
    }));
    const bigger = { ...demo, items: [...demo.items, ...extra] };
    const installed = await installPack(db, bigger, { source: "import", by: null });
    expect(installed.changed).toBe(extra.length);
    expect(await indexes()).toEqual(before.indexes);
    expect(await tables()).toEqual(before.tables);
    expect(await packChecksum((await exportPack(db))!)).toBe(installed.checksum);
    const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from content_entries where id like 'staged-blade-%'`);
    expect(Number(count?.n)).toBe(extra.length);
    // The search vocabulary was built from the staged names ("dan dung" is a word only they have).
    const [word] = await queryRows<{ entries: number }>(db, sql`select entries from content_words where word = 'dung'`);
    expect(Number(word?.entries)).toBeGreaterThanOrEqual(extra.length);

    // And back: the demo pack again, staged as well (every extra entry goes).
    const back = await installPack(db, demo, { source: "restore", by: null, restoredFrom: 1 });
    expect(back.changed).toBe(extra.length);
    expect(await indexes()).toEqual(before.indexes);
    expect(await packChecksum((await exportPack(db))!)).toBe(await packChecksum(demo));
    // A small change afterwards writes in place as before.
    const renamed = {
      ...demo,
      items: demo.items.map((item) => (item.id === "iron-sword" ? { ...item, name: { vi: "Kiếm Nhỏ", en: "Small Sword" } } : item)),
    };
    expect((await installPack(db, renamed, { source: "publish", by: null })).changed).toBe(1);
    expect(await tables()).toEqual(before.tables);
  });

  it("refuses a publish made from a pack no longer in use, leaving no version or stage behind; drops stages a stopped process left", async () => {
    const db = database.connection.db;
    const versions = async () => (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from content_versions`))[0]?.n;
    const held = await versions();
    await expect(installPack(db, demo, { source: "publish", by: null, basis: "0000000000000000" })).rejects.toMatchObject({
      code: "conflict",
    });
    expect(await versions()).toBe(held);
    const before = await tables();
    // A stage two hours old (its time is in its name), as a process that stopped while staging leaves it.
    const old = Math.floor((Date.now() - 7_200_000) / 1000).toString(36);
    await db.execute(sql.raw(`create table content_entries_stage_${old}_0badf00d (like content_entries including all)`));
    const sword = demo.items.find((item) => item.id === "iron-sword")!;
    const extra: Item[] = Array.from({ length: STAGE_FROM }, (_, index) => ({ ...sword, id: `again-${index + 1}` }));
    await installPack(db, { ...demo, items: [...demo.items, ...extra] }, { source: "import", by: null });
    expect(await tables()).toEqual(before);
  });
});
