import { StrictMode, startTransition, useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { Router } from "react-router";
import { createDocumentHistory, type DocumentHistory } from "./document-history.ts";
import { translatorFor } from "../i18n/page-translator.ts";
import { TranslationProvider } from "../i18n/use-translation.tsx";
import type { Translator } from "../i18n/translator.ts";
import { logPageError } from "../page/page-errors.ts";
import type { RootData } from "../root-data.ts";
import {
  ISLAND_ATTRIBUTE,
  ISLAND_DOCUMENT_DATA_ID,
  ISLAND_PROPS_ATTRIBUTE,
  ISLAND_WHEN_ATTRIBUTE,
  IslandDocumentContext,
  islandHydration,
  type IslandRegistry,
} from "./island-document.ts";
import { wakeOnUse } from "./wake-on-use.ts";

/** The data the server wrote for an islands document (`IslandScripts`), or null in any other page. */
export function islandDocumentData(doc: Document = document): RootData | null {
  const text = doc.getElementById(ISLAND_DOCUMENT_DATA_ID)?.textContent;
  return text ? (JSON.parse(text) as RootData) : null;
}

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

/**
 * Hydrates a document served as islands (decision 025): each element the server marked as an island
 * becomes a React root of its own, with its component from `registry` and the props the server wrote;
 * the rest of the page stays the server's HTML and needs no script (and so does an island marked to
 * hydrate only for a signed-in reader, when there is none, and one a visitor wakes by using it, until
 * they do: decision 032). Once every island that hydrates as the page loads has committed,
 * `onHydrated` runs (the page marks itself interactive). An island whose name the registry does not
 * know, or whose code fails to load, is logged and left as server HTML: the others still hydrate.
 */
export async function hydrateIslands(root: RootData, registry: IslandRegistry, onHydrated: () => void, doc: Document = document) {
  const translator = translatorFor(root.i18n);
  const history = createDocumentHistory(window);
  const signedIn = root.viewer !== null;
  // An island inside another island's component is hydrated by the outer one, as part of it.
  const outermost = [...doc.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)].filter(
    (element) => !element.parentElement?.closest(`[${ISLAND_ATTRIBUTE}]`),
  );
  const hydrate = async (element: HTMLElement, onCommit: () => void) => {
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
      const props = JSON.parse(element.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? "{}") as object;
      startTransition(() => {
        hydrateRoot(
          element,
          <IslandRoot history={history} root={root} translator={translator} onCommit={commit}>
            <Component {...props} />
          </IslandRoot>,
        );
      });
    } catch (error) {
      logPageError(`The island "${name}" could not hydrate; it stays as the server rendered it`, error);
      commit();
    }
  };
  const now: HTMLElement[] = [];
  for (const element of outermost) {
    const when = islandHydration(element.getAttribute(ISLAND_WHEN_ATTRIBUTE), signedIn);
    if (when === "now") now.push(element);
    else if (when === "on-use") wakeOnUse(element, (ready) => void hydrate(element, ready));
  }
  let waiting = now.length + 1;
  const settle = () => {
    waiting -= 1;
    if (waiting === 0) onHydrated();
  };
  await Promise.all(now.map((element) => hydrate(element, settle)));
  settle();
}
