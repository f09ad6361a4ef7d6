/**
 * A whole new pack made the one in use without holding the database for long (issue 44): its entries
 * are written into tables of their own beside the live ones (`like … including all`: the same
 * columns, generated names and indexes), a statement of a few hundred rows at a time, with the search
 * vocabulary built from them; then one short transaction swaps the staged tables in by renaming them
 * (their indexes take the live names) and drops the old ones. Readers see the old pack or the new
 * one; an embedded database, which has one connection, keeps serving pages between the statements.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client.ts";
import { refreshNameWords } from "./name-match.ts";
import { yieldToRequests } from "./pack-checksum.ts";

/** The live tables a staged pack replaces whole. */
const LIVE = ["content_entries", "content_words"] as const;
const STAGE_BATCH = 200;
const ABANDONED_AFTER_MS = 3_600_000;

export interface StagedRow {
  kind: string;
  id: string;
  position: number;
  data: unknown;
  nameVi: string;
  nameEn: string;
}

export interface Stage {
  suffix: string;
  /** Live table → its staged copy. */
  tables: Record<(typeof LIVE)[number], string>;
  /** Drops the staged tables (a flip that did not happen). */
  discard(): Promise<void>;
}

/** Writes the pack's entries, and the words of their names, into staged copies of the live tables. */
export async function stageEntries(db: Database, rows: readonly StagedRow[], now = Date.now()): Promise<Stage> {
  await dropAbandonedStages(db, now);
  // When it was staged (seconds, base 36) and a random part: a stage an hour old was abandoned.
  const suffix = `${Math.floor(now / 1000).toString(36)}_${randomBytes(4).toString("hex")}`;
  const tables = { content_entries: `content_entries_stage_${suffix}`, content_words: `content_words_stage_${suffix}` };
  const discard = async () => {
    for (const table of Object.values(tables)) await db.execute(sql`drop table if exists ${sql.identifier(table)}`);
  };
  try {
    for (const live of LIVE)
      await db.execute(sql`create table ${sql.identifier(tables[live])} (like ${sql.identifier(live)} including all)`);
    for (let start = 0; start < rows.length; start += STAGE_BATCH) {
      const batch = rows.slice(start, start + STAGE_BATCH);
      await db.execute(sql`insert into ${sql.identifier(tables.content_entries)} (kind, id, position, data, name_vi, name_en)
        values ${sql.join(
          batch.map(
            (row) => sql`(${row.kind}, ${row.id}, ${row.position}, ${JSON.stringify(row.data)}::jsonb, ${row.nameVi}, ${row.nameEn})`,
          ),
          sql`, `,
        )}`);
      await yieldToRequests();
    }
    await refreshNameWords(db, { entries: tables.content_entries, words: tables.content_words });
  } catch (error) {
    await discard();
    throw error;
  }
  return { suffix, tables, discard };
}

/** Stages an hour old or more were left by a process that stopped while staging: dropped. */
async function dropAbandonedStages(db: Database, now: number): Promise<void> {
  const stages = await queryRows<{ tablename: string }>(
    db,
    sql`select tablename from pg_tables where schemaname = current_schema() and tablename ~ '^content_(entries|words)_stage_'`,
  );
  for (const { tablename } of stages) {
    const staged = /_stage_([0-9a-z]+)_[0-9a-f]+$/.exec(tablename);
    const at = staged ? Number.parseInt(staged[1] ?? "", 36) * 1000 : 0;
    if (now - at >= ABANDONED_AFTER_MS) await db.execute(sql`drop table if exists ${sql.identifier(tablename)}`);
  }
}

/** An index's definition without its name or table: what tells a live index and its staged copy apart from the others. */
const shapeOf = (definition: string) => definition.replace(/INDEX \S+ ON \S+/, "INDEX ON");

/** Swaps the staged tables in (in the caller's transaction): the live names, the live index names, the old tables dropped. */
export async function swapInStage(tx: Pick<Database, "execute">, stage: Stage): Promise<void> {
  const db = tx as Database;
  for (const live of LIVE) {
    const staged = stage.tables[live];
    const indexesOf = (table: string) =>
      queryRows<{ indexname: string; indexdef: string }>(
        db,
        sql`select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = ${table}`,
      );
    const [liveIndexes, stagedIndexes] = [await indexesOf(live), await indexesOf(staged)];
    const retired = `${live}_retired_${stage.suffix}`;
    for (const index of liveIndexes)
      await tx.execute(
        sql`alter index ${sql.identifier(index.indexname)} rename to ${sql.identifier(`${index.indexname.slice(0, 40)}_r_${stage.suffix}`)}`,
      );
    await tx.execute(sql`alter table ${sql.identifier(live)} rename to ${sql.identifier(retired)}`);
    await tx.execute(sql`alter table ${sql.identifier(staged)} rename to ${sql.identifier(live)}`);
    for (const index of liveIndexes) {
      const copy = stagedIndexes.find((each) => shapeOf(each.indexdef) === shapeOf(index.indexdef));
      if (!copy) throw new Error(`the staged ${live} has no copy of ${index.indexname}`);
      await tx.execute(sql`alter index ${sql.identifier(copy.indexname)} rename to ${sql.identifier(index.indexname)}`);
    }
    await tx.execute(sql`drop table ${sql.identifier(retired)}`);
  }
}
