import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installSearchShortcut } from "./features/shell/search-shortcut.ts";
import { islands } from "./islands.ts";
import { hydrateIslands, islandDocumentData } from "./shared/islands/hydrate-islands.tsx";
import { markHydrated } from "./shared/page/server-html.tsx";

function hydrate(): void {
  // A page served as islands hydrates its islands only, without React Router (decision 025).
  const islandDocument = islandDocumentData();
  if (islandDocument) {
    void hydrateIslands(islandDocument, islands, markHydrated);
    return;
  }
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// The search shortcut is plain DOM: it works before the app bar hydrates (decision 032).
installSearchShortcut(document);

// The server's HTML is painted first, then hydrated: hydration's first slices no longer hold up the
// first frame (decision 021). A page opened in the background has no frames to wait for.
if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(hydrate, 0));
else hydrate();
