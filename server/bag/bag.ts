/**
 * A member's bag: catalog items with quantity, enhancement and a note, valued at the 90-day median
 * unit price of completed trades (an entry without a price says so: `unitPrice: null`). Only the
 * owner reads or changes an entry: anyone else is told it does not exist.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { likePattern } from "../../db/folding.ts";
import { bagEntries, contentEntries } from "../../db/schema/index.ts";
import { formatBagCsv, readBagCsv, type BagCsvError } from "../../universal/bag/bag-csv.ts";
import {
  BAG_ENHANCEMENT_MAX,
  BAG_ENTRIES_MAX,
  BAG_NOTE_MAX,
  BAG_QUANTITY_MAX,
  type BagEntry,
  type BagItem,
  type BagTotals,
} from "../../universal/bag/bag-limits.ts";
import type { BagQuery, CreateBagEntryInput, ImportBagInput, UpdateBagEntryInput } from "../../universal/bag/bag-schemas.ts";
import type { Item } from "../../universal/content/pack-schema.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError, type DetailValue } from "../errors.ts";
import { medianUnitPrices, VALUE_WINDOW_MS } from "../offers/offer-prices.ts";
import { DEFAULT_QUOTAS, holdQuota } from "../quotas.ts";

type EntryRow = typeof bagEntries.$inferSelect;

const notFound = () => new AppError("not-found", "No such bag entry.");

function itemOf(data: unknown): BagItem {
  const item = data as Item;
  return { name: item.name, icon: item.icon, type: item.type, rarity: item.rarity, level: item.level };
}

async function priced(db: Database, rows: { row: EntryRow; data: unknown }[], now: number): Promise<BagEntry[]> {
  const prices = await medianUnitPrices(
    db,
    rows.map(({ row }) => row.itemId),
    now - VALUE_WINDOW_MS,
  );
  return rows.map(({ row, data }) => {
    const unitPrice = prices.get(row.itemId) ?? null;
    return {
      id: row.id,
      itemId: row.itemId,
      item: itemOf(data),
      quantity: row.quantity,
      enhancement: row.enhancement,
      note: row.note,
      unitPrice,
      value: unitPrice === null ? null : unitPrice * row.quantity,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  });
}

function selectEntries(db: Database, where: SQL | undefined) {
  return db
    .select({ row: bagEntries, data: contentEntries.data })
    .from(bagEntries)
    .innerJoin(contentEntries, and(eq(contentEntries.kind, "items"), eq(contentEntries.id, bagEntries.itemId)))
    .where(where);
}

const collator = new Intl.Collator("vi");

function sortEntries(entries: BagEntry[], sort: BagQuery["sort"], language: "vi" | "en-US"): BagEntry[] {
  const name = (entry: BagEntry) => (language === "vi" ? entry.item.name.vi : entry.item.name.en);
  const byName = (a: BagEntry, b: BagEntry) => collator.compare(name(a), name(b)) || a.enhancement - b.enhancement || a.id - b.id;
  const order: Record<BagQuery["sort"], (a: BagEntry, b: BagEntry) => number> = {
    name: byName,
    quantity: (a, b) => b.quantity - a.quantity || byName(a, b),
    // Unpriced entries last: their value is unknown, not zero.
    value: (a, b) => (b.value ?? -1) - (a.value ?? -1) || byName(a, b),
    enhancement: (a, b) => b.enhancement - a.enhancement || byName(a, b),
    recent: (a, b) => b.updatedAt - a.updatedAt || b.id - a.id,
  };
  return [...entries].sort(order[sort]);
}

export function bagTotals(entries: readonly BagEntry[]): BagTotals {
  let value = 0;
  let priced = 0;
  for (const entry of entries)
    if (entry.value !== null) {
      value += entry.value;
      priced++;
    }
  return { value, priced, unpriced: entries.length - priced };
}

/** The viewer's bag, filtered by item name (folded, either language) and type, sorted, with its totals. */
export async function listBag(
  db: Database,
  viewer: Viewer,
  query: BagQuery,
  language: "vi" | "en-US" = "vi",
  now = Date.now(),
): Promise<{ entries: BagEntry[]; totals: BagTotals }> {
  const filters: SQL[] = [eq(bagEntries.uid, viewer.uid)];
  if (query.q) filters.push(sql`${contentEntries.foldedNames} like '%' || ${likePattern(query.q)} || '%'`);
  if (query.type) filters.push(sql`${contentEntries.data}->>'type' = ${query.type}`);
  const rows = await selectEntries(db, and(...filters)).limit(BAG_ENTRIES_MAX);
  const entries = sortEntries(await priced(db, rows, now), query.sort, language);
  return { entries, totals: bagTotals(entries) };
}

