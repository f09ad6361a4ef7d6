/** The attribute of the inline script that starts an islands document's client entry: the entry's URL. */
export const ENTRY_MODULE_ATTRIBUTE = "data-entry-module";

/** What `startEntryAfterFirstPaint` uses of the page (the window, in a browser): its document and its frame clock. */
export interface EntryStarterHost {
  document: { createElement(tag: "script"): HTMLScriptElement; body: Pick<HTMLElement, "appendChild"> };
  requestAnimationFrame(callback: () => void): unknown;
  setTimeout(callback: () => void, ms?: number): number;
  clearTimeout(handle: number): void;
}

/**
 * Starts the client entry `src` of an islands document once the page has been painted (decision 033):
 * the next frame's callback runs just before that frame is painted, and a timer it sets runs after it.
 * Until then the document's HTML, CSS and first layout have the phone's network and main thread to
 * themselves; the entry's modules are requested only afterwards. A tab opened in the background
 * paints no frame: the entry starts when it is shown, or after `fallbackMs` at the latest.
 *
 * Self-contained (no imports, no outer names): `entryStarterScript` inlines its source at the end of
 * the body, where it runs as the parser reaches it.
 */
export function startEntryAfterFirstPaint(src: string | null, host: EntryStarterHost, fallbackMs: number): void {
  if (!src) return;
  let started = false;
  let fallback = 0;
  const start = () => {
    if (started) return;
    started = true;
    // A timer left set would wake the page once more, a second later, for nothing.
    host.clearTimeout(fallback);
    const module = host.document.createElement("script");
    module.type = "module";
    module.src = src;
    host.document.body.appendChild(module);
  };
  host.requestAnimationFrame(() => host.setTimeout(start, 0));
  fallback = host.setTimeout(start, fallbackMs);
}

const FALLBACK_MS = 1_000;

/**
 * The inline script (with the CSP nonce, and the entry's URL in its own `data-entry-module`): the same
 * text on every page and build, so a cached page's hash of it never changes.
 */
export function entryStarterScript(): string {
  const src = `document.currentScript.getAttribute(${JSON.stringify(ENTRY_MODULE_ATTRIBUTE)})`;
  return `(${startEntryAfterFirstPaint.toString()})(${src},window,${FALLBACK_MS})`;
}
