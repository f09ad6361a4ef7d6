import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { DataDirInUseError, openDatabase, type DatabaseConnection } from "../../db/client.ts";
import { ConfigError, loadConfig } from "../config.ts";

/** Where a command-line tool writes its one clear line per outcome. */
export interface CliOutput {
  log(line: string): void;
  error(line: string): void;
}

/**
 * Opens the database the configuration names, for a command-line tool: PostgreSQL by DATABASE_URL,
 * else the PGlite folder in DATA_DIR, refused while another process (the server) holds its lock file.
 * Returns the exit code when it cannot.
 */
export async function openConfiguredDatabase(
  env: Record<string, string | undefined>,
  output: CliOutput,
  { purpose, create = false }: { purpose: string; /** An empty DATA_DIR gets a new database (migrations follow). */ create?: boolean },
): Promise<{ connection: DatabaseConnection; where: string } | number> {
  let config;
  try {
    config = loadConfig(env, { forServer: false });
  } catch (error) {
    if (error instanceof ConfigError) {
      output.error(error.message);
      return 1;
    }
    throw error;
  }

  let target: { url: string } | { dataDir: string };
  let where: string;
  if (config.DATABASE_URL) {
    target = { url: config.DATABASE_URL };
    where = "the PostgreSQL database in DATABASE_URL";
  } else {
    const dataDir = resolve(config.DATA_DIR);
    target = { dataDir };
    where = `the PGlite database in ${dataDir}`;
    if (!create && !existsSync(join(dataDir, "PG_VERSION"))) {
      output.error(`No database in ${dataDir}: start the server once and ${purpose} (or set DATA_DIR / DATABASE_URL).`);
      return 1;
    }
  }

  let connection: DatabaseConnection;
  try {
    connection = await openDatabase(target);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      output.error(
        `The data folder ${error.dataDir} is open in process ${error.pid}, probably the running server. ` +
          "Stop the server, then run this again: only one process may open a PGlite database.",
      );
      return 1;
    }
    output.error(`Could not open ${where}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  return { connection, where };
}
