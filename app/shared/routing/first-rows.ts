/**
 * A long list's first rows (decision 044): a page shows the first `first` of its rows and a link to the
 * same address with every row, which lands on the first row past those shown. The page stays light to
 * move to and to read on a phone; its heading or summary counts them all.
 */
export interface FirstRows<Row> {
  /** The rows to show: the first ones, or all of them when asked (or when they all fit). */
  shown: Row[];
  /** How many rows there are in all. */
  count: number;
  /** The address with every row, landing on `landOn`; null when every row is shown. */
  allHref: string | null;
}

export function firstRows<Row>(
  rows: readonly Row[],
  url: URL,
  { first, param, value, landOn }: { first: number; param: string; value: string; landOn: string },
): FirstRows<Row> {
  if (url.searchParams.get(param) === value || rows.length <= first) return { shown: [...rows], count: rows.length, allHref: null };
  const every = new URLSearchParams(url.searchParams);
  every.set(param, value);
  return { shown: rows.slice(0, first), count: rows.length, allHref: `${url.pathname}?${every.toString()}#${landOn}` };
}
