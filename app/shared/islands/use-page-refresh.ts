import { useCallback, useContext } from "react";
import { useRevalidator } from "react-router";
import { reloadDocument, reloadDocumentOnce } from "./document-reload.ts";
import { IslandDocumentContext } from "./island-document.ts";

/**
 * Shows the server's answer for this page again (after a language switch, a sign-in in another tab):
 * React Router revalidates its loaders, and an islands document, which has no router, is loaded anew.
 * `automatic` is for a refresh the visitor did not ask for, which an islands document makes at most
 * once per path in 10 seconds.
 */
export function usePageRefresh({ automatic = false }: { automatic?: boolean } = {}): () => Promise<void> {
  // Which of the two a React root is never changes while it lives, so the hooks called stay the same.
  if (useContext(IslandDocumentContext)) return automatic ? reloadDocumentOnce : reloadDocument;
  // eslint-disable-next-line react-hooks/rules-of-hooks
  const { revalidate } = useRevalidator();
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return useCallback(() => revalidate(), [revalidate]);
}
