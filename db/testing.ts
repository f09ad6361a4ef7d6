import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseConnection } from "./client.ts";
import { migrateDatabase } from "./migrate.ts";

/**
 * The engines integration tests run on: PGlite in memory always, and the PostgreSQL server named by
 * TEST_DATABASE_URL when it is set (CI sets it). Each test database is new and dropped afterwards.
 */
export const testEngines: ("pglite" | "postgres")[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export interface TestDatabase {
  connection: DatabaseConnection;
  /** Opens another connection to the same database (PostgreSQL only; PGlite is one process). */
  openAnother(): Promise<DatabaseConnection>;
  dispose(): Promise<void>;
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(
  engine: "pglite" | "postgres",
  { migrate = true, statementTimeoutMs }: { migrate?: boolean; statementTimeoutMs?: number } = {},
): Promise<TestDatabase> {
  if (engine === "pglite") {
    const connection = await openDatabase({ dataDir: "memory://" }, { statementTimeoutMs });
    if (migrate) await migrateDatabase(connection);
    return {
      connection,
      openAnother: () => Promise.reject(new Error("PGlite serves one process")),
      dispose: () => connection.close(),
    };
  }
  const name = `mt_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL ?? "");
  url.pathname = `/${name}`;
  const opened: DatabaseConnection[] = [];
  const open = async () => {
    const connection = await openDatabase({ url: url.href }, { statementTimeoutMs });
    opened.push(connection);
    return connection;
  };
  const connection = await open();
  if (migrate) await migrateDatabase(connection);
  return {
    connection,
    openAnother: open,
    async dispose() {
      await Promise.all(opened.map((each) => each.close()));
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
