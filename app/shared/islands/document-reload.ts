import { claimReload, RELOAD_GUARD_MS } from "../delivery/reload-guard.ts";

/** Where sessionStorage remembers the last refresh the page made by itself (not the chunk guard's key). */
export const REFRESH_GUARD_KEY = "minithings:refresh";

const never = () => new Promise<void>(() => {});

/** Loads this document again: in an islands document, nothing else shows the server's new answer. */
export function reloadDocument(): Promise<void> {
  window.location.reload();
  return never();
}

/**
 * The same for a refresh nobody asked for (a stored language or a session that differs from the
 * page): at most once per path in 10 seconds, so a browser that keeps no cookie cannot loop.
 */
export function reloadDocumentOnce(): Promise<void> {
  const { pathname, search, hash } = window.location;
  let claimed = false;
  try {
    claimed = claimReload(sessionStorage, pathname + search + hash, Date.now(), REFRESH_GUARD_KEY, RELOAD_GUARD_MS);
  } catch {
    // No sessionStorage: no way to know whether this page was just reloaded, so do not.
  }
  return claimed ? reloadDocument() : Promise.resolve();
}
