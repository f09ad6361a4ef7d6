import { useContext, useEffect, useRef } from "react";
import { IslandDocumentContext } from "./island-document.ts";

/**
 * For a filters island of an islands document whose list is server HTML (decision 042): the list shown
 * is the server's answer for the address the page was loaded at, so each new query (`query`, the
 * address's search parameters) asks the server for the parts again (`show`, e.g. `showPageParts`). In a
 * page React Router renders (the development server), its loaders do that, and this does nothing.
 */
export function useQueryParts(query: string, show: () => Promise<unknown>): void {
  const inDocument = useContext(IslandDocumentContext) !== null;
  const listed = useRef(query);
  useEffect(() => {
    if (!inDocument || query === listed.current) return;
    listed.current = query;
    void show();
  }, [inDocument, query, show]);
}
