/**
 * A member's tax ledger: their completed offers, copied in once each when the ledger is read
 * (`on conflict do nothing` on the member and the offer), and entries made by hand. Tax and net are
 * whole gold, computed here from the pack's rate as it is when the entry is made or its place
 * changed. A copied offer has no place (tax 0) until the member sets one. Only the owner reads or
 * changes their entries.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client.ts";
import { contentEntries, offers, taxLedger } from "../../db/schema/index.ts";
import type { District, Item, Manor, TaxRate } from "../../universal/content/pack-schema.ts";
import type { CreateLedgerEntryInput } from "../../universal/tax/tax-schemas.ts";
import {
  basisPoints,
  computeTax,
  emptyTotals,
  TAX_LEDGER_MAX,
  type LedgerEntry,
  type LedgerPeriod,
  type LedgerSummary,
  type LedgerTotals,
  type TaxPlace,
} from "../../universal/tax/tax-limits.ts";
import { GAME_OFFSET_MS } from "../../universal/game-time.ts";
import type { Viewer } from "../auth/viewer.ts";
import { listKind } from "../content/catalog.ts";
import { AppError } from "../errors.ts";
import { csvCell as cell } from "../../universal/csv.ts";

type LedgerRow = typeof taxLedger.$inferSelect;

const notFound = () => new AppError("not-found", "No such ledger entry.");

/** The pack's tax rates as places a member chooses by name (a district's or a manor's). */
export async function listTaxPlaces(db: Database): Promise<TaxPlace[]> {
  const [rates, districts, manors] = await Promise.all([
    listKind<TaxRate>(db, "taxRates"),
    listKind<District>(db, "districts"),
    listKind<Manor>(db, "manors"),
  ]);
  const names = new Map<string, { vi: string; en: string }>([
    ...districts.map((each) => [`district:${each.id}`, each.name] as const),
    ...manors.map((each) => [`manor:${each.id}`, each.name] as const),
  ]);
  return rates.map((rate) => ({
    id: rate.id,
    scope: rate.scope,
    name: names.get(`${rate.scope}:${rate.target}`) ?? { vi: rate.target, en: rate.target },
    percent: rate.percent,
  }));
}

async function rateOf(db: Database, rateId: string | null | undefined): Promise<{ id: string | null; basisPoints: number }> {
  if (!rateId) return { id: null, basisPoints: 0 };
  const place = (await listTaxPlaces(db)).find((each) => each.id === rateId);
  if (!place) throw new AppError("invalid-argument", "rateId: no such tax rate in the pack.", { field: "rateId", reason: "rate" });
  return { id: place.id, basisPoints: basisPoints(place.percent) };
}

/** Copies the member's completed trades in, once each: the sell side is the owner of a sell offer or the counterparty of a buy offer. */
export async function syncCompletedOffers(db: Database, viewer: Viewer, now = Date.now()): Promise<void> {
  const uid = viewer.uid;
  const side = sql`case when (${offers.side} = 'sell' and ${offers.ownerUid} = ${uid}) or (${offers.side} = 'buy' and ${offers.counterpartyUid} = ${uid}) then 'sell' else 'buy' end`;
  await db.execute(sql`
    insert into ${taxLedger} (uid, client_id, offer_id, side, item_id, quantity, unit_price, rate_id, rate_basis_points, tax, net, occurred_at, created_at)
    select ${uid}, 'offer-' || ${offers.id}, ${offers.id}, ${side}, ${offers.itemId}, ${offers.quantity}, ${offers.unitPrice}, null, 0, 0,
      ${offers.quantity} * ${offers.unitPrice}, ${offers.completedAt}, ${now}
    from ${offers}
    where ${offers.status} = 'completed' and ${offers.completedAt} is not null
      and (${offers.ownerUid} = ${uid} or ${offers.counterpartyUid} = ${uid})
    on conflict do nothing`);
}

async function toEntries(db: Database, rows: LedgerRow[]): Promise<LedgerEntry[]> {
  const itemIds = [...new Set(rows.map((row) => row.itemId).filter((id): id is string => id !== null))];
  const items =
    itemIds.length === 0
      ? []
      : await db
          .select({ id: contentEntries.id, data: contentEntries.data })
          .from(contentEntries)
          .where(and(eq(contentEntries.kind, "items"), inArray(contentEntries.id, itemIds)));
  const names = new Map(items.map((item) => [item.id, (item.data as Item).name]));
  return rows.map((row) => ({
    id: row.id,
    offerId: row.offerId,
    side: row.side as LedgerEntry["side"],
    itemId: row.itemId,
    itemName: row.itemId ? (names.get(row.itemId) ?? null) : null,
    label: row.label,
    quantity: row.quantity,
    unitPrice: row.unitPrice,
    rateId: row.rateId,
    rateBasisPoints: row.rateBasisPoints,
    tax: row.tax,
    net: row.net,
    occurredAt: row.occurredAt,
  }));
}

