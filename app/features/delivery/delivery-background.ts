/**
 * The delivery work no one waits for, loaded on demand at the first idle moment after hydration
 * (decision 011): this build's manifest, the service worker and the build checks. Kept out of the
 * shell's chunk, so no page downloads it before it is interactive.
 */
import { fetchBuildMeta, fetchLatestBuild, startBuildChecks, type BuildMeta } from "../../../universal/delivery/build-refresh.ts";
import {
  keepForOffline,
  linkWebManifest,
  registerServiceWorker,
  updateServiceWorker,
} from "../../shared/delivery/service-worker-client.ts";
import { afterSettled } from "../../shared/page/after-interactive.ts";
import { logPageError } from "../../shared/page/page-errors.ts";

export interface BackgroundStart {
  buildId: string;
  checkIntervalMs: number;
  onMeta: (meta: BuildMeta) => void;
  onNewBuild: () => void;
}

/**
 * Starts the build checks now (the first about a second after the start), and the build's manifest, the
 * web app manifest and the worker once the page has settled: they serve the offline banner, installing
 * and later visits, and fetching them beside the page's own start slows it on a phone (decisions 053 and
 * 054). Returns the function that stops them.
 */
export function startDeliveryBackground({ buildId, checkIntervalMs, onMeta, onNewBuild }: BackgroundStart): () => void {
  const cancelWorker = afterSettled(() => {
    fetchBuildMeta(buildId)
      .then(onMeta)
      .catch((error: unknown) => logPageError("Failed to load the build manifest; carrying on without route rules", error));
    linkWebManifest();
    void registerServiceWorker();
  });
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  const stopChecks = startBuildChecks({
    buildId,
    intervalMs: checkIntervalMs,
    connection,
    fetchLatest: () => fetchLatestBuild(),
    onNewBuild: () => {
      onNewBuild();
      void updateServiceWorker();
    },
    onError: (error) => console.warn("Build check failed; will try again at the next interval", error),
  });
  return () => {
    cancelWorker();
    stopChecks();
  };
}

/** Offers the page shown to the worker; it keeps only prerendered pages (its route rules). */
export function offerForOffline(page: string): void {
  void keepForOffline(page).catch((error: unknown) => console.warn("Could not keep the page for offline use", error));
}
