/** The attribute of the inline script that starts an islands document's client entry: the entry's URL. */
export const ENTRY_MODULE_ATTRIBUTE = "data-entry-module";

/**
 * The attribute of the module preloads an islands document names for its entry and the entry's imports
 * (`entryPreloads`, decision 040): the stream's filter of React Router's preloads keeps these.
 */
export const ENTRY_PRELOAD_ATTRIBUTE = "data-entry-preload";

/**
 * And the one with the URLs of the shell's modules (the root route's imports: React, React DOM, the
 * router, the shell's code), which an islands document preloads with its first island that hydrates
 * (decision 038); the starter does not use it.
 */
export const SHELL_MODULES_ATTRIBUTE = "data-shell-modules";

/** The shell's modules an islands document's starter names (`SHELL_MODULES_ATTRIBUTE`), none in any other page. */
export function shellModules(doc: Pick<Document, "querySelector"> = document): string[] {
  const names = doc.querySelector(`script[${SHELL_MODULES_ATTRIBUTE}]`)?.getAttribute(SHELL_MODULES_ATTRIBUTE) ?? "";
  return names.split(" ").filter(Boolean);
}

/** What `startEntryAfterFirstPaint` uses of the page (the window, in a browser): its document and its frame clock. */
export interface EntryStarterHost {
  document: {
    createElement(tag: "script"): HTMLScriptElement;
    body: Pick<HTMLElement, "appendChild">;
    /** A page the browser renders ahead of a likely click (speculation rules) that has not been shown yet. */
    prerendering?: boolean;
    addEventListener(type: "prerenderingchange", listener: () => void, options: { once: true }): void;
  };
  requestAnimationFrame(callback: () => void): unknown;
  setTimeout(callback: () => void, ms?: number): number;
  clearTimeout(handle: number): void;
}

/**
 * Runs the client entry `src` of an islands document once the page has been painted (decision 033):
 * the next frame's callback runs just before that frame is painted, and a timer it sets runs after it.
 * Until then the document's HTML, CSS and first layout have the phone's main thread to themselves. A tab
 * opened in the background paints no frame: the entry starts when it is shown, or after `fallbackMs` at
 * the latest. A page the browser prerenders ahead of a likely visit (from its address bar, or by
 * speculation rules, decision 043) runs none of its code until it is shown: no socket, no presence, no
 * read marker for a page nobody has seen yet.
 * The entry and its imports are already on their way: the document names them as module
 * preloads (`entryPreloads`, decision 040), which the browser requests as it parses the page, so the
 * script appended here starts no request of its own (on the calibrated phone, the first module request
 * a script makes cost the task that made it 5–19 ms of host time, counted as blocking time).
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
  const schedule = () => {
    host.requestAnimationFrame(() => host.setTimeout(start, 0));
    fallback = host.setTimeout(start, fallbackMs);
  };
  if (host.document.prerendering) host.document.addEventListener("prerenderingchange", schedule, { once: true });
  else schedule();
}

/**
 * The module preloads of an islands document's entry and of what it imports, at the end of its body:
 * plain HTML (React would hoist a `<link>` into the head), each marked as the entry's so that the
 * stream's filter of module preloads keeps it (decision 021).
 */
export function entryPreloads(modules: readonly string[]): string {
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return modules.map((href) => `<link rel="modulepreload" href="${escape(href)}" ${ENTRY_PRELOAD_ATTRIBUTE}>`).join("");
}

const FALLBACK_MS = 1_000;

/**
 * The inline script (with the CSP nonce, the entry's URL in its own `data-entry-module`): the same text
 * on every page and build, so a cached page's hash of it never changes.
 */
export function entryStarterScript(): string {
  return `(${startEntryAfterFirstPaint.toString()})(document.currentScript.getAttribute(${JSON.stringify(ENTRY_MODULE_ATTRIBUTE)}),window,${FALLBACK_MS})`;
}
