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
import { BusyError, ConcurrencyLimit } from "../server/http/concurrency-limit.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** The Drizzle handle, the same type on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseConnection {
  db: Database;
  kind: "pglite" | "postgres";
  /**
   * Runs `fn` on one dedicated connection (session-level locks need it) free of the statement time
   * limit: migrations and content import may rightly take longer than any request should.
   */
  withMaintenanceSession<T>(fn: (db: Database) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /**
   * Connections of the pool (PostgreSQL): open, idle, and requests waiting for one. PGlite: one
   * connection, and the statements waiting their turn.
   */
  poolUse(): { size: number; idle: number; waiting: number };
  /** PGlite only: the whole data folder as a tar archive, which `DatabaseOptions.loadDataDir` opens again. */
  dumpDataDir?(): Promise<Blob>;
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
const SESSION_SETUP_OPTION = "pg_trgm.similarity_threshold=0.3";

export type DatabaseTarget = { url: string } | { dataDir: string };

export interface DatabaseOptions {
  /** A pooled connection to PostgreSQL was lost (idle or in use); the pool opens another when needed. */
  onConnectionLost?: (error: Error) => void;
  /**
   * The time limit on each statement (`DB_STATEMENT_TIMEOUT_MS`), so that one costly request cannot
   * hold the database while others (sign-in) wait. Left out (command-line tools), statements run
   * as long as they take.
   *
   * - PostgreSQL stops a statement that runs longer (`statement_timeout`, sent as each pooled
   *   connection opens; time spent waiting for a lock counts), and gives up a statement that waits
   *   longer for a free connection of the pool.
   * - PGlite ignores `statement_timeout`: it runs PostgreSQL in WebAssembly on the event loop,
   *   without the signals that interrupt a statement (measured: `select pg_sleep(2)` under a 300 ms
   *   limit ran 2 s; counting 30 million generated rows ran 22 s with the whole process frozen), so
   *   a running statement cannot be stopped. Its guard is a queue: statements take turns, and one
   *   that could not start within the limit is given up without running, so a burst is shed
   *   rather than piled up. What keeps each statement short there is the code: bounded inputs
   *   (search text of at most 100 characters, query bodies of at most 32 KB and 20 filters), a
   *   LIMIT on every search and list, and the name indexes.
   *
   * Either way the caller gets an error that `isDatabaseTimeout` recognises (503 `unavailable`).
   */
  statementTimeoutMs?: number;
  /** PGlite in memory only: start from this archive of a data folder (`dumpDataDir`) instead of an empty one. */
  loadDataDir?: Blob;
}

const DATABASE_BUSY = "The database is busy. Try again in a moment.";
/** pg-pool's error when no connection became free in time (it has no code). */
const POOL_WAIT_TIMEOUT = "timeout exceeded when trying to connect";
/** PostgreSQL's `query_canceled`: `statement_timeout`, or a cancel by an operator. */
const QUERY_CANCELED = "57014";

/** Whether a failure (as thrown, or wrapped by Drizzle) is a statement given up under the time limit. */
export function isDatabaseTimeout(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (
      (cause instanceof BusyError && cause.message === DATABASE_BUSY) ||
      cause.message === POOL_WAIT_TIMEOUT ||
      (cause as { code?: unknown }).code === QUERY_CANCELED
    )
      return true;
  }
  return false;
}

/** Network errors of a connection that could not be made or was cut (the server restarting, a failover). */
const CONNECTION_ERRNOS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);
/**
 * SQLSTATEs of a server that cannot serve now: the connection exceptions of class 08 (not 08P01, a
 * protocol violation: a bug, not an outage), 57P01–57P03
 * (terminated by an administrator, a crash, or still starting up), 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATE = /^(0800[0-46]|57P0[1-3]|53300)$/;
/** node-postgres' own words for a connection that ended under a query, or a client no longer usable. */
const CONNECTION_LOST = /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout expired)/;

