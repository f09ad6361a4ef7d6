/** The page's side of the service worker: registration, updates and what it keeps for offline use; the web app manifest. */
import { SERVICE_WORKER_MESSAGES, SERVICE_WORKER_PATH, WEB_MANIFEST_PATH } from "../../../universal/delivery/service-worker-protocol.ts";

/**
 * Names the web app manifest in the head, once (decision 054). The document does not name it as it loads:
 * the browser would fetch it and the icon it names, and decode that icon on the page's main thread,
 * while the page loads; only installing the site needs it, and that needs the worker too.
 */
export function linkWebManifest(doc: Document = document): void {
  if (doc.head.querySelector('link[rel="manifest"]')) return;
  const link = doc.createElement("link");
  link.rel = "manifest";
  link.href = WEB_MANIFEST_PATH;
  doc.head.append(link);
}

export async function registerServiceWorker(): Promise<void> {
  // Development serves modules that change on every edit: no offline copies to go stale there.
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  try {
    await navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: "/", updateViaCache: "none" });
  } catch (error) {
    console.warn("The service worker could not be registered; the site works without offline pages", error);
  }
}

/** The page on screen and the files it loaded before the worker took control, kept for offline use. */
export async function keepForOffline(page: string): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.ready;
  const assets = performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((url) => new URL(url).origin === location.origin && new URL(url).pathname.startsWith("/assets/"));
  registration.active?.postMessage({ type: SERVICE_WORKER_MESSAGES.keep, urls: [page, ...assets] });
}

/** A newer build: the worker fetches its new script now, so the new build's worker replaces this one. */
export async function updateServiceWorker(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  await registration?.update().catch((error: unknown) => console.warn("Service worker update failed", error));
}

/** Signing out leaves no personal page in the offline copies. */
export async function forgetOfflinePages(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  registration?.active?.postMessage({ type: SERVICE_WORKER_MESSAGES.forgetPages });
}
