/**
 * `npm run db:backup -- <file>`, `npm run db:restore -- <file>` and `npm run db:move -- <postgres-url>`:
 * the testable bodies of scripts/db-*.ts. Each works on the database the settings name (PostgreSQL
 * by DATABASE_URL, else the embedded database in DATA_DIR), prints one clear line per step, and
 * returns the exit code. A backup is gzipped JSON lines, the same on both engines (a backup of the
 * embedded database restores into PostgreSQL and back).
 */
import { createReadStream, createWriteStream, existsSync, readFileSync, renameSync } from "node:fs";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { once } from "node:events";
import { createGunzip, createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import { DataDirInUseError, openDatabase, queryRows, type Database, type DatabaseConnection } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { SECRET_FILE } from "../auth/auth-secret.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { openConfiguredDatabase, type CliOutput } from "./cli-database.ts";
import {
  appTables,
  beginRestore,
  checksumOf,
  checksumText,
  endRestore,
  readTable,
  resetSequences,
  rowWriter,
  summarize,
  type TableSummary,
} from "./database-copy.ts";

const FORMAT = "minithings-backup";
const VERSION = 1;

export const DB_BACKUP_USAGE = [
  "Usage: npm run db:backup -- <file>",
  "Writes everything in the database (DATABASE_URL, else the embedded database in DATA_DIR: stop the",
  "server first) to <file> as gzipped JSON lines, with each table's row count and checksum.",
].join("\n");
export const DB_RESTORE_USAGE = [
  "Usage: npm run db:restore -- <file>",
  "Loads a backup into a new database (DATABASE_URL naming a database with no tables, else an empty",
  "DATA_DIR), made by this version of the app, then checks every table's count and checksum.",
].join("\n");
export const DB_MOVE_USAGE = [
  "Usage: npm run db:move -- <postgres://…>",
  "Copies everything from the embedded database in DATA_DIR (stop the server first) to an empty",
  "PostgreSQL database, checks every table's count and checksum, and prints the AUTH_SECRET the",
  "PostgreSQL deployment must use so that members stay signed in.",
].join("\n");

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The newest migration a database holds (drizzle's journal), which a backup must match to be restored. */
async function migrationLevel(db: Database): Promise<number> {
  const [row] = await queryRows<{ level: string | null }>(db, sql`select max(created_at)::text as level from drizzle.__drizzle_migrations`);
  return Number(row?.level ?? 0);
}

/** Whether the database has no table of its own yet (just created). */
async function hasNoTables(db: Database): Promise<boolean> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p')`,
  );
  return (row?.count ?? 0) === 0;
}

/** Migrates a new database, then loads every table in one transaction: all of it, or nothing. */
async function load(
  target: DatabaseConnection,
  fill: (writerFor: (table: string) => Promise<(rows: string[]) => Promise<void>>, tables: string[], tx: Database) => Promise<void>,
): Promise<void> {
  try {
    await migrateDatabase(target);
    await target.withMaintenanceSession((db) =>
      db.transaction(async (tx) => {
        await beginRestore(tx);
        const tables = await appTables(tx);
        // What the migrations themselves wrote (the two lounges) comes back with the rest.
        await tx.execute(
          sql`truncate ${sql.join(
            tables.map((table) => sql.identifier(table)),
            sql`, `,
          )}`,
        );
        await fill((table) => rowWriter(tx, table), tables, tx);
        await resetSequences(tx);
        await endRestore(tx);
      }),
    );
  } catch (error) {
    // The target had no tables: it is left as it was found, so that the command can be run again.
    for (const statement of [sql`drop schema if exists drizzle cascade`, sql`drop schema public cascade`, sql`create schema public`])
      await target.db.execute(statement).catch(() => undefined);
    throw error;
  }
}

/** Compares each table's count and checksum with what was read from the source. */
async function verify(target: DatabaseConnection, expected: TableSummary[], output: CliOutput): Promise<boolean> {
  let same = true;
  for (const want of expected) {
    const got = await summarize(target, want.table);
    if (got.rows !== want.rows || got.checksum !== want.checksum) {
      output.error(`${want.table}: ${got.rows} rows (checksum ${got.checksum}) where the source has ${want.rows} (${want.checksum})`);
      same = false;
    }
  }
  return same;
}

const totalRows = (tables: TableSummary[]) => tables.reduce((sum, table) => sum + table.rows, 0);

