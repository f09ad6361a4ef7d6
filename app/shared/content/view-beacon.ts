import { afterInteractive } from "../page/after-interactive.ts";

/**
 * Tells the server that this entry's page was opened (the home page's trending list counts them),
 * once the page is interactive, without delaying anything: a request nobody waits for. Returns the
 * function that cancels it if it has not gone yet.
 */
export function recordView(kind: string, id: string): () => void {
  return afterInteractive(() => {
    // A `keepalive` fetch outlives the page like a beacon, and its body is a string: a beacon's JSON
    // must be a Blob, whose registration is a blocking call to the browser (8 ms of a traced load on the bench host).
    fetch("/api/views", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ kind, id }),
      keepalive: true,
      credentials: "same-origin",
    }).catch(() => undefined);
  });
}

/** The `record-view` island of an islands document, started without React (decision 038). */
export function startViewBeacon(_element: HTMLElement, props: { kind: string; id: string }): void {
  recordView(props.kind, props.id);
}
