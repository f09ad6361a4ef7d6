let leaving = false;
if (typeof window !== "undefined") {
  // A navigation away aborts the page's requests: what fails then is not a fault of the page.
  window.addEventListener("beforeunload", () => (leaving = true));
  window.addEventListener("pagehide", () => (leaving = true));
  window.addEventListener("pageshow", () => (leaving = false));
}

/** True once the visitor is leaving the page (a link, a reload, a typed address), until it is shown again. */
export function pageIsLeaving(): boolean {
  return leaving;
}

/**
 * Logs a failure of the page's background work (session, build manifest, messages) as an error,
 * unless the visitor is leaving the page and the failure is the browser cancelling the request:
 * that goes to the debug log, so the console shows real faults only.
 */
export function logPageError(message: string, error: unknown): void {
  if (pageIsLeaving()) console.debug(`${message} (while leaving the page)`, error);
  else console.error(message, error);
}