export async function runDbBackup(args: string[], env: Record<string, string | undefined>, output: CliOutput): Promise<number> {
  if (args.length !== 1 || args[0] === "--help" || args[0] === "-h") {
    (args[0] === "--help" || args[0] === "-h" ? output.log : output.error)(DB_BACKUP_USAGE);
    return args.length === 1 ? 0 : 1;
  }
  const file = resolve(args[0] ?? "");
  if (existsSync(file)) {
    output.error(`${file} exists already: name a new file.`);
    return 1;
  }
  const opened = await openConfiguredDatabase(env, output, { purpose: "back it up" });
  if (typeof opened === "number") return opened;
  const { connection, where } = opened;
  const partial = `${file}.partial`;
  try {
    const gzip = createGzip();
    const sink = createWriteStream(partial, { mode: 0o600 });
    gzip.pipe(sink);
    const write = async (line: string) => {
      if (!gzip.write(`${line}\n`)) await once(gzip, "drain");
    };
    await write(
      JSON.stringify({
        format: FORMAT,
        version: VERSION,
        createdAt: new Date().toISOString(),
        engine: connection.kind,
        migration: await migrationLevel(connection.db),
      }),
    );
    const tables: TableSummary[] = [];
    for (const table of await appTables(connection.db)) {
      await write(`#${JSON.stringify({ table })}`);
      let rows = 0;
      let sum = 0n;
      await readTable(connection, table, async (page) => {
        rows += page.length;
        sum = checksumOf(page, sum);
        for (const row of page) await write(row);
      });
      const summary = { table, rows, checksum: checksumText(sum) };
      tables.push(summary);
      await write(`#${JSON.stringify({ end: table, rows, checksum: summary.checksum })}`);
    }
    gzip.end();
    await once(sink, "close");
    renameSync(partial, file);
    output.log(`Backed up ${tables.length} tables (${totalRows(tables)} rows) from ${where} to ${file}`);
    return 0;
  } catch (error) {
    output.error(`Could not back up ${where}: ${message(error)}`);
    return 1;
  } finally {
    await connection.close();
  }
}

interface BackupHeader {
  format: string;
  version: number;
  migration: number;
}

/** The backup's lines, a table at a time: its rows go to `onRows` in pages, its summary is returned. */
async function readBackup(
  file: string,
  onHeader: (header: BackupHeader) => Promise<void>,
  onRows: (table: string, rows: string[]) => Promise<void>,
): Promise<TableSummary[]> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Number.POSITIVE_INFINITY });
  const tables: TableSummary[] = [];
  let header: BackupHeader | undefined;
  let table: string | undefined;
  let page: string[] = [];
  for await (const line of lines) {
    if (!header) {
      header = JSON.parse(line) as BackupHeader;
      if (header.format !== FORMAT || header.version !== VERSION) throw new Error("this file is not a backup made by db:backup");
      await onHeader(header);
    } else if (line.startsWith("#")) {
      const marker = JSON.parse(line.slice(1)) as { table?: string; end?: string; rows?: number; checksum?: string };
      if (marker.table) table = marker.table;
      else if (marker.end && marker.end === table) {
        if (page.length > 0) await onRows(table, page);
        page = [];
        tables.push({ table, rows: marker.rows ?? -1, checksum: marker.checksum ?? "" });
        table = undefined;
      } else throw new Error(`the backup is damaged near the table ${marker.end ?? marker.table ?? "?"}`);
    } else if (table && line.startsWith("{")) {
      page.push(line);
      if (page.length >= 500) {
        await onRows(table, page);
        page = [];
      }
    } else if (line.trim()) throw new Error("the backup is damaged: a row outside any table");
  }
  if (!header) throw new Error("the file is empty");
  if (table) throw new Error(`the backup ends inside the table ${table}: it is incomplete`);
  return tables;
}

