/** The attribute of the inline script that starts an islands document's client entry: the entry's URL. */
export const ENTRY_MODULE_ATTRIBUTE = "data-entry-module";

/** And the one with the URLs of the modules the entry imports, space-separated (its `boot` chunk, decision 038). */
export const ENTRY_IMPORTS_ATTRIBUTE = "data-entry-imports";

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
    createElement(tag: "link"): HTMLLinkElement;
    body: Pick<HTMLElement, "appendChild">;
  };
  requestAnimationFrame(callback: () => void): unknown;
  setTimeout(callback: () => void, ms?: number): number;
  clearTimeout(handle: number): void;
}

/**
 * Starts the client entry `src` of an islands document once the page has been painted (decision 033):
 * the next frame's callback runs just before that frame is painted, and a timer it sets runs after it.
 * Until then the document's HTML, CSS and first layout have the phone's network and main thread to
 * themselves; the entry's modules are requested only afterwards. A tab opened in the background
 * paints no frame: the entry starts when it is shown, or after `fallbackMs` at the latest. The modules
 * the entry imports (`imports`, space-separated URLs) are preloaded with it, so they do not wait for the
 * entry to arrive and be parsed first.
 *
 * Self-contained (no imports, no outer names): `entryStarterScript` inlines its source at the end of
 * the body, where it runs as the parser reaches it.
 */
export function startEntryAfterFirstPaint(src: string | null, imports: string | null, host: EntryStarterHost, fallbackMs: number): void {
  if (!src) return;
  let started = false;
  let fallback = 0;
  const start = () => {
    if (started) return;
    started = true;
    // A timer left set would wake the page once more, a second later, for nothing.
    host.clearTimeout(fallback);
    for (const href of (imports ?? "").split(" ")) {
      if (!href) continue;
      const preload = host.document.createElement("link");
      preload.rel = "modulepreload";
      preload.href = href;
      host.document.body.appendChild(preload);
    }
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
 * The inline script (with the CSP nonce, the entry's URL in its own `data-entry-module` and its imports'
 * in `data-entry-imports`): the same
 * text on every page and build, so a cached page's hash of it never changes.
 */
export function entryStarterScript(): string {
  const attribute = (name: string) => `document.currentScript.getAttribute(${JSON.stringify(name)})`;
  return `(${startEntryAfterFirstPaint.toString()})(${attribute(ENTRY_MODULE_ATTRIBUTE)},${attribute(ENTRY_IMPORTS_ATTRIBUTE)},window,${FALLBACK_MS})`;
}
