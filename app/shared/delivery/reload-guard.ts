/**
 * The reload-loop guard: a full page load of a path is remembered in sessionStorage
 * for 10 seconds, and the same path is not reloaded again within that time. Build refresh and
 * chunk-failure reloads both go through it.
 */
export const RELOAD_GUARD_KEY = "minithings:reload";
export const RELOAD_GUARD_MS = 10_000;

/** What sessionStorage remembers: the reloaded path and when the guard lets it go. */
export interface ReloadMark {
  path: string;
  expires: number;
}

type GuardStorage = Pick<Storage, "getItem" | "setItem">;

/**
 * Whether `path` may be reloaded at `now`; when it may, the mark is written first. Self-contained
 * (no imports, no outer names) because `chunkReloadScript` inlines its source in `<head>`, where
 * it must work before any bundle has loaded. Without storage it refuses: no guard, no reload.
 */
export function claimReload(storage: GuardStorage, path: string, now: number, key: string, ttlMs: number): boolean {
  try {
    const raw = storage.getItem(key);
    const last = raw ? (JSON.parse(raw) as Partial<ReloadMark> | null) : null;
    if (last && last.path === path && typeof last.expires === "number" && last.expires > now) return false;
    storage.setItem(key, JSON.stringify({ path: path, expires: now + ttlMs }));
    return true;
  } catch {
    return false;
  }
}

/** A full page load of `path` (path, query and hash), unless the guard refuses; says which. */
export function reloadTo(path: string): boolean {
  if (!claimReload(sessionStorage, path, Date.now(), RELOAD_GUARD_KEY, RELOAD_GUARD_MS)) return false;
  window.location.assign(path);
  return true;
}

/** The global the `<head>` script defines, which React Router's patched route-module loader calls. */
export const CHUNK_FAILURE_HOOK = "__minithingsChunkFailed";
/** Where the app keeps the path a client navigation is heading to, so a failed chunk reloads the target. */
export const PENDING_PATH_GLOBAL = "__minithingsPendingPath";

/**
 * Inline `<head>` script (with the CSP nonce): a code chunk that fails to load (a module script
 * of the page, a dynamic import, a preload, or a route module during a client navigation) makes
 * one full page load, under the guard, of the navigation's target or else the current page.
 */
export function chunkReloadScript(): string {
  return `(function(){var claim=${claimReload.toString()};var key=${JSON.stringify(RELOAD_GUARD_KEY)},ttl=${RELOAD_GUARD_MS};
function target(){return window[${JSON.stringify(PENDING_PATH_GLOBAL)}]||location.pathname+location.search+location.hash}
function failed(error){var path=target();var storage;try{storage=sessionStorage}catch(_){return false}
if(!claim(storage,path,Date.now(),key,ttl)){console.warn("A code chunk failed to load again; not reloading "+path,error);return false}
location.assign(path);return true}
window[${JSON.stringify(CHUNK_FAILURE_HOOK)}]=failed;
addEventListener("error",function(e){var t=e.target;if(t&&t.tagName==="SCRIPT"&&t.type==="module")failed(new Error("module script failed: "+(t.src||"inline")))},true);
addEventListener("vite:preloadError",function(e){e.preventDefault();failed(e.payload)});
addEventListener("unhandledrejection",function(e){var m=String(e.reason&&e.reason.message||"");if(/dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(m)){e.preventDefault();failed(e.reason)}});
})()`;
}