export async function runDbRestore(args: string[], env: Record<string, string | undefined>, output: CliOutput): Promise<number> {
  if (args.length !== 1 || args[0] === "--help" || args[0] === "-h") {
    (args[0] === "--help" || args[0] === "-h" ? output.log : output.error)(DB_RESTORE_USAGE);
    return args.length === 1 ? 0 : 1;
  }
  const file = resolve(args[0] ?? "");
  if (!existsSync(file)) {
    output.error(`No file ${file}.`);
    return 1;
  }
  const opened = await openConfiguredDatabase(env, output, { purpose: "restore", create: true });
  if (typeof opened === "number") return opened;
  const { connection, where } = opened;
  try {
    if (!(await hasNoTables(connection.db))) {
      output.error(`${where} is not empty: restore into a new database (createdb, or a new DATA_DIR), so that nothing in it is lost.`);
      return 1;
    }
    let expected: TableSummary[] = [];
    await load(connection, async (writerFor, tables, tx) => {
      const writers = new Map<string, (rows: string[]) => Promise<void>>();
      const known = new Set(tables);
      expected = await readBackup(
        file,
        async (header) => {
          const level = await migrationLevel(tx);
          if (header.migration !== level)
            throw new Error(
              `the backup was made by a ${header.migration > level ? "newer" : "older"} version of the app (its database is at migration ${header.migration}, this version's at ${level}): restore it with that version, then upgrade`,
            );
        },
        async (table, rows) => {
          if (!known.has(table)) throw new Error(`the backup has a table this version does not know: ${table}`);
          let write = writers.get(table);
          if (!write) writers.set(table, (write = await writerFor(table)));
          await write(rows);
        },
      );
    });
    if (!(await verify(connection, expected, output))) {
      output.error(`The restored database differs from the backup (above).`);
      return 1;
    }
    output.log(
      `Restored ${expected.length} tables (${totalRows(expected)} rows) into ${where}; every count and checksum matches the backup.`,
    );
    return 0;
  } catch (error) {
    output.error(`Could not restore ${file}: ${message(error)}`);
    return 1;
  } finally {
    await connection.close();
  }
}

export async function runDbMove(args: string[], env: Record<string, string | undefined>, output: CliOutput): Promise<number> {
  if (args.length !== 1 || args[0] === "--help" || args[0] === "-h") {
    (args[0] === "--help" || args[0] === "-h" ? output.log : output.error)(DB_MOVE_USAGE);
    return args.length === 1 ? 0 : 1;
  }
  const targetUrl = args[0] ?? "";
  if (!/^postgres(ql)?:\/\//.test(targetUrl)) {
    output.error(`Name the PostgreSQL database to move to: postgres://user:password@host:5432/name\n\n${DB_MOVE_USAGE}`);
    return 1;
  }
  let config;
  try {
    config = loadConfig({ ...env, DATABASE_URL: "" }, { forServer: false });
  } catch (error) {
    if (error instanceof ConfigError) {
      output.error(error.message);
      return 1;
    }
    throw error;
  }
  const dataDir = resolve(config.DATA_DIR);
  if (!existsSync(join(dataDir, "PG_VERSION"))) {
    output.error(`No embedded database in ${dataDir} to move (set DATA_DIR).`);
    return 1;
  }
  let source: DatabaseConnection;
  try {
    source = await openDatabase({ dataDir });
  } catch (error) {
    output.error(
      error instanceof DataDirInUseError
        ? `The data folder ${dataDir} is open in process ${error.pid}, probably the running server. Stop it, then move: what it writes meanwhile would be lost.`
        : `Could not open ${dataDir}: ${message(error)}`,
    );
    return 1;
  }
  let target: DatabaseConnection | undefined;
  const shown = targetUrl.replace(/\/\/[^@/]*@/, "//…@");
  try {
    target = await openDatabase({ url: targetUrl });
    if (!(await hasNoTables(target.db))) {
      output.error(`${shown} is not empty: move into a new database (createdb), so that nothing in it is lost.`);
      return 1;
    }
    // The source is brought to this version's migrations first, as the server would at its next start.
    await migrateDatabase(source);
    const expected: TableSummary[] = [];
    await load(target, async (writerFor, tables) => {
      for (const table of tables) {
        const write = await writerFor(table);
        let rows = 0;
        let sum = 0n;
        await readTable(source, table, async (page) => {
          rows += page.length;
          sum = checksumOf(page, sum);
          await write(page);
        });
        expected.push({ table, rows, checksum: checksumText(sum) });
      }
    });
    if (!(await verify(target, expected, output))) {
      output.error("The PostgreSQL database differs from the embedded one (above): do not switch to it.");
      return 1;
    }
    const secret =
      config.AUTH_SECRET ?? (existsSync(join(dataDir, SECRET_FILE)) ? readFileSync(join(dataDir, SECRET_FILE), "utf8").trim() : "");
    output.log(
      `Moved ${expected.length} tables (${totalRows(expected)} rows) from ${dataDir} to ${shown}; every count and checksum matches.`,
    );
    output.log("Start the app with these settings (keep the secret: with another one, every member is signed out):");
    output.log(`  DATABASE_URL=${targetUrl}`);
    output.log(secret ? `  AUTH_SECRET=${secret}` : "  AUTH_SECRET=<a new secret: no sessions to keep, the embedded database had none>");
    return 0;
  } catch (error) {
    output.error(`Could not move to ${shown}: ${message(error)}`);
    return 1;
  } finally {
    await target?.close();
    await source.close();
  }
}
