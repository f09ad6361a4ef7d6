/**
 * The browser side of delivery that needs no React: the background part (the build checks, and once the
 * page has settled this build's manifest, the web app manifest and the service worker) started once the
 * page is interactive, and the offline banner. A page hydrated by React Router starts them from its
 * runtimes (`delivery-runtime.ts`); an islands document from its plain runtimes, without loading React at
 * all (decision 038).
 */
import type { BuildMeta } from "../../../universal/delivery/build-refresh.ts";
import { safeRouteRules, type RouteRule } from "../../../universal/delivery/route-rules.ts";
import { afterInteractive } from "../../shared/page/after-interactive.ts";
import { onDemand } from "../../shared/page/on-demand.ts";
import { logPageError } from "../../shared/page/page-errors.ts";

export interface ClientBuild {
  id: string;
  checkIntervalMs: number;
}

/** The background part, fetched once when it is first needed (after the page is interactive); a failed fetch is tried again at the next use. */
const background = onDemand(
  () => import("./delivery-background.ts"),
  (error) => logPageError("Failed to load the delivery runtime; carrying on without build checks", error),
);

/**
 * Once the page is interactive: the build checks (`onNewBuild` when a newer build is out), and once it has
 * settled this build's manifest (`onMeta`) and the worker. Returns the function that stops them.
 */
export function startDeliveryWhenInteractive(build: ClientBuild, onMeta: (meta: BuildMeta) => void, onNewBuild: () => void): () => void {
  let stop: (() => void) | undefined;
  const cancelStart = afterInteractive(() => {
    stop = background.use((runtime) =>
      runtime.startDeliveryBackground({ buildId: build.id, checkIntervalMs: build.checkIntervalMs, onMeta, onNewBuild }),
    );
  });
  return () => {
    cancelStart();
    stop?.();
  };
}

/** Offers the page shown to the worker once the page is interactive (it keeps only prerendered pages). */
export function offerShownPage(shown: string): () => void {
  return afterInteractive(() => {
    background.use((runtime) => {
      runtime.offerForOffline(shown);
      return () => {};
    });
  });
}

/** The words of the offline banner, in the page's language. */
export interface OfflineWords {
  status: string;
  needsNetwork: string;
  reference: string;
}

/** The route rules of a path, from this build's manifest (none until it has loaded, or if it failed). */
export function routeRulesFor(meta: BuildMeta | undefined, path: string): RouteRule {
  return safeRouteRules(meta?.matcher, path, (error) => console.error("Failed to match route rules", error));
}

/** Whether the build's route rules say that a path needs the network (false until the manifest has loaded). */
export function needsNetwork(meta: BuildMeta | undefined, path: string): boolean {
  return routeRulesFor(meta, path).needsNetwork === true;
}

/**
 * The offline banner in plain DOM, inside `slot` (the server's empty `aria-live` box that `OfflineIndicator`
 * renders): shown while the browser is offline, with the same words and look. Returns `render`, to call
 * again when what `pathNeedsNetwork` answers may have changed, and `stop`.
 */
export function startOfflineBanner(
  slot: HTMLElement,
  words: OfflineWords,
  pathNeedsNetwork: () => boolean,
): { render: () => void; stop: () => void } {
  const render = () => {
    if (navigator.onLine) {
      // Online, as the page mostly is: the server's box is empty already, and emptying it again restyles it.
      if (slot.firstChild) slot.replaceChildren();
      return;
    }
    const banner = document.createElement("p");
    banner.dataset.testid = "offline-indicator";
    banner.className = OFFLINE_BANNER_CLASS;
    const status = document.createElement("strong");
    status.textContent = words.status;
    banner.append(status, ` ${pathNeedsNetwork() ? words.needsNetwork : words.reference}`);
    slot.replaceChildren(banner);
  };
  render();
  window.addEventListener("online", render);
  window.addEventListener("offline", render);
  return {
    render,
    stop: () => {
      window.removeEventListener("online", render);
      window.removeEventListener("offline", render);
    },
  };
}

/** The banner's classes, shared with `OfflineIndicator` (the two draw the same banner). */
export const OFFLINE_BANNER_CLASS =
  "pointer-events-auto max-w-xl rounded-md border border-line bg-surface px-4 py-2 text-sm text-fg shadow-lg";

/** The box the banner appears in, at the foot of the page. */
export const OFFLINE_SLOT_CLASS = "pointer-events-none fixed inset-x-0 bottom-0 z-40 flex justify-center p-3";
