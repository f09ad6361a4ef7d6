import { useCallback, useContext } from "react";
import { useRevalidator } from "react-router";
import { claimReload, RELOAD_GUARD_MS } from "../delivery/reload-guard.ts";
import { IslandDocumentContext } from "./island-document.ts";

/** Where sessionStorage remembers the last refresh the page made by itself (not the chunk guard's key). */
export const REFRESH_GUARD_KEY = "minithings:refresh";

const never = () => new Promise<void>(() => {});

/** Loads this document again: in an islands document, nothing else shows the server's new answer. */
function reloadDocument(): Promise<void> {
  window.location.reload();
  return never();
}

/**
 * The same for a refresh nobody asked for (a stored language or a session that differs from the
 * page): at most once per path in 10 seconds, so a browser that keeps no cookie cannot loop.
 */
function reloadDocumentOnce(): Promise<void> {
  const { pathname, search, hash } = window.location;
  let claimed = false;
  try {
    claimed = claimReload(sessionStorage, pathname + search + hash, Date.now(), REFRESH_GUARD_KEY, RELOAD_GUARD_MS);
  } catch {
    // No sessionStorage: no way to know whether this page was just reloaded, so do not.
  }
  return claimed ? reloadDocument() : Promise.resolve();
}

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
