import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseConnection } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { authUsers, users } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import { runUserRole, USER_ROLE_USAGE } from "./user-role-cli.ts";

function recorder() {
  const lines = { log: [] as string[], error: [] as string[] };
  return { lines, output: { log: (line: string) => lines.log.push(line), error: (line: string) => lines.error.push(line) } };
}

async function run(args: string[], env: Record<string, string>) {
  const { lines, output } = recorder();
  const code = await runUserRole(args, env, output);
  return { code, ...lines };
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

/** A database the CLI can find through its environment, like `npm run user:role` would. */
async function createTarget(engine: "pglite" | "postgres"): Promise<{
  env: Record<string, string>;
  dataDir: string | undefined;
  open: () => Promise<DatabaseConnection>;
  dispose: () => Promise<void>;
}> {
  if (engine === "pglite") {
    const dataDir = await mkdtemp(join(tmpdir(), "minithings-user-role-"));
    return {
      env: { DATA_DIR: dataDir },
      dataDir,
      open: () => openDatabase({ dataDir }),
      dispose: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `mt_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL ?? "");
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.href },
    dataDir: undefined,
    open: () => openDatabase({ url: url.href }),
    dispose: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function withDatabase<T>(open: () => Promise<DatabaseConnection>, fn: (connection: DatabaseConnection) => Promise<T>): Promise<T> {
  const connection = await open();
  try {
    return await fn(connection);
  } finally {
    await connection.close();
  }
}

async function rolesOf(connection: DatabaseConnection, uid: string) {
  const [auth] = await connection.db.select({ role: authUsers.role }).from(authUsers).where(eq(authUsers.id, uid));
  const [profile] = await connection.db.select({ role: users.role }).from(users).where(eq(users.uid, uid));
  return { auth: auth?.role, profile: profile?.role };
}

describe("user:role arguments", () => {
  it.each([[[]], [["an@example.vn"]], [["an@example.vn", "admin", "extra"]], [["", "admin"]]])(
    "prints the usage and fails for %j",
    async (args) => {
      const result = await run(args, {});
      expect(result.code).toBe(1);
      expect(result.error).toEqual([USER_ROLE_USAGE]);
      expect(USER_ROLE_USAGE).toMatch(/^Usage: npm run user:role -- <email> <role>/);
      expect(USER_ROLE_USAGE).toMatch(/stop the server first/);
    },
  );

  it("prints the usage on --help and succeeds", async () => {
    const result = await run(["--help"], {});
    expect(result).toMatchObject({ code: 0, log: [USER_ROLE_USAGE], error: [] });
  });

  it("refuses an unknown role and lists the roles, before touching any database", async () => {
    const result = await run(["an@example.vn", "superuser"], { DATA_DIR: "/nonexistent/minithings" });
    expect(result.code).toBe(1);
    expect(result.error).toEqual(['Unknown role "superuser". Roles: user, moderator, admin.']);
  });

  it("refuses an invalid configuration with the config error", async () => {
    const result = await run(["an@example.vn", "admin"], { DATABASE_URL: "mysql://nope" });
    expect(result.code).toBe(1);
    expect(result.error[0]).toMatch(/Invalid configuration:[\s\S]*DATABASE_URL/);
  });

  it("refuses a PGlite data folder that holds no database yet, without creating one", async () => {
    const dataDir = join(tmpdir(), `minithings-missing-${randomBytes(4).toString("hex")}`);
    const result = await run(["an@example.vn", "admin"], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.error[0]).toContain(`No database in ${dataDir}`);
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe.each(testEngines)("user:role on %s", (engine) => {
  let target: Awaited<ReturnType<typeof createTarget>>;

  beforeAll(async () => {
    target = await createTarget(engine);
    await withDatabase(target.open, async (connection) => {
      await migrateDatabase(connection);
      await connection.db.insert(authUsers).values([
        { id: "uid-an", name: "An Nguyen", email: "an@example.vn" },
        { id: "uid-binh", name: "Binh", email: "binh@example.vn" },
      ]);
      // An has a profile (whose display name wins); Binh never synced one.
      await connection.db.insert(users).values({ uid: "uid-an", email: "an@example.vn", displayName: "An", createdAt: Date.now() });
    });
  });
  afterAll(async () => {
    await target?.dispose();
  });

  it("makes an account admin in the profile and in the identity record", async () => {
    const result = await run(["An@Example.vn", "admin"], target.env);
    expect(result).toMatchObject({ code: 0, log: ["An (an@example.vn) is now admin"], error: [] });
    expect(await withDatabase(target.open, (connection) => rolesOf(connection, "uid-an"))).toEqual({ auth: "admin", profile: "admin" });
  });

  it("says so when the account already has the role, and can take a role back", async () => {
    expect((await run(["an@example.vn", "admin"], target.env)).log).toEqual(["An (an@example.vn) is already admin"]);
    expect((await run(["an@example.vn", "user"], target.env)).log).toEqual(["An (an@example.vn) is now user"]);
    expect(await withDatabase(target.open, (connection) => rolesOf(connection, "uid-an"))).toEqual({ auth: "user", profile: "user" });
  });

  it("creates the missing profile of an account that never synced one", async () => {
    const result = await run(["binh@example.vn", "moderator"], target.env);
    expect(result).toMatchObject({ code: 0, log: ["Binh (binh@example.vn) is now moderator"] });
    expect(await withDatabase(target.open, (connection) => rolesOf(connection, "uid-binh"))).toEqual({
      auth: "moderator",
      profile: "moderator",
    });
  });

  it("fails clearly when no account has the email", async () => {
    const result = await run(["ghost@example.vn", "admin"], target.env);
    expect(result.code).toBe(1);
    expect(result.log).toEqual([]);
    expect(result.error[0]).toMatch(/^No account with the email ghost@example\.vn in the (PGlite|PostgreSQL) database/);
  });

  it.runIf(engine === "pglite")("refuses a data folder another process has open, and works once it is closed", async () => {
    const dataDir = target.dataDir ?? "";
    const client = resolve("db/client.ts");
    // The server's way in: openDatabase takes the folder's lock file for as long as it is open.
    const holder: ChildProcess = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const { openDatabase } = await import(${JSON.stringify(client)});
         const connection = await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
         await connection.ping();
         process.stdout.write("ready\\n");
         process.stdin.resume();
         process.stdin.on("end", async () => { await connection.close(); process.exit(0); });`,
      ],
      { stdio: ["pipe", "pipe", "inherit"] },
    );
    const exited = new Promise((done) => holder.once("exit", done));
    try {
      await new Promise<void>((ready, fail) => {
        holder.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && ready());
        holder.once("exit", (code) => fail(new Error(`the holder exited early (${code})`)));
      });
      const refused = await run(["an@example.vn", "admin"], target.env);
      expect(refused.code).toBe(1);
      expect(refused.error[0]).toContain(`The data folder ${dataDir} is open in process ${holder.pid}`);
      expect(refused.error[0]).toContain("Stop the server");
    } finally {
      holder.stdin?.end();
      await exited;
    }
    expect((await run(["an@example.vn", "admin"], target.env)).code).toBe(0);
  });

  const node24 = resolve("node_modules/.bin/node");
  it.runIf(existsSync(node24))("runs as `node scripts/user-role.ts` with the environment's database", () => {
    const result = spawnSync(node24, ["scripts/user-role.ts", "binh@example.vn", "admin"], {
      env: { PATH: process.env.PATH, ...target.env },
      encoding: "utf8",
    });
    expect(result.stdout.trim()).toBe("Binh (binh@example.vn) is now admin");
    expect(result.status).toBe(0);
  });
});