/**
 * Whether a failure (as thrown, or wrapped by Drizzle) comes from a database that cannot be reached
 * now (refused, cut, restarting): the request may be tried again shortly (503), and the pool makes
 * new connections once the server is back, without a restart.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && (CONNECTION_ERRNOS.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (CONNECTION_LOST.test(cause.message)) return true;
    // Several addresses tried (localhost as ::1 and 127.0.0.1): Node reports them together.
    if (cause instanceof AggregateError && cause.errors.some((each) => isDatabaseUnreachable(each))) return true;
  }
  return false;
}

/**
 * The PGlite client as Drizzle sees it (Drizzle calls only `query` and `transaction`): statements
 * and whole transactions take their turn through `turns`.
 */
function takingTurns(client: PGlite, turns: ConcurrencyLimit): PGlite {
  const gated: Pick<PGlite, "query" | "transaction"> = {
    query: (...args) => turns.run(() => client.query(...args)),
    transaction: (callback) => turns.run(() => client.transaction(callback)),
  };
  return gated as PGlite;
}

/**
 * PGlite in `dataDir` (or `memory://`) for a single process, PostgreSQL when a URL is given.
 * Only one process may open a PGlite folder; two or more instances need PostgreSQL.
 */
export async function openDatabase(
  target: DatabaseTarget,
  { onConnectionLost = () => {}, statementTimeoutMs, loadDataDir }: DatabaseOptions = {},
): Promise<DatabaseConnection> {
  if ("url" in target) {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      // Set as each connection opens (a query in the pool's `connect` event would race the first query).
      options: `-c ${SESSION_SETUP_OPTION}`,
      ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs, connectionTimeoutMillis: statementTimeoutMs } : {}),
    });
    // A connection dropped by the server (restart, failover) must not crash the process. The pool
    // listens only on idle ones (and re-emits their error on itself, which must be listened to); a
    // connection in use (a transaction holds it) has no listener of the pool's. So each connection
    // gets one of its own when it opens, which tells of every loss once: a query in flight fails (a
    // 503 to the request), and the pool discards the connection when it is given back.
    pool.on("error", () => {});
    pool.on("connect", (client) => client.on("error", onConnectionLost));
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      async withMaintenanceSession(fn) {
        const client = await pool.connect();
        let broken: Error | undefined;
        try {
          await client.query("set statement_timeout = 0");
          return await fn(drizzleNodePg(client, { schema }) as unknown as Database);
        } finally {
          // RESET returns to the limit the connection opened with; a connection that cannot be
          // reset is closed rather than given back to the pool without its limit.
          await client.query("reset statement_timeout").catch((error: Error) => (broken = error));
          client.release(broken);
        }
      },
      async ping() {
        await db.execute(sql`select 1`);
      },
      poolUse: () => ({ size: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: once(() => pool.end()),
    };
  }
  const releaseLock = target.dataDir.startsWith("memory://") ? () => {} : lockDataDir(target.dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(target.dataDir, { extensions: { unaccent, pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  } catch (error) {
    releaseLock();
    throw error;
  }
  await client.exec(SESSION_SETUP).catch(() => undefined); // pg_trgm arrives with the first migration
  const unlimited = drizzlePglite(client, { schema }) as unknown as Database;
  const turns = statementTimeoutMs
    ? new ConcurrencyLimit({ concurrency: 1, queue: Number.POSITIVE_INFINITY, waitMs: statementTimeoutMs, busyMessage: DATABASE_BUSY })
    : undefined;
  const db = turns ? (drizzlePglite({ client: takingTurns(client, turns), schema }) as unknown as Database) : unlimited;
  return {
    db,
    kind: "pglite",
    withMaintenanceSession: (fn) => fn(unlimited),
    async ping() {
      await db.execute(sql`select 1`);
    },
    poolUse: () => ({ size: 1, idle: turns && turns.running > 0 ? 0 : 1, waiting: turns?.waiting ?? 0 }),
    dumpDataDir: () => client.dumpDataDir("none"),
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
