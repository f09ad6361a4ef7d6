import { existsSync, readdirSync, readlinkSync, realpathSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { openDatabase, type DatabaseConnection } from "../../db/client.ts";
import { ConfigError, loadConfig } from "../config.ts";

/** Where a command-line tool writes its one clear line per outcome. */
export interface CliOutput {
  log(line: string): void;
  error(line: string): void;
}

/**
 * The processes (other than this one) holding a file open inside `dataDir`. PGlite does not lock its
 * folder: a second process opens it happily, and the two then overwrite each other's pages. The
 * `postmaster.pid` it writes always says pid -42 and outlives a crash, so it cannot tell a running
 * server from a dead one. A running PGlite does keep its relation and WAL files open, though, so on
 * Linux /proc shows who has the folder open. Returns null where /proc is not available.
 */
export function findDataDirHolders(dataDir: string, ownPid = process.pid): number[] | null {
  if (!existsSync("/proc/self/fd")) return null;
  let root: string;
  try {
    root = realpathSync(dataDir);
  } catch {
    return [];
  }
  const inside = (target: string) => target === root || target.startsWith(root + sep);
  const holders: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === ownPid) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue; // gone meanwhile, or another user's process
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${entry}/fd/${fd}`);
      } catch {
        continue;
      }
      if (inside(target)) {
        holders.push(Number(entry));
        break;
      }
    }
  }
  return holders;
}

/**
 * Opens the database the configuration names, for a command-line tool: PostgreSQL by DATABASE_URL,
 * else the PGlite folder in DATA_DIR, refused while another process (the server) holds it.
 * Returns the exit code when it cannot.
 */
export async function openConfiguredDatabase(
  env: Record<string, string | undefined>,
  output: CliOutput,
  { findHolders = findDataDirHolders, purpose }: { findHolders?: (dataDir: string) => number[] | null; purpose: string },
): Promise<{ connection: DatabaseConnection; where: string } | number> {
  let config;
  try {
    config = loadConfig(env);
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
    if (!existsSync(join(dataDir, "PG_VERSION"))) {
      output.error(`No database in ${dataDir}: start the server once and ${purpose} (or set DATA_DIR / DATABASE_URL).`);
      return 1;
    }
    const holders = findHolders(dataDir);
    if (holders === null ? existsSync(join(dataDir, "postmaster.pid")) : holders.length > 0) {
      const who = holders?.length ? `process ${holders.join(", ")}` : "another process (it has a postmaster.pid)";
      output.error(
        `The data folder ${dataDir} is open in ${who}, probably the running server. ` +
          "Stop the server, then run this again: only one process may open a PGlite database." +
          (holders === null
            ? " If the server is already stopped, the file is left from an unclean stop: start and stop the server once."
            : ""),
      );
      return 1;
    }
  }

  let connection: DatabaseConnection;
  try {
    connection = await openDatabase(target);
  } catch (error) {
    output.error(`Could not open ${where}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  return { connection, where };
}
