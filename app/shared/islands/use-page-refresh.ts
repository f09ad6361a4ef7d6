import { useCallback, useContext } from "react";
import { useRevalidator } from "react-router";
import { IslandDocumentContext } from "./island-document.ts";

/** Loads this document again: in an islands document, nothing else can show the server's new answer. */
function reloadDocument(): Promise<void> {
  window.location.reload();
  return new Promise(() => {});
}

/**
 * Shows the server's answer for this page again (after a language switch, a sign-in in another tab):
 * React Router revalidates its loaders, and an islands document, which has no router, is loaded anew.
 */
export function usePageRefresh(): () => Promise<void> {
  // Which of the two a React root is never changes while it lives, so the hooks called stay the same.
  if (useContext(IslandDocumentContext)) return reloadDocument;
  // eslint-disable-next-line react-hooks/rules-of-hooks
  const { revalidate } = useRevalidator();
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return useCallback(() => revalidate(), [revalidate]);
}