export async function getBagEntry(db: Database, viewer: Viewer, id: number, now = Date.now()): Promise<BagEntry> {
  const rows = await selectEntries(db, and(eq(bagEntries.id, id), eq(bagEntries.uid, viewer.uid)));
  if (rows.length === 0) throw notFound();
  return (await priced(db, rows, now))[0]!;
}

/** How many of each item the viewer's bag holds (every enhancement level together), for the craft calculator. */
export async function ownedQuantities(db: Database, viewer: Viewer, itemIds: readonly string[]): Promise<Map<string, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({ itemId: bagEntries.itemId, quantity: sql<string | number>`sum(${bagEntries.quantity})` })
    .from(bagEntries)
    .where(and(eq(bagEntries.uid, viewer.uid), inArray(bagEntries.itemId, [...new Set(itemIds)])))
    .groupBy(bagEntries.itemId);
  return new Map(rows.map((row) => [row.itemId, Number(row.quantity)]));
}

async function knownItems(db: Database, itemIds: readonly string[]): Promise<Set<string>> {
  if (itemIds.length === 0) return new Set();
  const rows = await db
    .select({ id: contentEntries.id })
    .from(contentEntries)
    .where(and(eq(contentEntries.kind, "items"), inArray(contentEntries.id, [...new Set(itemIds)])));
  return new Set(rows.map((row) => row.id));
}

/** The account's bag entries, counted in `tx` (under the quota's lock). */
async function bagSize(tx: Database, uid: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(bagEntries)
    .where(eq(bagEntries.uid, uid));
  return row?.count ?? 0;
}

/** A new entry of a pack item, up to the account's quota; the same `clientId` again answers the entry it made. */
export async function addBagEntry(
  db: Database,
  viewer: Viewer,
  input: CreateBagEntryInput,
  now = Date.now(),
  limit = DEFAULT_QUOTAS["bag-entries"],
): Promise<BagEntry> {
  if (!(await knownItems(db, [input.itemId])).has(input.itemId))
    throw new AppError("invalid-argument", "itemId: no such item in the catalog.", { field: "itemId", reason: "item" });
  const clientId = input.clientId ?? randomUUID();
  const inserted = await db.transaction(async (tx) => {
    const [again] = await tx
      .select({ id: bagEntries.id })
      .from(bagEntries)
      .where(and(eq(bagEntries.uid, viewer.uid), eq(bagEntries.clientId, clientId)));
    if (again) return again;
    await holdQuota(tx, viewer.uid, "bag-entries", limit, () => bagSize(tx, viewer.uid));
    const [row] = await tx
      .insert(bagEntries)
      .values({
        uid: viewer.uid,
        clientId,
        itemId: input.itemId,
        quantity: input.quantity,
        enhancement: input.enhancement ?? 0,
        note: input.note ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: bagEntries.id });
    return row;
  });
  if (inserted) return getBagEntry(db, viewer, inserted.id, now);
  const [existing] = await db
    .select({ id: bagEntries.id })
    .from(bagEntries)
    .where(and(eq(bagEntries.uid, viewer.uid), eq(bagEntries.clientId, clientId)));
  if (!existing) throw new AppError("conflict", "The entry could not be added. Try again.");
  return getBagEntry(db, viewer, existing.id, now);
}

