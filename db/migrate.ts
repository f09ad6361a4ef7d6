import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { DatabaseConnection, Schema } from "./client.ts";

/** Any fixed number: every process that migrates this database takes the same lock. */
const MIGRATION_LOCK = 4_040_001;

/** npm scripts run from the project root, bundled or not; the migrations ship beside the schema. */
export const migrationsFolder = resolve(process.cwd(), "db/migrations");

/**
 * Applies pending drizzle-kit migrations under a session-level advisory lock, so several
 * instances starting together migrate once (drizzle's migrator takes no lock of its own).
 */
export async function migrateDatabase(connection: DatabaseConnection, folder = migrationsFolder): Promise<void> {
  await connection.withMaintenanceSession(async (db) => {
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      if (connection.kind === "pglite") {
        await migratePglite(db as unknown as PgliteDatabase<Schema>, { migrationsFolder: folder });
      } else {
        await migrateNodePg(db as unknown as NodePgDatabase<Schema>, { migrationsFolder: folder });
      }
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  });
}
