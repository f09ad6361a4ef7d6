import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseTimeout, queryRows } from "./client.ts";
import { settings } from "./schema/index.ts";
import { createTestDatabase, testEngines, type TestDatabase } from "./testing.ts";

const LIMIT_MS = 500;

/** What a promise settles to, and when: the error itself rather than a throw. */
async function settle<T>(promise: Promise<T>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  try {
    await promise;
    return { error: undefined, ms: performance.now() - started };
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
}

describe.each(testEngines)("the statement time limit on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine, { statementTimeoutMs: LIMIT_MS });
  });
  afterAll(() => database?.dispose());

  it.runIf(engine === "postgres")("stops a statement that runs too long; the connection serves the next one", async () => {
    const { db } = database.connection;
    const { error, ms } = await settle(db.execute(sql`select pg_sleep(3)`));
    expect(isDatabaseTimeout(error)).toBe(true);
    expect(ms).toBeLessThan(2_500);
    expect(await queryRows(db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it.runIf(engine === "postgres")("gives up a statement that waits too long for a free connection of the pool", async () => {
    const { db } = database.connection;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The pool's ten connections, each held by an open transaction (no statement running).
    const holders = Array.from({ length: 10 }, () =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await held;
      }),
    );
    const waited = await settle(db.execute(sql`select 1`));
    release();
    await Promise.all(holders);
    expect(isDatabaseTimeout(waited.error)).toBe(true);
    expect(waited.ms).toBeLessThan(LIMIT_MS + 2_000);
    expect(await queryRows(db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it.runIf(engine === "pglite")("gives up a statement that cannot start in time, without running it", async () => {
    const { db } = database.connection;
    // PGlite runs one statement at a time: a transaction that holds it stands for a slow statement.
    let refused: { error: unknown; ms: number } | undefined;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      refused = await settle(db.insert(settings).values({ key: "late", value: "written" }));
    });
    expect(isDatabaseTimeout(refused?.error)).toBe(true);
    expect(refused?.ms).toBeGreaterThanOrEqual(LIMIT_MS - 50);
    expect(refused?.ms).toBeLessThan(LIMIT_MS + 2_000);
    expect(await db.select().from(settings).where(eq(settings.key, "late"))).toEqual([]);
    await db.insert(settings).values({ key: "on time", value: "written" });
    expect(await db.select().from(settings).where(eq(settings.key, "on time"))).toHaveLength(1);
  });

  it("lifts the limit for maintenance (migrations, content import) and restores it after", async () => {
    const { connection } = database;
    const slept = await settle(connection.withMaintenanceSession((db) => db.execute(sql`select pg_sleep(${(LIMIT_MS * 2) / 1000})`)));
    expect(slept.error).toBeUndefined();
    expect(slept.ms).toBeGreaterThanOrEqual(LIMIT_MS * 2 - 50);
    if (engine === "postgres") {
      // The pool hands out the connection just released: it has its limit back.
      const [shown] = await queryRows<{ statement_timeout: string }>(connection.db, sql`show statement_timeout`);
      expect(shown?.statement_timeout).toBe(`${LIMIT_MS}ms`);
      expect(isDatabaseTimeout((await settle(connection.db.execute(sql`select pg_sleep(3)`))).error)).toBe(true);
    }
  });
});
