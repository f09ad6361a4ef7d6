import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createServer, connect as connectTcp, type Server, type Socket } from "node:net";
import { join } from "node:path";
import pg from "pg";
import { openDatabase, type DatabaseConnection } from "./client.ts";
import { migrateDatabase, migrationsFolder } from "./migrate.ts";

/**
 * The engines integration tests run on: PGlite in memory always, and the PostgreSQL server named by
 * TEST_DATABASE_URL when it is set (CI sets it). Each test database is new and dropped afterwards.
 */
export const testEngines: ("pglite" | "postgres")[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export interface TestDatabase {
  connection: DatabaseConnection;
  /** The database's address (PostgreSQL only). */
  url?: string;
  /** Opens another connection to the same database (PostgreSQL only; PGlite is one process). */
  openAnother(): Promise<DatabaseConnection>;
  dispose(): Promise<void>;
}

async function adminSession<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const adminQuery = (statement: string) => adminSession((client) => client.query(statement)).then(() => undefined);

function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? "");
  url.pathname = `/${name}`;
  return url.href;
}

/**
 * Most of a new test database's cost is the same each time (PGlite's initdb about 2 s, then the
 * migrations), so each test process migrates once and starts every later database from that:
 * PGlite from an archive of the migrated data folder (about 0.9 s), PostgreSQL as a copy of a
 * migrated template database (CREATE DATABASE … TEMPLATE). The template is named after the
 * migrations it holds, made once under a lock by whichever test process comes first, and a
 * template of older migrations is dropped then.
 */
let pgliteArchive: Promise<Blob> | undefined;
let postgresTemplate: Promise<string> | undefined;
const TEMPLATE_LOCK = 4_040_002;

function migrationsDigest(): string {
  const hash = createHash("sha256");
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: "utf8" }).sort()) {
    if (!/\.(sql|json)$/.test(file)) continue;
    hash.update(file).update(readFileSync(join(migrationsFolder, file)));
  }
  return hash.digest("hex").slice(0, 16);
}

function migratedPgliteArchive(): Promise<Blob> {
  pgliteArchive ??= (async () => {
    const connection = await openDatabase({ dataDir: "memory://" });
    try {
      await migrateDatabase(connection);
      const archive = await connection.dumpDataDir?.();
      if (!archive) throw new Error("PGlite gave no archive of its data folder");
      return archive;
    } finally {
      await connection.close();
    }
  })();
  return pgliteArchive;
}

function migratedPostgresTemplate(): Promise<string> {
  postgresTemplate ??= adminSession(async (admin) => {
    const name = `mt_template_${migrationsDigest()}`;
    await admin.query(`select pg_advisory_lock(${TEMPLATE_LOCK})`);
    try {
      // A template being built is built under this lock: one found now was left by a run that stopped.
      const { rows: abandoned } = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like 'mt_building_%'",
      );
      for (const row of abandoned) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`).catch(() => undefined);
      const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'mt_template_%'");
      if (!rows.some((row) => row.datname === name)) {
        // Migrated under another name and renamed once whole: a run stopped halfway leaves no template that looks ready.
        const building = `mt_building_${randomBytes(6).toString("hex")}`;
        await admin.query(`CREATE DATABASE ${building}`);
        const connection = await openDatabase({ url: databaseUrl(building) });
        try {
          await migrateDatabase(connection);
        } finally {
          await connection.close();
        }
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
      // Templates of other migrations (another checkout's suite may still copy one: then it stays).
      for (const row of rows) if (row.datname !== name) await admin.query(`DROP DATABASE IF EXISTS ${row.datname}`).catch(() => undefined);
      return name;
    } finally {
      await admin.query(`select pg_advisory_unlock(${TEMPLATE_LOCK})`);
    }
  });
  // A failure is not remembered: the next database tries again.
  postgresTemplate.catch(() => (postgresTemplate = undefined));
  return postgresTemplate;
}

/** A new database copied from the template; made again if another suite dropped it meanwhile. */
async function createFromTemplate(name: string): Promise<void> {
  try {
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${await migratedPostgresTemplate()}`);
  } catch (error) {
    if (!/does not exist/.test(String(error))) throw error;
    postgresTemplate = undefined;
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${await migratedPostgresTemplate()}`);
  }
}

export async function createTestDatabase(
  engine: "pglite" | "postgres",
  { migrate = true, statementTimeoutMs }: { migrate?: boolean; statementTimeoutMs?: number } = {},
): Promise<TestDatabase> {
  if (engine === "pglite") {
    const loadDataDir = migrate ? await migratedPgliteArchive() : undefined;
    const connection = await openDatabase({ dataDir: "memory://" }, { statementTimeoutMs, loadDataDir });
    return {
      connection,
      openAnother: () => Promise.reject(new Error("PGlite serves one process")),
      dispose: () => connection.close(),
    };
  }
  const name = `mt_test_${randomBytes(6).toString("hex")}`;
  if (migrate) await createFromTemplate(name);
  else await adminQuery(`CREATE DATABASE ${name}`);
  const opened: DatabaseConnection[] = [];
  const open = async () => {
    const connection = await openDatabase({ url: databaseUrl(name) }, { statementTimeoutMs });
    opened.push(connection);
    return connection;
  };
  const connection = await open();
  return {
    connection,
    url: databaseUrl(name),
    openAnother: open,
    async dispose() {
      await Promise.all(opened.map((each) => each.close()));
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * A TCP relay in front of the test PostgreSQL server that a test can cut (every connection closed,
 * new ones refused, as when the server is down or restarting) and restore on the same port.
 */
export async function interruptibleProxy(targetUrl: string): Promise<{
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = async () => {
    const next = createServer((client) => {
      const upstream = connectTcp(Number(target.port || 5432), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((done, fail) => next.once("error", fail).listen(port, "127.0.0.1", () => done()));
    port = (next.address() as { port: number }).port;
    server = next;
  };
  const cut = async () => {
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise((done) => closing.close(done));
  };
  await listen();
  const url = new URL(targetUrl);
  url.host = `127.0.0.1:${port}`;
  return { url: url.href, cut, restore: listen, close: cut };
}
