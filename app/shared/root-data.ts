import { useContext } from "react";
import { useRouteLoaderData } from "react-router";
import { IslandDocumentContext } from "./islands/island-document.ts";
import type { Viewer } from "../../server/auth/viewer.ts";
import type { BellState } from "../../server/notifications/notifications.ts";
import type { I18nPayload } from "./i18n/page-translator.ts";
import type { Banner } from "../../universal/announcements/announcement-limits.ts";

/** What the root loader gives every page (see `app/root.tsx`). */
/** What every page may show of the signed-in person (their own data only): the server's viewer. */
export type PublicViewer = Viewer;

export interface RootData {
  viewer: PublicViewer | null;
  /**
   * The viewer's bell as the page was rendered (null for a visitor): the count it shows until it follows
   * the notifications live, and the newest one's id, after which the live feed starts (decision 044).
   */
  bell: BellState | null;
  appTitle: string;
  /** The team's announcements running now, in the page's language (a banner each). */
  banners: Banner[];
  i18n: I18nPayload;
  build: { id: string; checkIntervalMs: number };
  /** The site's public origin, for canonical URLs and social cards. */
  origin: string;
}

/** The root loader's data: from React Router, or in an islands document from the island's root (decision 025). */
export function useRootData(): RootData | undefined {
  const island = useContext(IslandDocumentContext);
  // Whether a React root is an island never changes while it lives, so the hooks called stay the same.
  if (island) return island;
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return useRouteLoaderData("root") as RootData | undefined;
}

export function rootDataFromMatches(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): RootData | undefined {
  return matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
}
