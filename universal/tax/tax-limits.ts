/**
 * Trade tax: the calculator's arithmetic (whole gold), the ledger's answer shapes, and weeks and
 * months in game time (UTC+7), which the browser and the server both use.
 */
import { GAME_OFFSET_MS, gameWeek } from "../game-time.ts";

export const TAX_QUANTITY_MAX = 1_000_000;
export const TAX_PRICE_MAX = 1_000_000_000_000;
export const TAX_LABEL_MAX = 100;
/** Entries the ledger lists (the newest); its totals, periods and CSV export count every entry. */
export const TAX_LEDGER_MAX = 2_000;
/**
 * Lines `/me/tax` shows before its reader asks for every listed one: a long ledger's page stays light to
 * load and to move to on a phone (decision 044); its totals, periods and CSV still count every entry.
 */
export const TAX_LEDGER_FIRST_ROWS = 30;
/** The id of the first line past the first ones, where the link to every line lands. */
export const TAX_LEDGER_MORE_ID = "tax-more";
/** How `/me/tax` cuts its lines (`firstRows`): the first ones, every listed one with `?lines=all`. */
export const TAX_LEDGER_LINES = { first: TAX_LEDGER_FIRST_ROWS, param: "lines", value: "all", landOn: TAX_LEDGER_MORE_ID } as const;

export const taxSides = ["sell", "buy"] as const;
export type TaxSide = (typeof taxSides)[number];

export interface TaxResult {
  gross: number;
  tax: number;
  net: number;
  /** The net of one unit, rounded down to whole gold. */
  netPerUnit: number;
}

/** Tax on a sale of `quantity` at `unitPrice` at a rate of `basisPoints` (1/100 of a percent): whole gold, half rounded up. */
export function computeTax(unitPrice: number, quantity: number, basisPoints: number): TaxResult {
  const gross = unitPrice * quantity;
  const tax = Math.round((gross * basisPoints) / 10_000);
  const net = gross - tax;
  return { gross, tax, net, netPerUnit: quantity > 0 ? Math.floor(net / quantity) : 0 };
}

/** A percent of the pack (`3.5`) in basis points (`350`). */
export const basisPoints = (percent: number) => Math.round(percent * 100);

/** The game-time month (`2026-11`) an instant falls in. */
export function gameMonth(at: number): string {
  return new Date(at + GAME_OFFSET_MS).toISOString().slice(0, 7);
}

export interface TaxPlace {
  /** The pack's tax rate id. */
  id: string;
  scope: "district" | "manor";
  name: { vi: string; en: string };
  percent: number;
}

export interface LedgerEntry {
  id: number;
  /** The completed offer it was copied from; null for an entry made by hand. */
  offerId: number | null;
  side: TaxSide;
  itemId: string | null;
  itemName: { vi: string; en: string } | null;
  label: string | null;
  quantity: number;
  unitPrice: number;
  rateId: string | null;
  rateBasisPoints: number;
  tax: number;
  net: number;
  occurredAt: number;
}

export interface LedgerTotals {
  /** Gross of sales, their tax and net; what purchases cost. */
  sales: number;
  tax: number;
  net: number;
  purchases: number;
  count: number;
}

export interface LedgerPeriod extends LedgerTotals {
  /** `2026-11-23` (the week's game-time Monday) or `2026-11`. */
  period: string;
}

export function emptyTotals(): LedgerTotals {
  return { sales: 0, tax: 0, net: 0, purchases: 0, count: 0 };
}

function add(totals: LedgerTotals, entry: LedgerEntry): void {
  totals.count++;
  if (entry.side === "sell") {
    totals.sales += entry.unitPrice * entry.quantity;
    totals.tax += entry.tax;
    totals.net += entry.net;
  } else totals.purchases += entry.unitPrice * entry.quantity;
}

/** A ledger's totals, and per game-time week and month (newest first), over all of its entries. */
export interface LedgerSummary {
  totals: LedgerTotals;
  weeks: LedgerPeriod[];
  months: LedgerPeriod[];
}

/**
 * The totals of these entries, and per game-time week and month (newest first). The server sums a
 * whole ledger in SQL the same way (`summarizeLedgerOf`, server/tax), since it lists only the newest
 * `TAX_LEDGER_MAX`.
 */
export function summarizeLedger(entries: readonly LedgerEntry[]): LedgerSummary {
  const totals = emptyTotals();
  const weeks = new Map<string, LedgerPeriod>();
  const months = new Map<string, LedgerPeriod>();
  for (const entry of entries) {
    add(totals, entry);
    for (const [periods, key] of [
      [weeks, gameWeek(entry.occurredAt)],
      [months, gameMonth(entry.occurredAt)],
    ] as const) {
      const period = periods.get(key) ?? { period: key, ...emptyTotals() };
      add(period, entry);
      periods.set(key, period);
    }
  }
  const newest = (a: LedgerPeriod, b: LedgerPeriod) => b.period.localeCompare(a.period);
  return { totals, weeks: [...weeks.values()].sort(newest), months: [...months.values()].sort(newest) };
}
