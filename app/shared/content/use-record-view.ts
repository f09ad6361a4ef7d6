import { useEffect } from "react";
import { afterInteractive } from "../page/after-interactive.ts";

/**
 * Tells the server that this entry's page was opened (the home page's trending list counts them),
 * once per page view, after hydration, without delaying anything: a beacon nobody waits for.
 */
export function useRecordView(kind: string, id: string): void {
  useEffect(
    () =>
      afterInteractive(() => {
        const body = new Blob([JSON.stringify({ kind, id })], { type: "application/json" });
        if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon("/api/views", body)) return;
        fetch("/api/views", { method: "POST", body, keepalive: true, credentials: "same-origin" }).catch(() => undefined);
      }),
    [kind, id],
  );
}
