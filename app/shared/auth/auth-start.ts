import { afterInteractive, afterSettled } from "../page/after-interactive.ts";
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
 * Whether the browser already agrees with the server on who is signed in: a visitor with no stored user,
 * or a member whose stored user (`userData`) is the one the server rendered the page for. Then there is
 * nothing for the auth state to catch up with as the page loads: the session can only change from here
 * on by another tab (which stores or clears `userData`), while the tab is hidden, or by the server
 * ending it (the socket says so, decision 041).
 */
export function storedUserAgrees(serverUid: string | null, storage?: Pick<Storage, "getItem">): boolean {
  const stored = storedUser(storage);
  if (serverUid === null) return stored === null;
  try {
    return (JSON.parse(stored ?? "null") as { uid?: unknown } | null)?.uid === serverUid;
  } catch {
    return false;
  }
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
 * Starts the browser's auth state off the first-load path, and calls `refresh` when it disagrees with
 * what the server rendered (another tab signed in or out). `serverUid` is the member the server rendered
 * the page for, null for a visitor. Where the browser disagrees with the server, or stores nothing for a
 * member, it starts once the page is interactive. Where they agree, it waits (decision 044): a visitor's
 * until the session may have changed (the reader who never signs in never loads it, nor asks the server
 * for a session it has just said is absent); a member's until then or until the page has settled, where
 * it keeps their ID token fresh, rather than asking the server again, as the page loads, what it has just
 * answered. Returns the function that stops it. Plain DOM: an islands document runs it without React
 * (decision 038), a page hydrated by React Router from `useAuthRuntime`.
 */
export function startAuthRuntime(serverUid: string | null, refresh: () => void): () => void {
  const signedInOnServer = serverUid !== null;
  let unsubscribe: (() => void) | undefined;
  let cancelled = false;
  const start = () => {
    // A chunk that fails to load is the reload guard's to handle (it reloads the page once), and then
    // the import settles with nothing: there is no auth state to start on this page.
    void import("./auth-runtime.ts").then((runtime: typeof AuthRuntime | undefined) => {
      if (cancelled || !runtime) return;
      const { state } = runtime.startAuth();
      let told = false;
      unsubscribe = state.subscribe((snapshot) => {
        told = true;
        if (snapshot.isAuthenticated !== signedInOnServer) refresh();
      });
      // Started after another tab signed out, the state may begin and stay signed out without a
      // change to tell: once the provider has first reported, it is compared with the page as well.
      void state.settled().then(() => {
        if (!cancelled && !told && state.isAuthenticated !== signedInOnServer) refresh();
      });
    });
  };
  const cancelStart = !storedUserAgrees(serverUid)
    ? afterInteractive(start)
    : signedInOnServer
      ? whenSettledOrAuthMayChange(start)
      : whenAuthMayChange(start);
  return () => {
    cancelled = true;
    cancelStart();
    unsubscribe?.();
  };
}

/** Runs `start` once, at the first sign that the session may have changed or once the page has settled. */
function whenSettledOrAuthMayChange(start: () => void): () => void {
  const stopWatching = whenAuthMayChange(() => {
    cancelSettled();
    start();
  });
  const cancelSettled = afterSettled(() => {
    stopWatching();
    start();
  });
  return () => {
    stopWatching();
    cancelSettled();
  };
}
