/**
 * Everything in a database as rows of JSON, and back: what `db:backup`, `db:restore` and `db:move`
 * share. Each row is `row_to_json` of the table's row, read through a cursor a page at a time, and
 * written back with `json_populate_recordset` (PostgreSQL's own casts: timestamps, bytea, arrays,
 * jsonb and search vectors come back as they were), generated columns left for the target to
 * compute. Triggers and foreign keys are held off while rows go in (`session_replication_role =
 * replica`), so counters kept by triggers are copied, not counted twice, and tables go in any
 * order. Sequences are set past the highest id copied, so realtime event ids go on.
 * A table's checksum does not depend on row order: the sum of each row's hash.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Database, type DatabaseConnection } from "../../db/client.ts";

/** Rows read or written per statement. */
const PAGE = 500;

/** A content stage a publish left behind is not part of the database (staged-flip.ts drops them). */
const LEFTOVER = /^content_(entries|words)_stage_/;

export interface TableSummary {
  table: string;
  rows: number;
  checksum: string;
}

/** The app's tables (schema `public`), by name. */
export async function appTables(db: Database): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  return rows.map((row) => row.name).filter((name) => !LEFTOVER.test(name));
}

/** Whether no table of the app holds a row (a database just created, or just migrated). */
export async function isEmpty(db: Database): Promise<boolean> {
  for (const table of await appTables(db)) {
    const [row] = await queryRows<{ any: boolean }>(db, sql`select exists (select 1 from ${sql.identifier(table)}) as any`);
    if (row?.any) return false;
  }
  return true;
}

/**
 * Runs `read` in one read-only transaction that sees the whole database at one moment (a server
 * writing meanwhile changes nothing it reads), timestamps written in UTC.
 */
export function inSnapshot<T>(connection: DatabaseConnection, read: (db: Database) => Promise<T>): Promise<T> {
  return connection.withMaintenanceSession((db) =>
    db.transaction(
      async (tx) => {
        await tx.execute(sql`set local time zone 'UTC'`);
        return read(tx);
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    ),
  );
}

/** Hands the row texts of `table` to `onPage` a page at a time, read through a cursor in the open transaction `db`. */
export async function readTable(db: Database, table: string, onPage: (rows: string[]) => Promise<void>): Promise<void> {
  await db.execute(sql`declare copy_rows no scroll cursor for select row_to_json(t)::text as row from ${sql.identifier(table)} t`);
  for (;;) {
    const page = (await queryRows<{ row: string }>(db, sql.raw(`fetch ${PAGE} from copy_rows`))).map((each) => each.row);
    if (page.length === 0) break;
    await onPage(page);
  }
  await db.execute(sql`close copy_rows`);
}

/** Adds one row's hash to a table's order-free checksum. */
export function checksumOf(rows: Iterable<string>, start = 0n): bigint {
  let sum = start;
  for (const row of rows) sum = (sum + BigInt(`0x${createHash("sha256").update(row).digest("hex").slice(0, 16)}`)) % 2n ** 64n;
  return sum;
}

export const checksumText = (sum: bigint) => sum.toString(16).padStart(16, "0");

/** Reads a whole table back for its count and checksum, in the open transaction `db`. */
export async function summarize(db: Database, table: string): Promise<TableSummary> {
  let rows = 0;
  let sum = 0n;
  await readTable(db, table, async (page) => {
    rows += page.length;
    sum = checksumOf(page, sum);
  });
  return { table, rows, checksum: checksumText(sum) };
}

/** The columns a row is written with: all but generated ones (the target computes them). */
async function writableColumns(db: Database, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select attname as name from pg_attribute
        where attrelid = ${`public.${table}`}::regclass and attnum > 0 and not attisdropped and attgenerated = ''
        order by attnum`,
  );
  return rows.map((row) => row.name);
}

/**
 * A writer of rows into the target, one statement a page, inside `db` (a transaction on a
 * maintenance session where `beginRestore` ran).
 */
export async function rowWriter(db: Database, table: string): Promise<(rows: string[]) => Promise<void>> {
  const columns = (await writableColumns(db, table)).map((column) => sql.identifier(column));
  const identity = await queryRows<{ any: boolean }>(
    db,
    sql`select exists (select 1 from pg_attribute where attrelid = ${`public.${table}`}::regclass and attidentity = 'a') as any`,
  );
  const overriding = identity[0]?.any ? sql.raw("overriding system value") : sql.raw("");
  const list = sql.join(columns, sql`, `);
  return async (rows) => {
    for (let start = 0; start < rows.length; start += PAGE) {
      const json = `[${rows.slice(start, start + PAGE).join(",")}]`;
      await db.execute(
        sql`insert into ${sql.identifier(table)} (${list}) ${overriding}
            select ${list} from json_populate_recordset(null::${sql.identifier(table)}, ${json}::json)`,
      );
    }
  };
}

/** Holds triggers and foreign keys off for this session's writes (as pg_restore --disable-triggers does). */
export async function beginRestore(db: Database): Promise<void> {
  try {
    await db.execute(sql`set session_replication_role = replica`);
  } catch (error) {
    throw new Error(
      "The target refused `session_replication_role = replica`: restore as a role that may set it (the database's owner as a superuser, as Compose's postgres user is).",
      { cause: error },
    );
  }
  await db.execute(sql`set time zone 'UTC'`);
}

export async function endRestore(db: Database): Promise<void> {
  await db.execute(sql`set session_replication_role = origin`);
}

/** Each sequence of the app's tables: the table and column it numbers, and the value it would give next. */
export async function sequences(db: Database): Promise<{ table: string; column: string; sequence: string; next: number }[]> {
  const owned = await queryRows<{ table: string; column: string; sequence: string }>(
    db,
    sql`select t.relname as "table", a.attname as "column", s.relname as "sequence"
        from pg_class s
        join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
        join pg_class t on t.oid = d.refobjid
        join pg_namespace n on n.oid = t.relnamespace
        join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
        where s.relkind = 'S' and n.nspname = 'public'
        order by s.relname`,
  );
  const all = [];
  for (const each of owned) {
    const [state] = await queryRows<{ last_value: string; is_called: boolean }>(
      db,
      sql`select last_value::text, is_called from ${sql.identifier(each.sequence)}`,
    );
    all.push({ ...each, next: Number(state?.last_value ?? 1) + (state?.is_called ? 1 : 0) });
  }
  return all;
}

/**
 * Sets every sequence of the app's tables to give next the greater of what the source's would
 * have given (`sourceNext`, by sequence name) and the highest value its column holds plus one:
 * ids are never given twice, nor one the source had given to a row since deleted.
 */
export async function resetSequences(db: Database, sourceNext: Record<string, number> = {}): Promise<void> {
  for (const { table, column, sequence } of await sequences(db)) {
    const floor = sourceNext[sequence] ?? 1;
    await db.execute(
      sql`select setval(${sequence}::regclass, greatest(coalesce((select max(${sql.identifier(column)}) from ${sql.identifier(table)}), 0) + 1, ${floor}), false)`,
    );
  }
}
