import { StrictMode, startTransition, useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { Router } from "react-router";
import { createDocumentHistory, type DocumentHistory } from "./document-history.ts";
import { translatorFor } from "../i18n/page-translator.ts";
import { TranslationProvider } from "../i18n/use-translation.tsx";
import type { Translator } from "../i18n/translator.ts";
import { logPageError } from "../page/page-errors.ts";
import type { RootData } from "../root-data.ts";
import { islands } from "../../islands.ts";
import { markHydrated } from "../page/server-html.tsx";
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, IslandDocumentContext, type IslandRegistry } from "./island-document.ts";

function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

/** What every island's root provides: the router of this document, its root data and its translator. */
export function IslandRoot({
  history,
  root,
  translator,
  onCommit,
  children,
}: {
  history: DocumentHistory;
  root: RootData;
  translator: Translator;
  onCommit: () => void;
  children: ReactNode;
}) {
  const location = useSyncExternalStore(history.subscribe, history.location, history.location);
  return (
    <StrictMode>
      <Router location={location} navigator={history.navigator}>
        <IslandDocumentContext value={root}>
          <TranslationProvider translator={translator}>
            {children}
            <Committed onCommit={onCommit} />
          </TranslationProvider>
        </IslandDocumentContext>
      </Router>
    </StrictMode>
  );
}

let documentParts: { root: RootData; history: DocumentHistory; translator: Translator } | undefined;

/** The router history and the translator every island of the page shown shares (a page moved to in place has its own). */
function shared(root: RootData) {
  if (documentParts?.root !== root) documentParts = { root, history: createDocumentHistory(window), translator: translatorFor(root.i18n) };
  return documentParts;
}

/** Every island hydrated (or hydrating) on the page shown, by its root. */
const roots = new Map<Root, HTMLElement>();
/** Islands ended because their page was left: whatever their roots report from now on, nobody sees it. */
const left = new WeakSet<HTMLElement>();

/** Unmounts every island hydrated so far: the reader left their page (a move in place, decision 044). */
export function unmountIslands(): void {
  for (const [root, element] of roots) {
    left.add(element);
    root.unmount();
  }
  roots.clear();
}

export { markHydrated };

// Loaded after the page was marked interactive (every island waited for its reader): what mounts from
// now on renders on the client, as it would had React hydrated the page as it loaded.
if (typeof document !== "undefined" && document.documentElement.dataset.hydrated === "true") markHydrated();

/**
 * Hydrates one island of a document served as islands (decision 025): the element the server marked
 * becomes a React root of its own, with its component from the registry and the props the server
 * wrote; the rest of the page stays the server's HTML. `onCommit` runs once it has committed, or
 * once it failed: an island whose name the registry does not know, or whose code fails to load, is
 * logged and left as server HTML. Loaded by `startIslands` only when an island must hydrate (decision 038).
 */
export async function hydrateIsland(element: HTMLElement, root: RootData, onCommit: () => void, registry: IslandRegistry = islands) {
  const { history, translator } = shared(root);
  const name = element.getAttribute(ISLAND_ATTRIBUTE) ?? "";
  let committed = false;
  const commit = () => {
    if (committed) return;
    committed = true;
    onCommit();
  };
  try {
    const load = Object.hasOwn(registry, name) ? registry[name] : undefined;
    if (!load) throw new Error(`no island is registered as "${name}"`);
    const Component = (await load()) as ComponentType<object>;
    // The reader moved to another page in place while its code loaded: nothing is left to hydrate.
    if (!element.isConnected) return commit();
    const props = JSON.parse(element.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? "{}") as object;
    startTransition(() => {
      const hydrated = hydrateRoot(
        element,
        <IslandRoot history={history} root={root} translator={translator} onCommit={commit}>
          <Component {...props} />
        </IslandRoot>,
        {
          // An island unmounted before it hydrated (its reader moved to another page in place, decision 044)
          // reports, as it unmounts and while its page is still in the document, that its root received an
          // update before it could hydrate: nothing is wrong on a page being left.
          onRecoverableError: (error) => {
            if (!left.has(element) && element.isConnected) reportError(error);
          },
        },
      );
      roots.set(hydrated, element);
    });
  } catch (error) {
    logPageError(`The island "${name}" could not hydrate; it stays as the server rendered it`, error);
    commit();
  }
}
