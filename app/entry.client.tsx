import { installSearchShortcut } from "./features/shell/search-shortcut.ts";
import { plainIslands } from "./islands.ts";
import { shellModules } from "./shared/islands/entry-after-paint.ts";
import { islandDocumentData } from "./shared/islands/island-markup.ts";
import { startIslands } from "./shared/islands/start-islands.ts";

/**
 * The client entry imports no React (decision 038). A page served as islands starts its islands
 * without React Router (decision 025), and loads React only for an island that must hydrate; a page
 * hydrated by React Router has already loaded React and the router with its route modules, and
 * `hydrateRouter` is in the shell's chunk, which its root route loaded too.
 */
function start(): void {
  const islandDocument = islandDocumentData();
  if (islandDocument) {
    startIslands(islandDocument, plainIslands, () => import("./shared/islands/hydrate-islands.tsx"), shellModules());
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
