import { afterInteractive } from "../page/after-interactive.ts";
import { onSessionMayChange, USER_DATA_KEY, type StorageEventTarget, type VisibleDocument } from "./session-signals.ts";
import type * as AuthRuntime from "./auth-runtime.ts";

/** The stored user (`userData`), or null: none, or storage the browser refuses (even to be read). */
function storedUser(storage?: Pick<Storage, "getItem">): string | null {
  try {
    return (storage ?? globalThis.localStorage)?.getItem(USER_DATA_KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * Whether the page may leave the auth state unstarted: the server saw no session and nothing is
 * stored, so there is nothing to restore, and the session can only change from here on by a sign-in
 * in another tab (which stores `userData`) or while the tab is hidden.
 */
export function quietVisitor(signedInOnServer: boolean, storage?: Pick<Storage, "getItem">): boolean {
  return !signedInOnServer && storedUser(storage) === null;
}

/**
 * Runs `start` at the first sign that the session may have changed: another tab stores or clears the
 * user, or this tab comes back into view. Returns a cancel function.
 */
export function whenAuthMayChange(start: () => void, target?: StorageEventTarget, document?: VisibleDocument): () => void {
  const stop = onSessionMayChange(
    () => {
      stop();
      start();
    },
    target,
    document,
  );
  return stop;
}

/**
 * Starts the browser's auth state off the first-load path, once the page is interactive, and
 * calls `refresh` when it disagrees with what the server rendered (another tab signed in or out). A
 * visitor the server saw signed out, with no stored user, starts it only when the session may have
 * changed: the reader who never signs in never loads it, nor asks the server for a session it has just
 * said is absent. Returns the function that stops it. Plain DOM: an islands document runs it without
 * React (decision 038), a page hydrated by React Router from `useAuthRuntime`.
 */
export function startAuthRuntime(signedInOnServer: boolean, refresh: () => void): () => void {
  let unsubscribe: (() => void) | undefined;
  let cancelled = false;
  const start = () => {
    // A chunk that fails to load is the reload guard's to handle (it reloads the page once), and then
    // the import settles with nothing: there is no auth state to start on this page.
    void import("./auth-runtime.ts").then((runtime: typeof AuthRuntime | undefined) => {
      if (cancelled || !runtime) return;
      unsubscribe = runtime.startAuth().state.subscribe((snapshot) => {
        if (snapshot.isAuthenticated !== signedInOnServer) refresh();
      });
    });
  };
  const cancelStart = quietVisitor(signedInOnServer) ? whenAuthMayChange(start) : afterInteractive(start);
  return () => {
    cancelled = true;
    cancelStart();
    unsubscribe?.();
  };
}
