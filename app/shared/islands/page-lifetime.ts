/**
 * The life of the page shown in a document. A document load ends it with the document; a move in place
 * (`move-in-place.ts`, decision 044) ends it while the document lives on, so what a page's islands set
 * up beyond their own elements (a topic listened to, a listener on the document, a timer) must end with
 * it: they hand it here. Plain DOM, no imports: a plain island and the socket's helpers may use it.
 */

let current = new AbortController();

/** Aborted when the reader leaves the page shown now: for `addEventListener(…, { signal })` and the like. */
export function pageSignal(): AbortSignal {
  return current.signal;
}

/** Runs `stop` when the page shown now is left (at once if it already has been); answers `stop`. */
export function onPageEnd<T extends () => void>(stop: T): T {
  const signal = current.signal;
  if (signal.aborted) stop();
  else signal.addEventListener("abort", () => stop(), { once: true });
  return stop;
}

/** An interval that ends with the page. */
export function pageInterval(task: () => void, ms: number): void {
  const handle = setInterval(task, ms);
  onPageEnd(() => clearInterval(handle));
}

/** Ends the page shown now (what it set up stops) and begins the next one's life. */
export function endPage(): void {
  const ending = current;
  current = new AbortController();
  ending.abort();
}
