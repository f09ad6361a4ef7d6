import { startDocumentRuntimes } from "./document-runtimes.ts";
import { startViewBeacon } from "./shared/content/view-beacon.ts";
import type { FeedLiveProps } from "./features/feed/feed-live-notice.ts";
import { logPageError } from "./shared/page/page-errors.ts";
import type { PlainIsland } from "./shared/islands/start-islands.ts";

/**
 * Every island a page may serve (decision 025): its name, and how the browser loads its component.
 * A page marks an island with `<Island name=… component=… props=…>`; the type of `component` must be
 * the one registered here under that name, so the server and the browser render the same thing.
 */
export const islands = {
  "app-bar": () => import("./layouts/default-app-bar.tsx").then((module) => module.DefaultAppBar),
  "page-runtimes": () => import("./page-runtimes.tsx").then((module) => module.DocumentRuntimes),
  "favorite-star": () => import("./shared/ui/favorite-star.tsx").then((module) => module.FavoriteStarControl),
  "record-view": () => import("./shared/content/record-view.tsx").then((module) => module.ViewBeacon),
  "craft-calculator": () => import("./features/craft/craft-calculator.tsx").then((module) => module.CraftCalculator),
  "district-map": () => import("./features/district/district-map-page.tsx").then((module) => module.DistrictMap),
  "level-calculator": () => import("./features/level/level-page.tsx").then((module) => module.LevelCalculator),
  "manor-calculator": () => import("./features/manors/manor-detail.tsx").then((module) => module.ManorCalculator),
  "feed-list": () => import("./features/feed/feed-page.tsx").then((module) => module.FeedList),
  "feed-live": () => import("./features/feed/feed-live.tsx").then((module) => module.FeedLive),
  "feed-post": () => import("./features/feed/feed-page.tsx").then((module) => module.FeedPost),
  "item-market": () => import("./features/catalog/item-market-slot.tsx").then((module) => module.MarketSlot),
};

export type IslandName = keyof typeof islands;

/**
 * The islands whose work needs no React (decision 038): an islands document starts them in plain DOM,
 * with the same props; a page hydrated by React Router renders their components as it does any other.
 */
export const plainIslands = {
  "page-runtimes": startDocumentRuntimes,
  "record-view": startViewBeacon,
  // Only the feed's pages have it: its code (and the socket client's) is fetched by the page that does.
  "feed-live": (element: HTMLElement, props: FeedLiveProps) => {
    import("./features/feed/feed-live-notice.ts")
      .then((module) => module.startFeedLive(element, props))
      .catch((error: unknown) => logPageError('The island "feed-live" could not start', error));
  },
} satisfies Partial<Record<IslandName, PlainIsland>> as Record<string, PlainIsland>;
