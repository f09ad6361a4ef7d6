/** Percentiles, the budgets and the table of `npm run bench:realtime`, and how it cuts lists of clients (pure functions). */

/** Delivery latency, send → receipt, of live deliveries outside the failover window. */
export const LATENCY_P99_BUDGET_MS = 100;
/** The killed process's last client resumed on the other within this long after the kill (ms). */
export const FAILOVER_BUDGET_MS = 3_000;

/** The nearest-rank percentile of sorted values (p in 0–100); NaN when there are none. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

export interface Spread {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function spread(values: ArrayLike<number>): Spread {
  const sorted = Float64Array.from(values).sort();
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? (sorted[sorted.length - 1] as number) : Number.NaN,
  };
}

export function ms(value: number): string {
  if (Number.isNaN(value)) return "–";
  if (value >= 1000) return `${(value / 1000).toFixed(2)} s`;
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
}

export function spreadText(s: Spread): string {
  return s.count === 0 ? "none" : `${ms(s.p50)} / ${ms(s.p95)} / ${ms(s.p99)} (max ${ms(s.max)})`;
}

export function count(value: number): string {
  return value.toLocaleString("en-US");
}

export function bytes(value: number): string {
  const sign = value < 0 ? "-" : "";
  const size = Math.abs(value);
  if (size >= 1024 * 1024) return `${sign}${(size / 1024 / 1024).toFixed(1)} MB`;
  if (size >= 10 * 1024) return `${sign}${(size / 1024).toFixed(1)} KB`;
  return `${sign}${Math.round(size).toLocaleString("en-US")} B`;
}

export interface Row {
  measure: string;
  value: string;
  budget?: string;
  pass?: boolean;
}

/** A plain-text table: measure, value, budget, verdict (PASS/FAIL where there is a budget). */
export function table(rows: Row[]): string {
  const cells = rows.map((row) => [row.measure, row.value, row.budget ?? "", row.pass === undefined ? "" : row.pass ? "PASS" : "FAIL"]);
  const header = ["measure", "value", "budget", "verdict"];
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((cell) => (cell[column] as string).length)));
  const line = (cell: string[]) =>
    cell
      .map((text, column) => text.padEnd(widths[column] as number))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...cells.map(line)].join("\n");
}

/** A part of a list, `[from, to)` as fractions of its length. */
export type Share = [from: number, to: number];

/** The part of a list a share names (the client threads and the main thread cut the same way). */
export function shareOf<T>(list: readonly T[], [from, to]: Share): T[] {
  return list.slice(Math.floor(from * list.length), Math.floor(to * list.length));
}
