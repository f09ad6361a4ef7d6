import { createPath, type Navigator, type To } from "react-router";
import { moveInPlace } from "./move-in-place.ts";

export type DocumentLocation = { pathname: string; search: string; hash: string };

/** What the islands' history needs of the window (a fake one in tests). */
export interface DocumentWindow {
  location: Pick<Location, "href" | "origin" | "pathname" | "search" | "hash" | "assign" | "replace">;
  history: Pick<History, "go" | "replaceState" | "state">;
}

/** The router of a document's islands, and where the document is, shared by all of them. */
export interface DocumentHistory {
  navigator: Navigator;
  /** The same object until the URL changes (for `useSyncExternalStore`). */
  location(): DocumentLocation;
  subscribe(listener: () => void): () => void;
}

const href = (to: To) => (typeof to === "string" ? to : createPath(to));

/**
 * The islands' router (decision 025). Every navigation they ask for (a `<Link>`, a `navigate()`) loads
 * that document, as a plain link would, and cached pages make that load cheap; but replacing the URL
 * with one of the same path (a filter or a calculator keeping its inputs in the query string,
 * `useUrlParams`) changes it in place, and every island follows it. The page's server HTML must not
 * depend on such a parameter.
 */
export function createDocumentHistory(win: DocumentWindow): DocumentHistory {
  const read = (): DocumentLocation => ({ pathname: win.location.pathname, search: win.location.search, hash: win.location.hash });
  let current = read();
  const listeners = new Set<() => void>();
  return {
    navigator: {
      createHref: href,
      go: (delta) => win.history.go(delta),
      // A member's next page may be shown in place (decision 044), as a plain link's would.
      push: (to) => {
        if (!moveInPlace(href(to))) win.location.assign(href(to));
      },
      replace: (to) => {
        const url = new URL(href(to), win.location.href);
        if (url.origin !== win.location.origin || url.pathname !== win.location.pathname) {
          win.location.replace(url.href);
          return;
        }
        win.history.replaceState(win.history.state, "", url.href);
        current = read();
        for (const listener of listeners) listener();
      },
    },
    location: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
