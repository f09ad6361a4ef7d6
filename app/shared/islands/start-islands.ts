import { inTaskOfItsOwn, whenNearViewport } from "../page/after-interactive.ts";
import { logPageError } from "../page/page-errors.ts";
import type { RootData } from "../root-data.ts";
import {
  ISLAND_ATTRIBUTE,
  ISLAND_PROPS_ATTRIBUTE,
  ISLAND_WAKE_IF_STORED_ATTRIBUTE,
  ISLAND_WHEN_ATTRIBUTE,
  islandHydration,
  storedUnder,
} from "./island-markup.ts";
import { keepThroughHydration, wakeOnUse } from "./wake-on-use.ts";
import type * as Hydrator from "./hydrate-islands.tsx";

/**
 * An island whose work needs no React (the page's runtimes, a view beacon): started with its element,
 * its props and the document's root data, in plain DOM.
 */
export type PlainIsland = (element: HTMLElement, props: never, root: RootData) => void;

/** The island elements started so far in this document. */
const started = new WeakSet<HTMLElement>();

/** The performance mark `startIslands` sets as it starts. */
export const ISLANDS_START_MARK = "islands:start";

/** Asks for modules ahead of their import (the bundler leaves the shell's out of an island's preloads). */
function preload(modules: string[], doc: Document): void {
  for (const href of modules) {
    if (doc.querySelector(`link[rel="modulepreload"][href="${CSS.escape(href)}"]`)) continue;
    const link = doc.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    doc.head.appendChild(link);
  }
}

/**
 * Starts a document served as islands (decision 025) without React (decision 038). Its plain islands
 * start at once, wherever they are (one inside a waiting island, like the app bar's bell, keeps its part
 * live until that island hydrates over it); React, React DOM and the hydrator are loaded only for an
 * island that must hydrate: as the page loads (`always`, `signed-in` for a member, a `used` one whose
 * draft the device keeps), when its reader first uses it (`used`, decisions 032 and 042) or when it
 * comes near the viewport (`visible`). A page whose islands all wait, a member's as a visitor's, loads
 * none of that code until they reach for one. Once the islands that hydrate as the page loads
 * have committed (at once when there are none), `data-hydrated` marks the page interactive. `shell`
 * names the shell's modules (`shellModules`), preloaded with the hydrator.
 *
 * Each plain island starts in a task of its own, then the islands to hydrate are found and started in
 * another, and the page is marked interactive in a later one (`inTaskOfItsOwn`): on a phone, a
 * member's page starts in short tasks rather than one long one (decision 044). Steps queued by the
 * caller after this call run before the page is marked interactive.
 */
export function startIslands(
  root: RootData,
  plain: Record<string, PlainIsland>,
  loadHydrator: () => Promise<typeof Hydrator>,
  shell: string[] = [],
  doc: Document = document,
  step: (run: () => void) => void = inTaskOfItsOwn,
): void {
  // When the page's code started, in the performance timeline (after the first paint: decision 033).
  performance.mark(ISLANDS_START_MARK);
  const signedIn = root.viewer !== null;
  let hydrator: Promise<typeof Hydrator> | undefined;
  const hydrate = (element: HTMLElement, onCommit: () => void) => {
    // Whatever the reader does to the island's text areas from now until React has hydrated it stays.
    for (const field of element.querySelectorAll?.<HTMLTextAreaElement>("textarea") ?? []) keepThroughHydration(field);
    // The hydrator's own chunk and the shell's (React among them) are fetched together, not one after the other.
    if (!hydrator) preload(shell, doc);
    hydrator ??= loadHydrator().catch((error: unknown) => {
      hydrator = undefined; // the next island tries again
      throw error;
    });
    hydrator
      .then((module) => module.hydrateIsland(element, root, onCommit))
      .catch((error: unknown) => {
        logPageError(
          `The island "${element.getAttribute(ISLAND_ATTRIBUTE) ?? ""}" could not hydrate; it stays as the server rendered it`,
          error,
        );
        onCommit();
      });
  };
  // A page moved to in place (decision 044) keeps the islands that live as long as the document (the
  // page's runtimes): those were started with it.
  const all = [...doc.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)].filter((element) => !started.has(element));
  for (const element of all) started.add(element);
  for (const element of all) {
    const name = element.getAttribute(ISLAND_ATTRIBUTE) ?? "";
    const start = Object.hasOwn(plain, name) ? plain[name] : undefined;
    if (!start) continue;
    step(() => {
      // The reader moved on to another page in place before this step: nothing is left to start.
      if (element.isConnected === false) return;
      try {
        start(element, JSON.parse(element.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? "{}") as never, root);
      } catch (error) {
        logPageError(`The island "${name}" could not start`, error);
      }
    });
  }
  step(() => startHydration(all));

  function startHydration(all: HTMLElement[]): void {
    // An island inside another island's component is hydrated by the outer one, as part of it.
    const outermost = all.filter(
      (element) =>
        !Object.hasOwn(plain, element.getAttribute(ISLAND_ATTRIBUTE) ?? "") && !element.parentElement?.closest(`[${ISLAND_ATTRIBUTE}]`),
    );
    // Read only for an island that may have a draft kept: the first read of localStorage waits on the browser.
    const storage = () => {
      try {
        return doc.defaultView?.localStorage;
      } catch {
        return undefined;
      }
    };
    const now: HTMLElement[] = [];
    for (const element of outermost) {
      let when = islandHydration(element.getAttribute(ISLAND_WHEN_ATTRIBUTE), signedIn);
      const draftKeys = element.getAttribute(ISLAND_WAKE_IF_STORED_ATTRIBUTE) ?? "";
      if (when === "on-use" && draftKeys && storedUnder(draftKeys, storage())) when = "now";
      if (when === "now") now.push(element);
      else if (when === "on-use") wakeOnUse(element, (ready) => hydrate(element, ready));
      // An island's element has no box of its own (`display: contents`): its first child is what comes into view.
      else if (when === "on-visible") whenNearViewport(element.firstElementChild ?? element, () => hydrate(element, () => {}));
    }
    let waiting = now.length;
    const interactive = () => {
      if (hydrator) void hydrator.then((module) => module.markHydrated());
      else doc.documentElement.dataset.hydrated = "true";
    };
    if (waiting === 0) step(interactive);
    for (const element of now)
      hydrate(element, () => {
        waiting -= 1;
        if (waiting === 0) interactive();
      });
  }
}
