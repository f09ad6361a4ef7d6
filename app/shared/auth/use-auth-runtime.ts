import { useEffect } from "react";
import { useRevalidator } from "react-router";

/**
 * Starts the browser's auth state (spec §4) off the first-load path, and re-reads the page when it
 * disagrees with what the server rendered (another tab signed in or out).
 */
export function useAuthRuntime(signedInOnServer: boolean): void {
  const revalidator = useRevalidator();
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    void import("./auth-runtime.ts").then(({ startAuth }) => {
      if (cancelled) return;
      unsubscribe = startAuth().state.subscribe((snapshot) => {
        if (snapshot.isAuthenticated !== signedInOnServer) void revalidator.revalidate();
      });
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [signedInOnServer, revalidator]);
}
