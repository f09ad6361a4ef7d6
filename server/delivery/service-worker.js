/* The service worker. `/sw.js` serves this file after a `const CONFIG = {…};` line written per
 * build by `server/delivery/service-worker.ts` (build id, files to precache, prerendered paths,
 * the offline page's texts), so every build has a byte-different worker and browsers update it.
 *
 * - Hashed assets and game icons: cache first (their names change with their content).
 * - Prerendered reference pages and their data (`.data`, `_payload.json`): network first, the
 *   cached copy when offline; kept per language (the locale cookie), per build.
 * - Everything else: network only; a page that is not kept answers offline with a "needs the
 *   network" page instead of the browser's error.
 * - Navigation preload: a page's request starts while the worker starts, in parallel, and the worker
 *   answers with that response (a stopped worker no longer delays each move between pages).
 * - A new build's worker takes over at once and deletes the old build's caches, so no page of an
 *   older build is served after a newer one is known.
 */
/* global CONFIG */
const PREFIX = "minithings-";
const SHELL_CACHE = `${PREFIX}shell-${CONFIG.buildId}`;
const PAGES_CACHE = `${PREFIX}pages-${CONFIG.buildId}`;
const DATA_SUFFIXES = [".data", "/_payload.json"];
const prerendered = new Set(CONFIG.prerendered);

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(CONFIG.precache))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== SHELL_CACHE && name !== PAGES_CACHE) await caches.delete(name);
      }
      // Where the browser has it: a navigation's request no longer waits for this worker to start.
      await self.registration?.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

/** The page a request is for: a document, or its data (`/mounts/detail.data`, `/mounts/_payload.json`). */
function pagePath(url) {
  for (const suffix of DATA_SUFFIXES) {
    if (url.pathname.endsWith(suffix)) {
      const path = url.pathname.slice(0, -suffix.length);
      return path === "" || path === "/_root" ? "/" : path;
    }
  }
  return url.pathname;
}

function isKeptPage(url) {
  return url.origin === self.location.origin && prerendered.has(pagePath(url).replace(/\/+$/, "") || "/");
}

async function currentLanguage(url) {
  const requested = url.searchParams.get(CONFIG.languageParam);
  if (CONFIG.languages.includes(requested)) return requested;
  try {
    const cookie = await self.cookieStore?.get(CONFIG.languageCookie);
    if (cookie && CONFIG.languages.includes(cookie.value)) return cookie.value;
  } catch {
    // No cookie store in this browser: the default language's copy.
  }
  return CONFIG.defaultLanguage;
}

/** Cached pages are kept per language: the same URL renders in the visitor's language. */
async function pageCacheKey(url) {
  const key = new URL(url);
  key.hash = "";
  key.searchParams.set("__language", await currentLanguage(url));
  return key.href;
}

async function networkFirst(request, load) {
  const url = new URL(request.url);
  const key = await pageCacheKey(url);
  const cache = await caches.open(PAGES_CACHE);
  try {
    const response = await load();
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(key);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char]);
}

/** The answer for a page that needs the network while there is none, in the visitor's language. */
async function needsNetworkPage(url) {
  const language = await currentLanguage(url);
  const text = CONFIG.messages[language] ?? CONFIG.messages[CONFIG.defaultLanguage];
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="theme-color" content="#F15A22"><title>${escapeHtml(text.title)}</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#f0f2f5;color:#1b1b1f}main{max-width:36rem;margin:15vh auto;padding:1.5rem}h1{font-size:1.5rem}a{color:#a3360d;font-weight:600}@media (prefers-color-scheme:dark){body{background:#121212;color:#ececf1}a{color:#ff9c73}}</style></head>
<body><main><h1>${escapeHtml(text.title)}</h1><p role="status">${escapeHtml(text.body)}</p><p><a href="${escapeHtml(url.href)}">${escapeHtml(text.retry)}</a></p></main></body></html>`;
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/assets/") || url.pathname.startsWith("/icons/")) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (CONFIG.precache.includes(url.pathname)) {
    event.respondWith(caches.match(url.pathname).then((cached) => cached ?? fetch(request)));
    return;
  }
  const document = request.mode === "navigate";
  const data = DATA_SUFFIXES.some((suffix) => url.pathname.endsWith(suffix));
  if (!document && !data) return;
  // A page's request, started by the browser with navigation preload while this worker started (or
  // none: preload off, or not a navigation), else fetched now.
  const load = async () => (document ? await event.preloadResponse : undefined) ?? fetch(request);
  if (isKeptPage(url)) {
    event.respondWith(networkFirst(request, load).catch(() => (document ? needsNetworkPage(url) : Response.error())));
  } else if (document) {
    event.respondWith(load().catch(() => needsNetworkPage(url)));
  }
});

/** Pages shown before this worker took control, and the files they loaded: fetched and kept now. */
async function keep(urls) {
  const shell = await caches.open(SHELL_CACHE);
  const pages = await caches.open(PAGES_CACHE);
  for (const href of urls) {
    const url = new URL(href, self.location.origin);
    if (url.origin !== self.location.origin) continue;
    try {
      if (url.pathname.startsWith("/assets/")) {
        if (!(await shell.match(url.href))) await shell.add(url.href);
      } else if (isKeptPage(url)) {
        // Already kept in this build and language: loading it online refreshes it anyway (network first).
        const key = await pageCacheKey(url);
        if (await pages.match(key)) continue;
        const response = await fetch(url.href, { credentials: "same-origin" });
        if (response.ok) await pages.put(key, response);
      }
    } catch {
      // Offline or gone: it will be kept the next time it loads.
    }
  }
}

self.addEventListener("message", (event) => {
  const message = event.data ?? {};
  if (event.origin && event.origin !== self.location.origin) return;
  if (message.type === CONFIG.messageTypes.keep && Array.isArray(message.urls)) event.waitUntil(keep(message.urls));
  if (message.type === CONFIG.messageTypes.forgetPages) event.waitUntil(caches.delete(PAGES_CACHE));
});

/*
 * A click on a browser notification the page showed through this worker (Chrome on Android shows
 * them no other way): the site's open window is focused and told to open the notification's page
 * in place; with no window open, a new one opens on it. Only same-origin paths are followed.
 */
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const href = typeof event.notification.data?.href === "string" ? event.notification.data.href : "/";
  const target = new URL(href, self.location.origin);
  const path = target.origin === self.location.origin ? target.pathname + target.search + target.hash : "/";
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((each) => each.focused) ?? windows[0];
      if (!open) return self.clients.openWindow(path);
      await open.focus();
      open.postMessage({ type: CONFIG.messageTypes.openNotification, href: path });
    })(),
  );
});