export async function updateBagEntry(
  db: Database,
  viewer: Viewer,
  id: number,
  input: UpdateBagEntryInput,
  now = Date.now(),
): Promise<BagEntry> {
  const [updated] = await db
    .update(bagEntries)
    .set({ ...input, updatedAt: now })
    .where(and(eq(bagEntries.id, id), eq(bagEntries.uid, viewer.uid)))
    .returning({ id: bagEntries.id });
  if (!updated) throw notFound();
  return getBagEntry(db, viewer, id, now);
}

export async function deleteBagEntry(db: Database, viewer: Viewer, id: number): Promise<void> {
  const [deleted] = await db
    .delete(bagEntries)
    .where(and(eq(bagEntries.id, id), eq(bagEntries.uid, viewer.uid)))
    .returning({ id: bagEntries.id });
  if (!deleted) throw notFound();
}

/** The whole bag as CSV, item names in the viewer's language. */
export async function exportBag(db: Database, viewer: Viewer, language: "vi" | "en-US"): Promise<string> {
  const rows = await selectEntries(db, eq(bagEntries.uid, viewer.uid)).orderBy(bagEntries.id);
  return formatBagCsv(
    rows.map(({ row, data }) => ({
      itemId: row.itemId,
      name: language === "vi" ? (data as Item).name.vi : (data as Item).name.en,
      quantity: row.quantity,
      enhancement: row.enhancement,
      note: row.note,
    })),
  );
}

/** An import refused for its rows: 400 `invalid-argument`, nothing written, every bad row in `error.details.rows`. */
export class BagImportRefused extends AppError {
  readonly rows: BagCsvError[];
  constructor(rows: BagCsvError[]) {
    super("invalid-argument", `csv: ${rows.length} row(s) cannot be imported; nothing was written.`, {
      reason: "csv",
      count: rows.length,
      row: rows[0]?.row ?? null,
      problem: rows[0]?.problem ?? null,
      rows: rows as unknown as DetailValue,
    });
    this.rows = rows;
  }
}

/** Every problem of a CSV import: its shape, then the items the pack does not have. */
async function checkImport(db: Database, csv: string) {
  const read = readBagCsv(csv, {
    maxRows: BAG_ENTRIES_MAX,
    maxQuantity: BAG_QUANTITY_MAX,
    maxEnhancement: BAG_ENHANCEMENT_MAX,
    maxNote: BAG_NOTE_MAX,
  });
  const known = await knownItems(
    db,
    read.rows.map((row) => row.itemId),
  );
  const errors = [
    ...read.errors,
    ...read.rows.filter((row) => !known.has(row.itemId)).map((row) => ({ row: row.row, problem: "unknown-item" as const })),
  ];
  errors.sort((a, b) => a.row - b.row);
  return { rows: read.rows, errors };
}

/**
 * Imports a CSV in one transaction: every row is checked first and any problem refuses the whole
 * file (nothing written). `replace` empties the bag in the same transaction. A dry run answers the
 * rows and problems without writing.
 */
export async function importBag(
  db: Database,
  viewer: Viewer,
  input: ImportBagInput,
  now = Date.now(),
  limit = DEFAULT_QUOTAS["bag-entries"],
): Promise<{ imported: number; errors: BagCsvError[] }> {
  const { rows, errors } = await checkImport(db, input.csv);
  if (input.dryRun) return { imported: 0, errors };
  if (errors.length > 0) throw new BagImportRefused(errors);
  if (rows.length === 0) throw new BagImportRefused([{ row: 2, problem: "item" }]);
  await db.transaction(async (tx) => {
    if (input.mode === "replace") await tx.delete(bagEntries).where(eq(bagEntries.uid, viewer.uid));
    // What the bag holds after the import may not pass the quota (nothing is written if it would).
    await holdQuota(tx, viewer.uid, "bag-entries", limit, () => bagSize(tx, viewer.uid), rows.length);
    await tx.insert(bagEntries).values(
      rows.map((row) => ({
        uid: viewer.uid,
        clientId: randomUUID(),
        itemId: row.itemId,
        quantity: row.quantity,
        enhancement: row.enhancement,
        note: row.note,
        createdAt: now,
        updatedAt: now,
      })),
    );
  });
  return { imported: rows.length, errors: [] };
}
