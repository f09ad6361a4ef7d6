import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type DatabaseConnection } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { ensureContent } from "../content/content-store.ts";
import { call, createTestApp, signUpMember, silentLogger, type TestApp } from "../testing.ts";
import { appTables, inSnapshot, summarize, type TableSummary } from "./database-copy.ts";
import { runDbBackup, runDbMove, runDbRestore } from "./db-cli.ts";

/** The secret createTestApp signs sessions with. */
const TEST_SECRET = "test-secret-test-secret-test-secret-0123";

function recorder() {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, output: { log: (line: string) => lines.push(line), error: (line: string) => errors.push(line) } };
}

const folder = () => mkdtempSync(join(tmpdir(), "db-cli-"));

async function summaries(connection: DatabaseConnection): Promise<TableSummary[]> {
  return inSnapshot(connection, async (db) => {
    const all: TableSummary[] = [];
    for (const table of await appTables(db)) all.push(await summarize(db, table));
    return all;
  });
}

async function withDataDir<T>(dataDir: string, work: (connection: DatabaseConnection) => Promise<T>): Promise<T> {
  const connection = await openDatabase({ dataDir });
  try {
    return await work(connection);
  } finally {
    await connection.close();
  }
}

/** An embedded database in a folder, with the demo pack, a member and a message in a lounge. */
async function embeddedWithData(): Promise<string> {
  const dataDir = folder();
  await withDataDir(dataDir, async (connection) => {
    await migrateDatabase(connection);
    await connection.withMaintenanceSession((db) => ensureContent(db, silentLogger));
    await connection.db.execute(sql`insert into auth_users (id, name, email) values ('u1', 'Lan', 'lan@example.vn')`);
    await connection.db.execute(
      sql`insert into chat_messages (room_id, author_uid, client_id, text, created_at) values ('global-vi', 'u1', 'c1', 'Chào cả nhà', 1)`,
    );
  });
  writeFileSync(join(dataDir, "auth-secret"), "s".repeat(48) + "\n", { mode: 0o600 });
  return dataDir;
}

describe("db:backup and db:restore on the embedded database", { timeout: 180_000 }, () => {
  let source = "";
  let backup = "";

  beforeAll(async () => {
    source = await embeddedWithData();
    backup = join(folder(), "site.backup.gz");
  });

  it("round-trips every table: counts and checksums equal, the message's sequence goes on", async () => {
    const made = recorder();
    expect(await runDbBackup([backup], { DATA_DIR: source }, made.output)).toBe(0);
    expect(made.errors).toEqual([]);
    expect(made.lines[0]).toMatch(/^Backed up \d+ tables \(\d+ rows\) from the PGlite database in .* to .*site\.backup\.gz$/);

    const restoredDir = join(folder(), "restored");
    const restored = recorder();
    expect(await runDbRestore([backup], { DATA_DIR: restoredDir }, restored.output)).toBe(0);
    expect(restored.errors).toEqual([]);
    expect(restored.lines[0]).toMatch(/every count and checksum matches the backup/);

    const before = await withDataDir(source, summaries);
    const after = await withDataDir(restoredDir, summaries);
    expect(after).toEqual(before);
    expect(before.find((table) => table.table === "content_entries")?.rows).toBeGreaterThan(100);
    await withDataDir(restoredDir, async (connection) => {
      const [next] = await queryRows<{ id: number }>(
        connection.db,
        sql`insert into chat_messages (room_id, author_uid, client_id, text, created_at) values ('global-vi', 'u1', 'c2', 'Lại là tôi', 2) returning id`,
      );
      const [copied] = await queryRows<{ id: number }>(connection.db, sql`select min(id) as id from chat_messages`);
      expect(Number(next?.id)).toBeGreaterThan(Number(copied?.id));
    });
  });

  it("refuses to overwrite a file, to restore into a database that has tables, or a file that is not a backup", async () => {
    const again = recorder();
    expect(await runDbBackup([backup], { DATA_DIR: source }, again.output)).toBe(1);
    expect(again.errors[0]).toMatch(/exists already/);

    const notEmpty = recorder();
    expect(await runDbRestore([backup], { DATA_DIR: source }, notEmpty.output)).toBe(1);
    expect(notEmpty.errors[0]).toMatch(/is not empty: restore into a new database/);

    const junk = join(folder(), "junk.gz");
    writeFileSync(junk, "not gzip at all");
    const wrong = recorder();
    const target = join(folder(), "target");
    expect(await runDbRestore([junk], { DATA_DIR: target }, wrong.output)).toBe(1);
    expect(wrong.errors[0]).toMatch(/^Could not restore/);
    // Nothing half-written: the same folder takes a good backup afterwards.
    const good = recorder();
    expect(await runDbRestore([backup], { DATA_DIR: target }, good.output)).toBe(0);
  });

  it("answers --help with the usage, and a wrong call with the usage as an error", async () => {
    for (const run of [runDbBackup, runDbRestore, runDbMove]) {
      const help = recorder();
      expect(await run(["--help"], {}, help.output)).toBe(0);
      expect(help.lines[0]).toMatch(/^Usage: npm run db:/);
      for (const args of [[], ["a", "b"]]) {
        const wrong = recorder();
        expect(await run(args, {}, wrong.output)).toBe(1);
        expect(wrong.errors[0]).toMatch(/^Usage: npm run db:/);
      }
    }
    const notAUrl = recorder();
    expect(await runDbMove(["mysql://somewhere/db"], { DATA_DIR: source }, notAUrl.output)).toBe(1);
    expect(notAUrl.errors[0]).toMatch(/^Name the PostgreSQL database to move to/);
    const missing = recorder();
    expect(await runDbRestore([join(folder(), "none.gz")], { DATA_DIR: folder() }, missing.output)).toBe(1);
    expect(missing.errors[0]).toMatch(/^No file /);
  });

  it("db:move refuses a data folder a running server holds", async () => {
    // Another live process holds the folder's lock, as the server does while it runs.
    const server = spawn("sleep", ["60"]);
    writeFileSync(join(source, "minithings.lock"), String(server.pid));
    try {
      const moved = recorder();
      expect(await runDbMove(["postgres://nobody@127.0.0.1:1/none"], { DATA_DIR: source }, moved.output)).toBe(1);
      expect(moved.errors[0]).toMatch(new RegExp(`is open in process ${server.pid}, probably the running server`));
    } finally {
      server.kill();
      rmSync(join(source, "minithings.lock"), { force: true });
    }
  });
});

