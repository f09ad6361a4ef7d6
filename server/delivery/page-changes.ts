/**
 * Pages shared with every visitor whose content members write (the feed, the home page's latest
 * posts): a feature that changed what they show says so on the hub once its write has committed,
 * and the render cache of every process (over the bus) keys those pages by a version that the
 * change moves, so the next visitor gets a fresh render, not a post that a moderator just hid
 * (decision 035). A change lost on the bus is bounded by the page's own render lifetime.
 */
import type { RealtimeHub } from "../realtime/hub.ts";

export const PAGES_TOPIC = "pages";

/** On the hub's `pages` topic: what visitors see on these pathnames has changed. */
export interface PagesChanged {
  type: "pages-changed";
  topic: typeof PAGES_TOPIC;
  paths: string[];
}

export function publishPagesChanged(hub: RealtimeHub, paths: readonly string[]): void {
  hub.publish({ type: "pages-changed", topic: PAGES_TOPIC, paths: [...paths] });
}

/**
 * A number that grows each time a pathname changes (0: never since this process started), as the
 * hub reports it. A gap in the bus (a change another process announced may have been missed)
 * counts as a change of every page.
 */
export function pageVersions(hub: RealtimeHub): { of(pathname: string): number; close(): void } {
  const versions = new Map<string, number>();
  let gaps = 0;
  const stopListening = hub.listen(PAGES_TOPIC, (event) => {
    if (event.type !== "pages-changed" || !Array.isArray(event.paths)) return;
    for (const path of event.paths) if (typeof path === "string") versions.set(path, (versions.get(path) ?? 0) + 1);
  });
  const stopGaps = hub.onGap(() => (gaps += 1));
  return {
    of: (pathname) => (versions.get(pathname) ?? 0) + gaps,
    close: () => {
      stopListening();
      stopGaps();
    },
  };
}
