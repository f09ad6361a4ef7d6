/**
 * The parts of `/me/bag` its loader fills from the bag and the query, the summary and the list: server
 * HTML that no island renders, so the page carries the 200 entries of a full bag once, as HTML. When the
 * query (the filters' island) or the bag (the add form, the CSV import) changes, the server's new
 * answer replaces them in place: the page at the address is fetched again and these parts of it take the
 * place of the shown ones. A document load would do as well, but would lose what the member is typing,
 * the open form and its message, and the keyboard's place.
 */
import { useContext } from "react";
import { IslandDocumentContext } from "../../shared/islands/island-document.ts";
import { showPageParts } from "../../shared/islands/page-parts.ts";
import { usePageRefresh } from "../../shared/islands/use-page-refresh.ts";

/** The ids of the parts, in the page's order. */
export const BAG_RESULT_PARTS = ["bag-summary", "bag-list"] as const;

/** Replaces the parts by those of the page at `href` (the address as it is now): `showPageParts`. */
export async function showBagResults(href: string = window.location.href): Promise<void> {
  await showPageParts(BAG_RESULT_PARTS, href);
}

/**
 * What an island calls once it has changed the bag: the parts replaced in an islands document; in a page
 * React Router hydrates (the development server), where React renders them, its loaders run again.
 */
export function useShowBagResults(): () => void {
  const inDocument = useContext(IslandDocumentContext) !== null;
  const refresh = usePageRefresh();
  return inDocument ? () => void showBagResults() : () => void refresh();
}
