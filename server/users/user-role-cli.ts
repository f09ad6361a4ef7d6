import { eq } from "drizzle-orm";
import { isRole, roles } from "../../universal/auth/permissions.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { authUsers, users } from "../../db/schema/index.ts";
import { openConfiguredDatabase, type CliOutput } from "../cli/cli-database.ts";
import { AppError } from "../errors.ts";
import { setRole } from "./set-role.ts";

export const USER_ROLE_USAGE = [
  `Usage: npm run user:role -- <email> <role>    (roles: ${roles.join(", ")})`,
  "Gives the account with this email a role. Uses DATABASE_URL (PostgreSQL) when it is set,",
  "else the PGlite database in DATA_DIR (default ./data): stop the server first, since only one",
  "process may open a PGlite data folder.",
].join("\n");

export type { CliOutput };

/**
 * `npm run user:role -- <email> <role>`: the testable body of scripts/user-role.ts.
 * Returns the exit code; every outcome is one clear line on `output`.
 */
export async function runUserRole(args: string[], env: Record<string, string | undefined>, output: CliOutput): Promise<number> {
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

  const opened = await openConfiguredDatabase(env, output, { purpose: "sign up first" });
  if (typeof opened === "number") return opened;
  const { connection, where } = opened;
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
