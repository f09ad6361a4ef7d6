import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirInUseError, openDatabase, queryRows } from "./client.ts";
import { migrationsFolder } from "./migrate.ts";
import { settings } from "./schema/index.ts";
import { createTestDatabase, testEngines, type TestDatabase } from "./testing.ts";

describe.each(testEngines)("migrations on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it("enable unaccent and pg_trgm with an IMMUTABLE f_unaccent()", async () => {
    database = await createTestDatabase(engine);
    const { db } = database.connection;
    const rows = await queryRows<{ plain: string; similar: boolean }>(
      db,
      sql`select f_unaccent('Đao Giáp Ưng Hỏa đ') as plain, word_similarity('giap', f_unaccent('Giáp Huyền Thiết')) > 0.5 as similar`,
    );
    expect(rows[0]).toEqual({ plain: "Dao Giap Ung Hoa d", similar: true });
    const volatility = await queryRows<{ provolatile: string }>(db, sql`select provolatile from pg_proc where proname = 'f_unaccent'`);
    expect(volatility[0]?.provolatile).toBe("i");
    // IMMUTABLE is what lets it back an expression index.
    await db.execute(sql`create index settings_key_unaccent on settings using gin (f_unaccent(key) gin_trgm_ops)`);
  });

  it("create the schema and are idempotent", async () => {
    database = await createTestDatabase(engine);
    const { connection } = database;
    const { migrateDatabase } = await import("./migrate.ts");
    await migrateDatabase(connection);
    await connection.db.insert(settings).values({ key: "appTitle", value: "Minithings" });
    const rows = await connection.db.select().from(settings);
    expect(rows).toMatchObject([{ key: "appTitle", value: "Minithings" }]);
  });

  it.runIf(engine === "postgres")("migrate once when several instances start together (advisory lock)", async () => {
    database = await createTestDatabase(engine, { migrate: false });
    const { migrateDatabase } = await import("./migrate.ts");
    const others = await Promise.all([database.openAnother(), database.openAnother(), database.openAnother()]);
    await Promise.all([database.connection, ...others].map((connection) => migrateDatabase(connection)));
    const applied = await queryRows<{ count: string }>(
      database.connection.db,
      sql`select count(*)::text as count from drizzle.__drizzle_migrations`,
    );
    const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: unknown[] };
    expect(applied[0]?.count).toBe(String(journal.entries.length));
  });
});

describe("a PGlite data folder", () => {
  it("is refused to a second opener while the first holds it, and free again once closed", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "pglite-lock-"));
    const first = await openDatabase({ dataDir });
    // Another live process (our parent) holds it:
    writeFileSync(join(dataDir, "minithings.lock"), String(process.ppid));
    await expect(openDatabase({ dataDir })).rejects.toThrowError(DataDirInUseError);
    writeFileSync(join(dataDir, "minithings.lock"), String(process.pid));
    await first.close();
    // A lock left by a process that no longer exists is taken over.
    writeFileSync(join(dataDir, "minithings.lock"), "999999999");
    const second = await openDatabase({ dataDir });
    await second.close();
  });
});