/** A page of the member's entries, newest first, after `before` (the last entry of the page before). */
async function ledgerPage(db: Database, uid: string, limit: number, before?: { occurredAt: number; id: number }): Promise<LedgerRow[]> {
  return db
    .select()
    .from(taxLedger)
    .where(
      and(
        eq(taxLedger.uid, uid),
        before
          ? or(lt(taxLedger.occurredAt, before.occurredAt), and(eq(taxLedger.occurredAt, before.occurredAt), lt(taxLedger.id, before.id)))
          : undefined,
      ),
    )
    .orderBy(desc(taxLedger.occurredAt), desc(taxLedger.id))
    .limit(limit);
}

/** The member's newest `TAX_LEDGER_MAX` entries, newest first, their completed offers copied in first. */
export async function listLedger(db: Database, viewer: Viewer, now = Date.now()): Promise<LedgerEntry[]> {
  await syncCompletedOffers(db, viewer, now);
  return toEntries(db, await ledgerPage(db, viewer.uid, TAX_LEDGER_MAX));
}

interface SummaryRow {
  byWeek: number;
  byMonth: number;
  week: string | null;
  month: string | null;
  count: number;
  sales: string;
  tax: string;
  net: string;
  purchases: string;
}

/**
 * The totals of the member's whole ledger, and per game-time week (from Monday) and month, newest
 * first: `summarizeLedger`'s sums, computed in SQL over every entry (the list shows only the newest).
 * Days are counted in whole game days from the epoch (1970-01-01 was a Thursday), so no time zone
 * setting of the session enters.
 */
export async function summarizeLedgerOf(db: Database, viewer: Viewer): Promise<LedgerSummary> {
  const rows = await queryRows<SummaryRow>(
    db,
    sql`select grouping(week) as "byWeek", grouping(month) as "byMonth", week, month, count(*)::int as count,
          coalesce(sum(gross) filter (where side = 'sell'), 0)::text as sales,
          coalesce(sum(tax) filter (where side = 'sell'), 0)::text as tax,
          coalesce(sum(net) filter (where side = 'sell'), 0)::text as net,
          coalesce(sum(gross) filter (where side = 'buy'), 0)::text as purchases
        from (
          select side, unit_price::numeric * quantity as gross, tax, net,
            to_char(date '1970-01-01' + (day - (day + 3) % 7), 'YYYY-MM-DD') as week,
            to_char(date '1970-01-01' + day, 'YYYY-MM') as month
          from (
            select side, unit_price, quantity, tax, net,
              floor((occurred_at + ${sql.raw(String(GAME_OFFSET_MS))})::numeric / 86400000)::int as day
            from ${taxLedger} where uid = ${viewer.uid}
          ) as days
        ) as entries
        group by grouping sets ((), (week), (month))`,
  );
  const sums = (row: SummaryRow): LedgerTotals => ({
    sales: Number(row.sales),
    tax: Number(row.tax),
    net: Number(row.net),
    purchases: Number(row.purchases),
    count: Number(row.count),
  });
  const periods = (key: "week" | "month"): LedgerPeriod[] =>
    rows
      .filter((row) => Number(key === "week" ? row.byWeek : row.byMonth) === 0)
      .map((row) => ({ period: row[key] ?? "", ...sums(row) }))
      .sort((a, b) => b.period.localeCompare(a.period));
  const all = rows.find((row) => Number(row.byWeek) === 1 && Number(row.byMonth) === 1);
  return { totals: all ? sums(all) : emptyTotals(), weeks: periods("week"), months: periods("month") };
}

/** `GET /api/tax/ledger` and `/me/tax`: the newest entries, and the totals and periods of all of them. */
export async function readLedger(db: Database, viewer: Viewer, now = Date.now()): Promise<{ entries: LedgerEntry[] } & LedgerSummary> {
  const entries = await listLedger(db, viewer, now);
  return { entries, ...(await summarizeLedgerOf(db, viewer)) };
}

function amounts(side: string, unitPrice: number, quantity: number, rate: number) {
  if (side === "buy") return { tax: 0, net: unitPrice * quantity };
  const { tax, net } = computeTax(unitPrice, quantity, rate);
  return { tax, net };
}

