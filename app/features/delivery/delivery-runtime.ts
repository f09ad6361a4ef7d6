/**
 * The browser side of delivery: this build's manifest (route rules), build refresh with the
 * reload-loop guard, and the service worker. Started once by the root route.
 */
import { useEffect, useState, useSyncExternalStore } from "react";
import { createPath, useBlocker, useLocation, useNavigation } from "react-router";
import type { BuildMeta } from "../../../universal/delivery/build-refresh.ts";
import { PENDING_PATH_GLOBAL, reloadTo } from "../../shared/delivery/reload-guard.ts";
import type { RouteRule } from "../../../universal/delivery/route-rules.ts";
import { offerShownPage, routeRulesFor, startDeliveryWhenInteractive, type ClientBuild } from "./document-delivery.ts";

export type { ClientBuild } from "./document-delivery.ts";

let meta: BuildMeta | undefined;
const metaListeners = new Set<() => void>();

function setMeta(next: BuildMeta) {
  meta = next;
  for (const listener of metaListeners) listener();
}

/** The route rules of a path, from this build's manifest (none until it has loaded, or if it failed). */
export function useRouteRules(path: string): RouteRule {
  const current = useSyncExternalStore(
    (listener) => {
      metaListeners.add(listener);
      return () => metaListeners.delete(listener);
    },
    () => meta,
    () => undefined,
  );
  return routeRulesFor(current, path);
}

function setPendingPath(path: string | undefined): void {
  (window as unknown as Record<string, string | undefined>)[PENDING_PATH_GLOBAL] = path;
}

/**
 * The background part of delivery, once the page is interactive: this build's manifest, the service
 * worker and the build checks; `data-build` on the document says whether a newer build is out. Every
 * page shown (`shown`) is offered to the worker, which keeps only prerendered pages (its route rules).
 * Returns whether a newer build has been announced.
 */
function useDeliveryBackground(build: ClientBuild, shown: string): boolean {
  const [outdated, setOutdated] = useState(false);

  // The manifest, the worker and the build checks wait until the page is interactive, and their code with them.
  useEffect(
    () => startDeliveryWhenInteractive({ id: build.id, checkIntervalMs: build.checkIntervalMs }, setMeta, () => setOutdated(true)),
    [build.id, build.checkIntervalMs],
  );

  useEffect(() => {
    document.documentElement.dataset.build = outdated ? "outdated" : "current";
  }, [outdated]);

  useEffect(() => offerShownPage(shown), [shown]);
  return outdated;
}

/** Delivery in a page hydrated by React Router: the background part, and build refresh on the next navigation. */
export function useDeliveryRuntime(build: ClientBuild): void {
  const location = useLocation();
  const navigation = useNavigation();
  const outdated = useDeliveryBackground(build, createPath(location));

  // The router asks the blocker first, synchronously, on every navigation: the moment to note where
  // it is heading, so a route chunk that then fails to load reloads that page. Once a newer build is
  // announced, the next navigation to another URL is blocked and becomes a full page load.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    setPendingPath(createPath(nextLocation));
    return outdated && createPath(nextLocation) !== createPath(currentLocation);
  });
  useEffect(() => {
    if (navigation.state === "idle") setPendingPath(undefined);
  }, [navigation.state]);
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    // The guard refuses when this path was just loaded fully: navigate in the page instead of looping.
    if (!reloadTo(createPath(blocker.location))) blocker.proceed();
  }, [blocker]);
}
