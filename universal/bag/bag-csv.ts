/**
 * The bag as CSV (RFC 4180: commas, quotes doubled, CRLF): `itemId,name,quantity,enhancement,note`.
 * An import needs the `itemId` and `quantity` columns and ignores `name` and unknown ones. Cells
 * that a spreadsheet would run as a formula are written with a leading `'`, which reading drops.
 */
import { isPackId } from "../content/pack-id.ts";
import { csvCell as cell, parseCsv } from "../csv.ts";

export { parseCsv };

export const BAG_CSV_COLUMNS = ["itemId", "name", "quantity", "enhancement", "note"] as const;

export function formatBagCsv(
  rows: readonly { itemId: string; name: string; quantity: number; enhancement: number; note: string | null }[],
): string {
  const lines = [BAG_CSV_COLUMNS.join(",")];
  for (const row of rows) lines.push([row.itemId, row.name, row.quantity, row.enhancement, row.note].map(cell).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

export type BagCsvProblem = "columns" | "too-many" | "item" | "quantity" | "enhancement" | "note" | "unknown-item";

export interface BagCsvError {
  /** The line of the file (the header is line 1). */
  row: number;
  problem: BagCsvProblem;
}

export interface BagCsvRow {
  row: number;
  itemId: string;
  quantity: number;
  enhancement: number;
  note: string | null;
}

const unformula = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

/** Reads and checks every row (not only the first bad one); the item ids are checked against the pack by the server. */
export function readBagCsv(
  text: string,
  limits: { maxRows: number; maxQuantity: number; maxEnhancement: number; maxNote: number },
): { rows: BagCsvRow[]; errors: BagCsvError[] } {
  const [header, ...records] = parseCsv(text);
  const columns = (header ?? []).map((name) => name.trim());
  const at = (name: string) => columns.indexOf(name);
  const [item, quantity, enhancement, note] = [at("itemId"), at("quantity"), at("enhancement"), at("note")];
  if (item < 0 || quantity < 0) return { rows: [], errors: [{ row: 1, problem: "columns" }] };
  if (records.length > limits.maxRows) return { rows: [], errors: [{ row: limits.maxRows + 2, problem: "too-many" }] };
  const rows: BagCsvRow[] = [];
  const errors: BagCsvError[] = [];
  records.forEach((record, index) => {
    const row = index + 2;
    const itemId = (record[item] ?? "").trim();
    const count = Number((record[quantity] ?? "").trim());
    const levelText = enhancement < 0 ? "" : (record[enhancement] ?? "").trim();
    const level = levelText === "" ? 0 : Number(levelText);
    const noteText = note < 0 ? "" : unformula((record[note] ?? "").trim());
    if (!isPackId(itemId)) errors.push({ row, problem: "item" });
    else if (!Number.isInteger(count) || count < 1 || count > limits.maxQuantity) errors.push({ row, problem: "quantity" });
    else if (!Number.isInteger(level) || level < 0 || level > limits.maxEnhancement) errors.push({ row, problem: "enhancement" });
    else if (noteText.length > limits.maxNote || /\p{Cc}/u.test(noteText)) errors.push({ row, problem: "note" });
    else rows.push({ row, itemId, quantity: count, enhancement: level, note: noteText || null });
  });
  return { rows, errors };
}
