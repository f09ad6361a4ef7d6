/** What the page and the service worker (`server/delivery/service-worker.js`) agree on. */
export const SERVICE_WORKER_PATH = "/sw.js";
/** The web app manifest: with the worker, what makes the site installable. */
export const WEB_MANIFEST_PATH = "/manifest.webmanifest";

export const SERVICE_WORKER_MESSAGES = {
  /** Drop the cached pages and their data (sign-out). */
  forgetPages: "forget-pages",
  /** Keep these same-origin URLs (the page just shown, its assets) for offline use. */
  keep: "keep",
  /** From the worker to a page: a browser notification was clicked; open its same-origin `href` in place. */
  openNotification: "open-notification",
} as const;
