import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** The Drizzle handle, the same type on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseConnection {
  db: Database;
  kind: "pglite" | "postgres";
  /** Runs `fn` on one dedicated connection (session-level locks need it). */
  withSession<T>(fn: (db: Database) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Closing twice (a signal during shutdown, a test's cleanup) is harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

export type DatabaseTarget = { url: string } | { dataDir: string };

/**
 * PGlite in `dataDir` (or `memory://`) for a single process, PostgreSQL when a URL is given.
 * Only one process may open a PGlite folder; two or more instances need PostgreSQL.
 */
export async function openDatabase(
  target: DatabaseTarget,
  { onIdleError = () => {} }: { onIdleError?: (error: Error) => void } = {},
): Promise<DatabaseConnection> {
  if ("url" in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on("error", onIdleError);
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      async withSession(fn) {
        const client = await pool.connect();
        try {
          return await fn(drizzleNodePg(client, { schema }) as unknown as Database);
        } finally {
          client.release();
        }
      },
      async ping() {
        await db.execute(sql`select 1`);
      },
      close: once(() => pool.end()),
    };
  }
  if (!target.dataDir.startsWith("memory://")) mkdirSync(target.dataDir, { recursive: true });
  const client = await PGlite.create(target.dataDir, { extensions: { unaccent, pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    withSession: (fn) => fn(db),
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: once(() => client.close()),
  };
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`, which Drizzle's generic type hides. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
