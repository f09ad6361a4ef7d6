import { existsSync, readdirSync, readlinkSync, realpathSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { eq } from "drizzle-orm";
import { isRole, roles } from "../../app/shared/auth/permissions.ts";
import { openDatabase, type DatabaseConnection } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { authUsers, users } from "../../db/schema/index.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { AppError } from "../errors.ts";
import { setRole } from "./set-role.ts";

export interface CliOutput {
  log(line: string): void;
  error(line: string): void;
}

export const USER_ROLE_USAGE = [
  `Usage: npm run user:role -- <email> <role>    (roles: ${roles.join(", ")})`,
  "Gives the account with this email a role. Uses DATABASE_URL (PostgreSQL) when it is set,",
  "else the PGlite database in DATA_DIR (default ./data): stop the server first, since only one",
  "process may open a PGlite data folder.",
].join("\n");

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

export interface UserRoleOptions {
  /** Who holds the PGlite folder open; replaceable in tests. */
  findHolders?: (dataDir: string) => number[] | null;
}

/**
 * `npm run user:role -- <email> <role>`: the testable body of scripts/user-role.ts.
 * Returns the exit code; every outcome is one clear line on `output`.
 */
export async function runUserRole(
  args: string[],
  env: Record<string, string | undefined>,
  output: CliOutput,
  { findHolders = findDataDirHolders }: UserRoleOptions = {},
): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    output.log(USER_ROLE_USAGE);
    return 0;
  }
  const [rawEmail, role] = args;
  if (args.length !== 2 || !rawEmail?.trim() || !role) {
    output.error(USER_ROLE_USAGE);
    return 1;
  }
  if (!isRole(role)) {
    output.error(`Unknown role "${role}". Roles: ${roles.join(", ")}.`);
    return 1;
  }
  const email = rawEmail.trim().toLowerCase();

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
      output.error(`No database in ${dataDir}: start the server once and sign up first (or set DATA_DIR / DATABASE_URL).`);
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
  try {
    await migrateDatabase(connection);
    const [account] = await connection.db
      .select({ name: authUsers.name, displayName: users.displayName, previousRole: users.role })
      .from(authUsers)
      .leftJoin(users, eq(users.uid, authUsers.id))
      .where(eq(authUsers.email, email));
    if (!account) {
      output.error(`No account with the email ${email} in ${where}. They must sign up first.`);
      return 1;
    }
    const result = await setRole(connection.db, { email }, role);
    const name = account.displayName ?? account.name;
    const already = (account.previousRole ?? "user") === result.role;
    output.log(`${name} (${result.email}) ${already ? "is already" : "is now"} ${result.role}`);
    return 0;
  } catch (error) {
    output.error(
      error instanceof AppError ? error.message : `Could not set the role: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  } finally {
    await connection.close();
  }
}
