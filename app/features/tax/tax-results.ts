/**
 * The parts of `/me/tax` its loader fills from the ledger: the totals and the entries (server HTML that
 * no island renders, so 300 entries travel once, as HTML), and the periods' island (its table and its
 * chart). After a change (the add form, a line's place or its removal) the server's answer replaces the
 * totals and the entries in place (`showPageParts`), and the periods follow: the island takes the new
 * periods when it has hydrated, or its server HTML and props are those of the answer when it still
 * waits to come near the viewport. Plain DOM: the ledger's plain island calls it.
 */
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE } from "../../shared/islands/island-markup.ts";
import { showPageParts } from "../../shared/islands/page-parts.ts";
import type { LedgerPeriod } from "../../../universal/tax/tax-limits.ts";

/** The ids of the server HTML parts, in the page's order. */
export const TAX_RESULT_PARTS = ["tax-totals", "tax-entries"] as const;

/** The periods' island. */
export const TAX_PERIODS_ISLAND = "tax-periods";

export interface LedgerPeriods {
  weeks: LedgerPeriod[];
  months: LedgerPeriod[];
}

let periodsListener: ((periods: LedgerPeriods) => void) | null = null;

/** What the hydrated periods' island calls to be given the ledger's new periods; answers how to stop. */
export function followPeriods(listener: (periods: LedgerPeriods) => void): () => void {
  periodsListener = listener;
  return () => {
    if (periodsListener === listener) periodsListener = null;
  };
}

const periodsSelector = `[${ISLAND_ATTRIBUTE}="${TAX_PERIODS_ISLAND}"]`;

/** Shows the server's totals, entries and periods for the ledger as it now is. */
export async function showTaxResults(href?: string): Promise<void> {
  const page = await showPageParts(TAX_RESULT_PARTS, href);
  const there = page?.querySelector<HTMLElement>(periodsSelector);
  const here = document.querySelector<HTMLElement>(periodsSelector);
  if (!there || !here) return;
  const props = there.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? "{}";
  here.setAttribute(ISLAND_PROPS_ATTRIBUTE, props);
  if (periodsListener) {
    periodsListener(JSON.parse(props) as LedgerPeriods);
    return;
  }
  // Not hydrated yet: its element (the one watched for the viewport) stays, with the answer's content.
  const [shown, fresh] = [here.firstElementChild, there.firstElementChild];
  if (!shown || !fresh) return;
  for (const { name } of [...shown.attributes]) if (!fresh.hasAttribute(name)) shown.removeAttribute(name);
  for (const { name, value } of [...fresh.attributes]) shown.setAttribute(name, value);
  shown.replaceChildren(...[...fresh.childNodes].map((node) => document.importNode(node, true)));
}
