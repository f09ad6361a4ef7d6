import { useEffect } from "react";
import { usePageRefresh } from "../islands/use-page-refresh.ts";
import { afterInteractive } from "../page/after-interactive.ts";
import type * as AuthRuntime from "./auth-runtime.ts";

/**
 * Starts the browser's auth state (spec §4) off the first-load path, once the page is interactive, and re-reads the page when it
 * disagrees with what the server rendered (another tab signed in or out).
 */
export function useAuthRuntime(signedInOnServer: boolean): void {
  const refresh = usePageRefresh({ automatic: true });
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    const cancelStart = afterInteractive(() => {
      // A chunk that fails to load is the reload guard's to handle (it reloads the page once), and then
      // the import settles with nothing: there is no auth state to start on this page.
      void import("./auth-runtime.ts").then((runtime: typeof AuthRuntime | undefined) => {
        if (cancelled || !runtime) return;
        unsubscribe = runtime.startAuth().state.subscribe((snapshot) => {
          if (snapshot.isAuthenticated !== signedInOnServer) void refresh();
        });
      });
    });
    return () => {
      cancelled = true;
      cancelStart();
      unsubscribe?.();
    };
  }, [signedInOnServer, refresh]);
}
