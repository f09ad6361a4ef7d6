/**
 * `npm run db:backup -- <file>`, `npm run db:restore -- <file>` and `npm run db:move -- <postgres-url>`:
 * the testable bodies of scripts/db-*.ts. Each works on the database the settings name (PostgreSQL
 * by DATABASE_URL, else the embedded database in DATA_DIR), prints one clear line per step, and
 * returns the exit code. A backup is gzipped JSON lines, the same on both engines (a backup of the
 * embedded database restores into PostgreSQL and back).
 */
import { createReadStream, createWriteStream, existsSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { once } from "node:events";
import { pipeline } from "node:stream/promises";
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
  inSnapshot,
  readTable,
  resetSequences,
  rowWriter,
  sequences,
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

/** `--help` prints the usage (exit 0); anything but one argument prints it as an error (exit 1); else nothing. */
function usage(args: string[], output: CliOutput, text: string): number | undefined {
  if (args[0] === "--help" || args[0] === "-h") {
    output.log(text);
    return 0;
  }
  if (args.length !== 1) {
    output.error(text);
    return 1;
  }
  return undefined;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The newest migration a database holds (drizzle's journal), which a backup must match to be restored. */
async function migrationLevel(db: Database): Promise<number> {
  const [row] = await queryRows<{ level: string | null }>(db, sql`select max(created_at)::text as level from drizzle.__drizzle_migrations`);
  return Number(row?.level ?? 0);
}

/** Objects of ours in `public` (all but what an extension installed), and whether drizzle's journal is there. */
const OWN_OBJECTS = sql`
  select (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e'))
       + (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e'))
       + (select count(*) from pg_type t join pg_namespace n on n.oid = t.typnamespace
          where n.nspname = 'public' and t.typtype in ('e', 'd')
            and not exists (select 1 from pg_depend d where d.objid = t.oid and d.deptype = 'e'))
       + (select count(*) from pg_namespace where nspname = 'drizzle') as count`;

/** Whether the database is new: no table, view, sequence, function or type in it but an extension's. */
async function isNewDatabase(db: Database): Promise<boolean> {
  const [row] = await queryRows<{ count: string | number }>(db, OWN_OBJECTS);
  return Number(row?.count ?? 0) === 0;
}

/**
 * Takes out what a failed load created in a database that was new (the migrations' tables,
 * functions and types, drizzle's journal), leaving extensions and everything else as they were, so
 * that the command can be run again.
 */
async function undoLoad(db: Database): Promise<void> {
  const own = (kinds: string) =>
    queryRows<{ name: string }>(
      db,
      sql.raw(`select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
               where n.nspname = 'public' and c.relkind in (${kinds})
                 and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')`),
    );
  for (const { name } of await own("'v', 'm'")) await db.execute(sql.raw(`drop view if exists ${name} cascade`)).catch(() => undefined);
  for (const { name } of await own("'r', 'p'")) await db.execute(sql.raw(`drop table if exists ${name} cascade`)).catch(() => undefined);
  for (const { name } of await own("'S'")) await db.execute(sql.raw(`drop sequence if exists ${name} cascade`)).catch(() => undefined);
  const functions = await queryRows<{ name: string }>(
    db,
    sql`select p.oid::regprocedure::text as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
  );
  for (const { name } of functions) await db.execute(sql.raw(`drop function if exists ${name} cascade`)).catch(() => undefined);
  const types = await queryRows<{ name: string }>(
    db,
    sql`select t.oid::regtype::text as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
        where n.nspname = 'public' and t.typtype in ('e', 'd')
          and not exists (select 1 from pg_depend d where d.objid = t.oid and d.deptype = 'e')`,
  );
  for (const { name } of types) await db.execute(sql.raw(`drop type if exists ${name} cascade`)).catch(() => undefined);
  await db.execute(sql`drop schema if exists drizzle cascade`).catch(() => undefined);
}

/**
 * Migrates a new database, then loads every table in one transaction, and compares each table's
 * count and checksum with `expected()` (known once `fill` has read the source) before it commits:
 * all of it, checked, or nothing.
 */
async function load(
  target: DatabaseConnection,
  fill: (writerFor: (table: string) => Promise<(rows: string[]) => Promise<void>>, tables: string[], tx: Database) => Promise<void>,
  expected: () => { tables: TableSummary[]; sequences: Record<string, number> },
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
        const source = expected();
        await resetSequences(tx, source.sequences);
        await endRestore(tx);
        const differences: string[] = [];
        for (const want of source.tables) {
          const got = await summarize(tx, want.table);
          if (got.rows !== want.rows || got.checksum !== want.checksum)
            differences.push(
              `${want.table}: ${got.rows} rows (checksum ${got.checksum}) where the source has ${want.rows} (${want.checksum})`,
            );
        }
        if (differences.length > 0) throw new Error(`the copy differs from the source, so nothing was kept:\n${differences.join("\n")}`);
      }),
    );
  } catch (error) {
    await target.withMaintenanceSession(undoLoad).catch(() => undefined);
    throw error;
  }
}

const totalRows = (tables: TableSummary[]) => tables.reduce((sum, table) => sum + table.rows, 0);

export async function runDbBackup(args: string[], env: Record<string, string | undefined>, output: CliOutput): Promise<number> {
  const refused = usage(args, output, DB_BACKUP_USAGE);
  if (refused !== undefined) return refused;
  const file = resolve(args[0] ?? "");
  if (existsSync(file)) {
    output.error(`${file} exists already: name a new file.`);
    return 1;
  }
  const opened = await openConfiguredDatabase(env, output, { purpose: "back it up" });
  if (typeof opened === "number") return opened;
  const { connection, where } = opened;
  const partial = `${file}.partial`;
  const gzip = createGzip();
  // A file that cannot be written (no folder, no space) fails the command, and leaves no partial copy.
  const written = pipeline(gzip, createWriteStream(partial, { mode: 0o600 }));
  written.catch(() => undefined);
  try {
    const write = async (line: string) => {
      if (!gzip.write(`${line}\n`)) await Promise.race([once(gzip, "drain"), written]);
    };
    // Everything is read at one moment, even from a server that keeps writing.
    const tables = await inSnapshot(connection, async (db) => {
      await write(
        JSON.stringify({
          format: FORMAT,
          version: VERSION,
          createdAt: new Date().toISOString(),
          engine: connection.kind,
          migration: await migrationLevel(db),
        }),
      );
      const summaries: TableSummary[] = [];
      for (const table of await appTables(db)) {
        await write(`#${JSON.stringify({ table })}`);
        let rows = 0;
        let sum = 0n;
        await readTable(db, table, async (page) => {
          rows += page.length;
          sum = checksumOf(page, sum);
          for (const row of page) await write(row);
        });
        summaries.push({ table, rows, checksum: checksumText(sum) });
        await write(`#${JSON.stringify({ end: table, rows, checksum: checksumText(sum) })}`);
      }
      const next = Object.fromEntries((await sequences(db)).map((each) => [each.sequence, each.next]));
      await write(`#${JSON.stringify({ sequences: next })}`);
      return summaries;
    });
    gzip.end();
    await written;
    renameSync(partial, file);
    output.log(`Backed up ${tables.length} tables (${totalRows(tables)} rows) from ${where} to ${file}`);
    return 0;
  } catch (error) {
    gzip.destroy();
    await written.catch(() => undefined);
    rmSync(partial, { force: true });
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
): Promise<{ tables: TableSummary[]; sequences: Record<string, number> }> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Number.POSITIVE_INFINITY });
  const tables: TableSummary[] = [];
  let next: Record<string, number> = {};
  let header: BackupHeader | undefined;
  let table: string | undefined;
  let page: string[] = [];
  for await (const line of lines) {
    if (!header) {
      header = JSON.parse(line) as BackupHeader;
      if (header.format !== FORMAT || header.version !== VERSION) throw new Error("this file is not a backup made by db:backup");
      await onHeader(header);
    } else if (line.startsWith("#")) {
      const marker = JSON.parse(line.slice(1)) as {
        table?: string;
        end?: string;
        rows?: number;
        checksum?: string;
        sequences?: Record<string, number>;
      };
      if (marker.sequences && !table) next = marker.sequences;
      else if (marker.table) table = marker.table;
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
  return { tables, sequences: next };
}

export async function runDbRestore(args: string[], env: Record<string, string | undefined>, output: CliOutput): Promise<number> {
  const refused = usage(args, output, DB_RESTORE_USAGE);
  if (refused !== undefined) return refused;
  const file = resolve(args[0] ?? "");
  if (!existsSync(file)) {
    output.error(`No file ${file}.`);
    return 1;
  }
  const opened = await openConfiguredDatabase(env, output, { purpose: "restore", create: true });
  if (typeof opened === "number") return opened;
  const { connection, where } = opened;
  try {
    if (!(await isNewDatabase(connection.db))) {
      output.error(`${where} is not empty: restore into a new database (createdb, or a new DATA_DIR), so that nothing in it is lost.`);
      return 1;
    }
    let backup: { tables: TableSummary[]; sequences: Record<string, number> } = { tables: [], sequences: {} };
    await load(
      connection,
      async (writerFor, tables, tx) => {
        const writers = new Map<string, (rows: string[]) => Promise<void>>();
        const known = new Set(tables);
        backup = await readBackup(
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
      },
      () => backup,
    );
    output.log(
      `Restored ${backup.tables.length} tables (${totalRows(backup.tables)} rows) into ${where}; every count and checksum matches the backup.`,
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
  const refused = usage(args, output, DB_MOVE_USAGE);
  if (refused !== undefined) return refused;
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
    if (!(await isNewDatabase(target.db))) {
      output.error(`${shown} is not empty: move into a new database (createdb), so that nothing in it is lost.`);
      return 1;
    }
    // The source is brought to this version's migrations first, as the server would at its next start.
    await migrateDatabase(source);
    const expected: TableSummary[] = [];
    let sourceNext: Record<string, number> = {};
    await load(
      target,
      (writerFor, tables) =>
        inSnapshot(source, async (db) => {
          for (const table of tables) {
            const write = await writerFor(table);
            let rows = 0;
            let sum = 0n;
            await readTable(db, table, async (page) => {
              rows += page.length;
              sum = checksumOf(page, sum);
              await write(page);
            });
            expected.push({ table, rows, checksum: checksumText(sum) });
          }
          sourceNext = Object.fromEntries((await sequences(db)).map((each) => [each.sequence, each.next]));
        }),
      () => ({ tables: expected, sequences: sourceNext }),
    );
    const secret =
      config.AUTH_SECRET ?? (existsSync(join(dataDir, SECRET_FILE)) ? readFileSync(join(dataDir, SECRET_FILE), "utf8").trim() : "");
    output.log(
      `Moved ${expected.length} tables (${totalRows(expected)} rows) from ${dataDir} to ${shown}; every count and checksum matches.`,
    );
    output.log("Start the app with these settings (keep the secret: with another one, every member is signed out):");
    output.log(`  DATABASE_URL=${shown}   (the address given above, with its password)`);
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
