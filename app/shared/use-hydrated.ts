import { useSyncExternalStore } from "react";

const noChange = () => () => {};

/**
 * False on the server and while the page hydrates, true after: what only the device knows (its time
 * zone, the copy it kept, the time now) may then show without the first render differing from the
 * server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
}