/**
 * Across engines, from a real app's data (accounts, sessions, a post, chat, a photo as bytea, audit
 * rows, counters kept by triggers): PostgreSQL → backup → embedded → backup → PostgreSQL, and the
 * embedded database moved to an empty PostgreSQL one, where a member's session still holds.
 */
describe.runIf(process.env.TEST_DATABASE_URL)(
  "backups and moves between the embedded database and PostgreSQL",
  { timeout: 300_000 },
  () => {
    let t: TestApp;
    let member: { cookie: string; uid: string };
    const created: string[] = [];

    async function newDatabase(): Promise<string> {
      const name = `mt_move_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      created.push(name);
      const url = new URL(process.env.TEST_DATABASE_URL ?? "");
      url.pathname = `/${name}`;
      return url.href;
    }

    beforeAll(async () => {
      t = await createTestApp("postgres", { SIGN_UP_LIMIT_PER_HOUR: "100" });
      await t.database.connection.withMaintenanceSession((db) => ensureContent(db, silentLogger));
      member = await signUpMember(t, "Người Chuyển");
      expect(
        (await call(t.app, "/api/feed/posts", { cookie: member.cookie, body: { body: "Bài viết trước khi chuyển nhà", lang: "vi" } }))
          .status,
      ).toBe(201);
      expect(
        (
          await call(t.app, "/api/chat/rooms/global-vi/messages", {
            cookie: member.cookie,
            body: { text: "Tin nhắn cũ", clientId: "move-00000000-0000-4000-8000-000000000001" },
          })
        ).status,
      ).toBe(201);
    });
    afterAll(async () => {
      await t?.dispose();
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });

    it("PostgreSQL → embedded → PostgreSQL keeps every table whole, and db:move prints the secret sessions need", async () => {
      const original = await summaries(t.database.connection);
      const fromPostgres = join(folder(), "pg.backup.gz");
      expect(await runDbBackup([fromPostgres], { DATABASE_URL: t.database.url }, recorder().output)).toBe(0);

      const embedded = join(folder(), "embedded");
      const intoEmbedded = recorder();
      expect(await runDbRestore([fromPostgres], { DATA_DIR: embedded }, intoEmbedded.output)).toBe(0);
      expect(intoEmbedded.errors).toEqual([]);
      expect(await withDataDir(embedded, summaries)).toEqual(original);

      const fromEmbedded = join(folder(), "embedded.backup.gz");
      expect(await runDbBackup([fromEmbedded], { DATA_DIR: embedded }, recorder().output)).toBe(0);
      const back = await newDatabase();
      expect(await runDbRestore([fromEmbedded], { DATABASE_URL: back }, recorder().output)).toBe(0);
      const backConnection = await openDatabase({ url: back });
      try {
        expect(await summaries(backConnection)).toEqual(original);
      } finally {
        await backConnection.close();
      }

      // The move: into an empty PostgreSQL database, with the secret the embedded site signed its sessions with.
      writeFileSync(join(embedded, "auth-secret"), `${TEST_SECRET}\n`, { mode: 0o600 });
      const target = await newDatabase();
      const moved = recorder();
      expect(await runDbMove([target], { DATA_DIR: embedded }, moved.output)).toBe(0);
      expect(moved.errors).toEqual([]);
      expect(moved.lines[0]).toMatch(/^Moved \d+ tables \(\d+ rows\) .* every count and checksum matches\.$/);
      expect(moved.lines).toContain(`  AUTH_SECRET=${TEST_SECRET}`);
      expect(moved.lines.join("\n")).not.toMatch(/postgres:\/\/[^@\s]*:[^@\s]*@.*every count/);
      const targetConnection = await openDatabase({ url: target });
      try {
        expect(await summaries(targetConnection)).toEqual(original);
      } finally {
        await targetConnection.close();
      }
      // The app on the new database, with the printed secret: the member is still signed in, their post is there.
      const movedApp = await createTestApp("postgres", { AUTH_SECRET: TEST_SECRET }, { connectVia: async () => target });
      try {
        const profile = await call(movedApp.app, "/api/profile", { cookie: member.cookie });
        expect(profile.status).toBe(200);
        expect((await profile.json()).uid).toBe(member.uid);
        const sent = await call(movedApp.app, "/api/chat/rooms/global-vi/messages", {
          cookie: member.cookie,
          body: { text: "Tin nhắn ở nhà mới", clientId: "move-00000000-0000-4000-8000-000000000002" },
        });
        expect(sent.status).toBe(201);
      } finally {
        await movedApp.dispose();
      }

      // A database with tables is refused, and nothing in it changes.
      const again = recorder();
      expect(await runDbMove([target], { DATA_DIR: embedded }, again.output)).toBe(1);
      expect(again.errors[0]).toMatch(/is not empty: move into a new database/);
      expect(existsSync(embedded)).toBe(true);
    });
  },
);
