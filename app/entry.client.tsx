import { installSearchShortcut } from "./features/shell/search-shortcut.ts";
import { plainIslands } from "./islands.ts";
import { shellModules } from "./shared/islands/entry-after-paint.ts";
import { islandDocumentData } from "./shared/islands/island-markup.ts";
import { startIslands } from "./shared/islands/start-islands.ts";
import { startMovesInPlace } from "./shared/islands/move-in-place.ts";
import { inTaskOfItsOwn } from "./shared/page/after-interactive.ts";
import { offerShownPage } from "./features/delivery/document-delivery.ts";
import type * as Hydrator from "./shared/islands/hydrate-islands.tsx";

/** The hydrator, once an island of the page has needed it: its islands unmount when the reader moves on. */
let loadedHydrator: typeof Hydrator | undefined;

/**
 * The client entry imports no React (decision 038). A page served as islands starts its islands
 * without React Router (decision 025), and loads React only for an island that must hydrate; a page
 * hydrated by React Router has already loaded React and the router with its route modules, and
 * `hydrateRouter` is in the shell's chunk, which its root route loaded too.
 */
function start(): void {
  const islandDocument = islandDocumentData();
  if (islandDocument) {
    const loadHydrator = () => import("./shared/islands/hydrate-islands.tsx").then((module) => (loadedHydrator = module));
    const shell = shellModules();
    startIslands(islandDocument, plainIslands, loadHydrator, shell);
    // A member's next daily page is shown in this document (decision 044), its islands started as on a
    // load. A step of its own, queued before the page is marked interactive.
    inTaskOfItsOwn(() =>
      startMovesInPlace(islandDocument, {
        leave: () => loadedHydrator?.unmountIslands(),
        shown(root, path) {
          startIslands(root, plainIslands, loadHydrator, shell);
          offerShownPage(path);
        },
      }),
    );
    return;
  }
  void import("./shared/page/server-html.tsx").then((module) => module.hydrateRouter());
}

// The search shortcut is plain DOM: it works before the app bar hydrates (decision 032).
installSearchShortcut(document);

// The server's HTML is painted first, then hydrated: hydration's first slices no longer hold up the
// first frame (decision 021). A page opened in the background has no frames to wait for.
if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(start, 0));
else start();
