import { useEffect } from "react";
import { afterInteractive } from "../page/after-interactive.ts";

/**
 * Tells the server that this entry's page was opened (the home page's trending list counts them),
 * once per page view, after hydration, without delaying anything: a request nobody waits for.
 */
export function useRecordView(kind: string, id: string): void {
  useEffect(
    () =>
      afterInteractive(() => {
        // A `keepalive` fetch outlives the page like a beacon, and its body is a string: a beacon's JSON
        // must be a Blob, whose registration is a blocking call to the browser (8 ms of a traced load on the bench host).
        fetch("/api/views", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ kind, id }),
          keepalive: true,
          credentials: "same-origin",
        }).catch(() => undefined);
      }),
    [kind, id],
  );
}
