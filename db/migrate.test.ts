import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { queryRows } from "./client.ts";
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
    expect(applied[0]?.count).toBe("2");
  });
});
