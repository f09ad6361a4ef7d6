import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
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

export class DataDirInUseError extends Error {
  readonly dataDir: string;
  readonly pid: number;
  constructor(dataDir: string, pid: number) {
    super(
      `The database folder ${dataDir} is open in another process (pid ${pid}). PGlite serves one process only: ` +
        "stop that process first, or use PostgreSQL (DATABASE_URL) to run several.",
    );
    this.name = "DataDirInUseError";
    this.dataDir = dataDir;
    this.pid = pid;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite lets a second process open the same folder and silently lose writes, so we take an
 * exclusive lock file holding our pid; a lock left by a process that died is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = join(dataDir, "minithings.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(lockFile, "utf8").trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && processAlive(holder))
        throw new DataDirInUseError(dataDir, holder);
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

/** Closing twice (a signal during shutdown, a test's cleanup) is harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

/**
 * Per-connection settings: the trigram similarity from which a search word counts as a misspelling
 * of a name's word (server/content/name-match.ts). "giaap" for "giap" scores 0.57, "swrd" for
 * "sword" 0.38; pg_trgm's default is also 0.3, set here so that no server setting changes it.
 */
const SESSION_SETUP = "set pg_trgm.similarity_threshold = 0.3";

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
    pool.on("connect", (client) => void client.query(SESSION_SETUP).catch(onIdleError));
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
  const releaseLock = target.dataDir.startsWith("memory://") ? () => {} : lockDataDir(target.dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(target.dataDir, { extensions: { unaccent, pg_trgm } });
  } catch (error) {
    releaseLock();
    throw error;
  }
  await client.exec(SESSION_SETUP).catch(() => undefined); // pg_trgm arrives with the first migration
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    withSession: (fn) => fn(db),
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: once(async () => {
      await client.close();
      releaseLock();
    }),
  };
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`, which Drizzle's generic type hides. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