/** An entry made by hand; the same `clientId` again answers the entry it made. */
export async function addLedgerEntry(db: Database, viewer: Viewer, input: CreateLedgerEntryInput, now = Date.now()): Promise<LedgerEntry> {
  if (input.itemId) {
    const [item] = await db
      .select({ id: contentEntries.id })
      .from(contentEntries)
      .where(and(eq(contentEntries.kind, "items"), eq(contentEntries.id, input.itemId)));
    if (!item) throw new AppError("invalid-argument", "itemId: no such item in the catalog.", { field: "itemId", reason: "item" });
  }
  const rate = await rateOf(db, input.side === "sell" ? input.rateId : null);
  const clientId = input.clientId ?? randomUUID();
  await db
    .insert(taxLedger)
    .values({
      uid: viewer.uid,
      clientId,
      side: input.side,
      itemId: input.itemId ?? null,
      label: input.label || null,
      quantity: input.quantity,
      unitPrice: input.unitPrice,
      rateId: rate.id,
      rateBasisPoints: rate.basisPoints,
      ...amounts(input.side, input.unitPrice, input.quantity, rate.basisPoints),
      occurredAt: input.occurredAt ?? now,
      createdAt: now,
    })
    .onConflictDoNothing();
  const rows = await db
    .select()
    .from(taxLedger)
    .where(and(eq(taxLedger.uid, viewer.uid), eq(taxLedger.clientId, clientId)));
  if (rows.length === 0) throw new AppError("conflict", "The entry could not be added. Try again.");
  return (await toEntries(db, rows))[0]!;
}

/** Sets where an entry was sold (or none), and its tax and net with that place's rate now. */
export async function setLedgerPlace(db: Database, viewer: Viewer, id: number, rateId: string | null): Promise<LedgerEntry> {
  const [row] = await db
    .select()
    .from(taxLedger)
    .where(and(eq(taxLedger.id, id), eq(taxLedger.uid, viewer.uid)));
  if (!row) throw notFound();
  const rate = await rateOf(db, row.side === "sell" ? rateId : null);
  const [updated] = await db
    .update(taxLedger)
    .set({ rateId: rate.id, rateBasisPoints: rate.basisPoints, ...amounts(row.side, row.unitPrice, row.quantity, rate.basisPoints) })
    .where(and(eq(taxLedger.id, id), eq(taxLedger.uid, viewer.uid)))
    .returning();
  return (await toEntries(db, [updated!]))[0]!;
}

/** Deletes an entry made by hand (a copied offer would come back on the next read: it stays). */
export async function deleteLedgerEntry(db: Database, viewer: Viewer, id: number): Promise<void> {
  const [row] = await db
    .select({ offerId: taxLedger.offerId })
    .from(taxLedger)
    .where(and(eq(taxLedger.id, id), eq(taxLedger.uid, viewer.uid)));
  if (!row) throw notFound();
  if (row.offerId !== null)
    throw new AppError("conflict", "A completed offer stays in the ledger; change its place instead.", { reason: "offer" });
  await db.delete(taxLedger).where(and(eq(taxLedger.id, id), eq(taxLedger.uid, viewer.uid)));
}

/** Entries the CSV export reads at a time. */
const EXPORT_PAGE = 500;

/**
 * The whole ledger as CSV, newest first, times in game time (UTC+7), names in the member's
 * language: the header, then one chunk per page of `EXPORT_PAGE` entries, read by keyset, so a
 * ledger of any length is exported whole without being held at once.
 */
export async function* exportLedger(db: Database, viewer: Viewer, language: "vi" | "en-US", now = Date.now()): AsyncGenerator<string> {
  await syncCompletedOffers(db, viewer, now);
  const places = await listTaxPlaces(db);
  const placeName = new Map(places.map((place) => [place.id, language === "vi" ? place.name.vi : place.name.en]));
  yield "occurredAt,side,itemId,item,label,quantity,unitPrice,place,ratePercent,tax,net,offerId\r\n";
  let before: { occurredAt: number; id: number } | undefined;
  for (;;) {
    const rows = await ledgerPage(db, viewer.uid, EXPORT_PAGE, before);
    if (rows.length === 0) return;
    const lines = (await toEntries(db, rows)).map((entry) =>
      [
        new Date(entry.occurredAt + GAME_OFFSET_MS).toISOString().slice(0, 16).replace("T", " "),
        entry.side,
        entry.itemId,
        entry.itemName ? (language === "vi" ? entry.itemName.vi : entry.itemName.en) : null,
        entry.label,
        entry.quantity,
        entry.unitPrice,
        entry.rateId ? (placeName.get(entry.rateId) ?? entry.rateId) : null,
        entry.rateBasisPoints / 100,
        entry.tax,
        entry.net,
        entry.offerId,
      ]
        .map(cell)
        .join(","),
    );
    yield `${lines.join("\r\n")}\r\n`;
    if (rows.length < EXPORT_PAGE) return;
    const last = rows[rows.length - 1]!;
    before = { occurredAt: last.occurredAt, id: last.id };
  }
}
