/**
 * Pages through the render cache: a prerendered page (route rules) asked for by an anonymous
 * visitor, with no query but an entry `id` and `lang`, is rendered once per build, content
 * version and language, sealed (its inline scripts named by hash in the CSP instead of a nonce, so
 * its bytes are final), compressed once, and then answered from memory like a static file: by
 * `cached()` before the rest of the app looks at the request, or by `document()` on a miss.
 * A shared page (the feed, decision 035) is cached alike for visitors, for a short time and until a
 * change to it is announced. Everyone else (signed in, filtered lists, personal pages) gets a live
 * render with a nonce.
 * `_payload.json` answers a prerendered page's loader data as JSON, from the same renders.
 */
import { randomBytes } from "node:crypto";
import { isLanguage, LANGUAGE_PARAM, languageFromRequest, LOCALE_COOKIE } from "../../universal/i18n/languages.ts";
import { createRouteMatcher, matchRouteRules, normalizePath, routeRules, type RouteRule } from "../../universal/delivery/route-rules.ts";
import { carriesCredentials } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";
import { matchesIfNoneMatch, shortDigest } from "../content-api/http-cache.ts";
import { inlineScriptHash } from "../security-headers.ts";
import { COMPRESS_FROM_BYTES, compressed, preferredEncoding } from "../http/shared-body.ts";
import { renderKey, type CachedPage, type RenderCache, type RenderOutcome, type UncachedRender } from "./render-cache.ts";

export type LoaderDataCapture = (loaderData: Record<string, unknown>) => void;
/** Renders a page through React Router with `nonce` on its inline scripts; `capture` receives the loader data. */
export type RenderPage = (request: Request, options: { nonce: string; capture: LoaderDataCapture }) => Promise<Response>;

/** An answer, and the hashes of its inline scripts when it is a cached page (its CSP names them instead of a nonce). */
export interface PageAnswer {
  response: Response;
  scriptHashes?: readonly string[];
}

export const PAYLOAD_SUFFIX = "/_payload.json";
const ENTRY_ID = /^[a-z0-9-]{1,80}$/;
const matcher = createRouteMatcher(routeRules);

/**
 * A shared cache (a CDN, nginx) may answer a public page for a minute without asking, like the
 * clock pages' renders live; past that it may answer a stale copy for five minutes more while it
 * revalidates in the background (a 304 from us), so a busy page never waits on the origin and a quiet
 * one is at most six minutes old. Browsers always revalidate (`max-age=0`): a new build or content
 * shows on the next visit.
 */
const SHARED_MAX_AGE_SECONDS = 60;
const STALE_WHILE_REVALIDATE_SECONDS = 300;
/** An anonymous answer to a request that carried credentials that named nobody: not for shared caches. */
const PRIVATE_CACHE_CONTROL = "private, no-cache";
/**
 * The language comes from the `locale` cookie (or `?lang=`, part of the URL); `Accept-Language` is
 * never read, so it is not named. A shared cache keys on the whole Cookie header: visitors with no
 * cookie share one copy, those with `locale=en-US` another, and a session cookie never matches either.
 */
const PAGE_VARY = "Accept-Encoding, Cookie";
/** Quality 6 costs about one more render of the page; 11 would save about a tenth of the bytes for 10–50 times the CPU (decision 012). */
const BROTLI_QUALITY = 6;
/** The content version is a query: asked at most this often, so a cached page needs no database. */
export const CONTENT_VERSION_TTL_MS = 1_000;

export interface PageDeliveryOptions {
  cache: RenderCache;
  buildId: () => Promise<string>;
  /** The content pack's checksum (read at most once per `CONTENT_VERSION_TTL_MS`). */
  contentVersion: () => Promise<string>;
  /** How many changes have been announced for a shared page's pathname (`page-changes.ts`): part of its renders' key. */
  pageVersion?: (pathname: string) => number;
  now?: () => number;
}

/**
 * The query a cached render may carry: an entry id (detail pages), a language, and the parameters
 * the page's rule names with their values (`cacheQuery`: the feed's sort and posts' language); any
 * other parameter or value (filters, pages, calculators, a cursor) means a live render, so the cache
 * cannot be flooded with variants. Returns the normalized query, or null when the request is not cacheable.
 */
export function cacheableQuery(url: URL, extra: RouteRule["cacheQuery"] = {}): string | null {
  const kept = new URLSearchParams();
  for (const [name, value] of url.searchParams) {
    if (kept.has(name)) return null;
    if (name === "id" && ENTRY_ID.test(value)) kept.set("id", value);
    else if (name === LANGUAGE_PARAM && isLanguage(value)) kept.set(LANGUAGE_PARAM, value);
    else if (Object.hasOwn(extra, name) && extra[name]?.includes(value)) kept.set(name, value);
    else return null;
  }
  kept.sort();
  const query = kept.toString();
  return query ? `?${query}` : "";
}

export function ruleFor(pathname: string): RouteRule {
  return matchRouteRules(matcher, pathname);
}

/**
 * `read()`'s value, read again once it is `ttlMs` old (or forgotten). A failed read is not kept: it
 * answers the last value read well, if any (the database away for a moment leaves the cached pages
 * answering), else it fails, and the next call reads again.
 */
function recentValue<T>(read: () => Promise<T>, ttlMs: number, now: () => number): (() => Promise<T>) & { forget(): void } {
  let value: Promise<T> | undefined;
  let readAt = 0;
  let good: { value: T } | undefined;
  const recent = () => {
    const time = now();
    if (value === undefined || time - readAt >= ttlMs) {
      const reading: Promise<T> = read().then(
        (result) => {
          good = { value: result };
          return result;
        },
        (error: unknown) => {
          if (value === reading) value = undefined;
          if (good) return good.value;
          throw error;
        },
      );
      value = reading;
      readAt = time;
    }
    return value;
  };
  return Object.assign(recent, {
    forget: () => {
      value = undefined;
    },
  });
}

/**
 * Makes a render's bytes final: every inline script that carries the render's nonce (ours, not
 * anything injected into the page's content) is named by its hash, and the nonce leaves the HTML.
 */
export function sealInlineScripts(html: string, nonce: string): { html: string; scriptHashes: string[] } {
  const nonceAttribute = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  for (const [, attributes = "", source = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (!attributes.includes(nonceAttribute) || /\ssrc\s*=/i.test(attributes)) continue;
    // The browser hashes the text as its parser reads it: line breaks normalized to LF.
    hashes.add(inlineScriptHash(source.replace(/\r\n?/g, "\n")));
  }
  return { html: html.split(nonceAttribute).join(""), scriptHashes: [...hashes] };
}

/** Renders a page for the cache with a nonce nobody is sent; a 200 without cookies is sealed and compressed, once. */
async function renderForCache(request: Request, render: RenderPage, now: number): Promise<RenderOutcome> {
  const nonce = randomBytes(16).toString("base64");
  let loaderData: Record<string, unknown> = {};
  const response = await render(request, {
    nonce,
    capture: (data) => {
      loaderData = data;
    },
  });
  const html = await response.text();
  if (response.status !== 200 || response.headers.has("set-cookie")) {
    return { uncached: { status: response.status, headers: [...response.headers], html, nonce, loaderData } };
  }
  const sealed = sealInlineScripts(html, nonce);
  const identity = Buffer.from(sealed.html, "utf8");
  const [brotli, gzipped] = await Promise.all([compressed(identity, "br", BROTLI_QUALITY), compressed(identity, "gzip")]);
  const tag = shortDigest(identity, 27);
  const page: CachedPage = {
    contentType: response.headers.get("content-type") ?? "text/html; charset=utf-8",
    scriptHashes: sealed.scriptHashes,
    bodies: {
      identity: { bytes: identity, etag: `"${tag}"` },
      br: { bytes: brotli, etag: `"${tag}-br"` },
      gzip: { bytes: gzipped, etag: `"${tag}-gz"` },
    },
    loaderData,
    storedAt: now,
  };
  return { page };
}

/** A cached page in the client's encoding; 304 when the client holds these bytes. */
function pageAnswer(request: Request, page: CachedPage, { hit, cacheControl }: { hit: boolean; cacheControl: string }): PageAnswer {
  const encoding = preferredEncoding(request.headers.get("accept-encoding"));
  const body = page.bodies[encoding];
  const headers: Record<string, string> = {
    "Cache-Control": cacheControl,
    Vary: PAGE_VARY,
    ETag: body.etag,
    "X-Render-Cache": hit ? "hit" : "miss",
  };
  if (matchesIfNoneMatch(request.headers.get("if-none-match") ?? undefined, body.etag)) {
    return { response: new Response(null, { status: 304, headers }), scriptHashes: page.scriptHashes };
  }
  headers["Content-Type"] = page.contentType;
  if (encoding !== "identity") headers["Content-Encoding"] = encoding;
  return { response: new Response(body.bytes, { status: 200, headers }), scriptHashes: page.scriptHashes };
}

/** Brotli's quality for a live page, compressed for one reader: fast (about 1 ms for 100 KB), still smaller than gzip. */
const LIVE_BROTLI_QUALITY = 4;

/**
 * A live render's answer as one compressed body, as a cached page is sent. The page is rendered
 * whole before its first byte anyway (`onAllReady`, app/entry.server.tsx); streamed through the
 * compression middleware it reached the browser in three or four pieces, and a phone's parser took
 * each as it came, styling and laying out the page again after each one (a member's page is a live
 * render: decision 050).
 */
async function inOnePiece(request: Request, response: Response): Promise<Response> {
  if (!response.body || response.headers.has("Content-Encoding")) return response;
  const html = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  const vary = headers.get("Vary");
  if (!vary?.toLowerCase().includes("accept-encoding")) headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  const encoding = html.byteLength < COMPRESS_FROM_BYTES ? "identity" : preferredEncoding(request.headers.get("accept-encoding"));
  const body = encoding === "identity" ? html : await compressed(html, encoding, LIVE_BROTLI_QUALITY);
  if (encoding !== "identity") headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.byteLength));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** An answer that was not kept (a 404 detail page...): the HTML with this response's own nonce. */
function uncachedAnswer(render: UncachedRender, nonce: string): PageAnswer {
  const headers = new Headers(render.headers);
  headers.set("X-Render-Cache", "miss");
  headers.append("Vary", "Cookie");
  return { response: new Response(render.html.split(render.nonce).join(nonce), { status: render.status, headers }) };
}

/** A page members write may change at any moment: a shared cache keeps it but asks each time (a 304 from memory). */
const SHARED_PAGE_CACHE_CONTROL = "public, no-cache";

function sharedCacheControl(rule: RouteRule): string {
  if (rule.shared) return SHARED_PAGE_CACHE_CONTROL;
  const shared = Math.min(SHARED_MAX_AGE_SECONDS, rule.maxAgeSeconds ?? SHARED_MAX_AGE_SECONDS);
  return `public, max-age=0, s-maxage=${shared}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`;
}

export function createPageDelivery({ cache, buildId, contentVersion, pageVersion = () => 0, now = Date.now }: PageDeliveryOptions) {
  const recentContentVersion = recentValue(contentVersion, CONTENT_VERSION_TTL_MS, now);

  /** Where a request's page lives in the cache, or null when the request is not for a cached page. */
  async function cacheSlot(request: Request): Promise<{ key: string; rule: RouteRule; maxAgeMs: number | undefined } | null> {
    const url = new URL(request.url);
    const rule = ruleFor(url.pathname);
    if (!rule.prerender && !rule.shared) return null;
    const query = cacheableQuery(url, rule.cacheQuery);
    if (query === null) return null;
    const pathname = normalizePath(url.pathname);
    const key = renderKey({
      buildId: await buildId(),
      contentVersion: `${await recentContentVersion()}.${pageVersion(pathname)}`,
      language: languageFromRequest(request),
      url: `${url.pathname}${query}`,
    });
    return { key, rule, maxAgeMs: rule.maxAgeSeconds === undefined ? undefined : rule.maxAgeSeconds * 1000 };
  }

  async function cachedRender(request: Request, render: RenderPage) {
    const slot = await cacheSlot(request);
    if (!slot) return null;
    const { outcome, hit } = await cache.getOrRender(slot.key, now(), slot.maxAgeMs, () => renderForCache(request, render, now()));
    return { outcome, hit, rule: slot.rule };
  }

  return {
    /** A new pack (or settings, or announcements) is in use: the next request reads the version again, not within a second. */
    contentChanged(): void {
      recentContentVersion.forget();
    },
    /**
     * A visitor's GET of a page the cache holds, answered from memory and never rendered: for the
     * front of the middleware chain. Undefined for anything else (signed in, not cached yet...).
     */
    async cached(request: Request): Promise<PageAnswer | undefined> {
      if (request.method !== "GET" || carriesCredentials(request.headers)) return undefined;
      const slot = await cacheSlot(request);
      const page = slot && cache.get(slot.key, now(), slot.maxAgeMs);
      if (!slot || !page) return undefined;
      return pageAnswer(request, page, { hit: true, cacheControl: sharedCacheControl(slot.rule) });
    },

    /**
     * A page: from the render cache (rendered on a miss) when an anonymous visitor asks for a
     * cached page, else rendered live with `nonce`. A signed-in answer is never stored by anyone.
     */
    async document(request: Request, render: RenderPage, { nonce, anonymous }: { nonce: string; anonymous: boolean }): Promise<PageAnswer> {
      const cached = request.method === "GET" && anonymous ? await cachedRender(request, render) : null;
      if (!cached) {
        const response = await render(request, { nonce, capture: () => undefined });
        if (!anonymous) response.headers.set("Cache-Control", "no-store");
        return { response: await inOnePiece(request, response) };
      }
      const { outcome, hit, rule } = cached;
      if ("uncached" in outcome) return uncachedAnswer(outcome.uncached, nonce);
      // Credentials that named nobody (an expired session) still get the public page, but only for themselves.
      const cacheControl = carriesCredentials(request.headers) ? PRIVATE_CACHE_CONTROL : sharedCacheControl(rule);
      return pageAnswer(request, outcome.page, { hit, cacheControl });
    },

    /**
     * `GET {path}/_payload.json?{buildId}`: the loader data of a prerendered page (the root's
     * per-visitor data left out), with an ETag; `render` must render anonymously.
     */
    async payload(request: Request, render: RenderPage): Promise<Response> {
      const url = new URL(request.url);
      const pagePath = url.pathname.slice(0, -PAYLOAD_SUFFIX.length) || "/";
      if (!ruleFor(pagePath).prerender) throw new AppError("not-found", `No prerendered page at ${pagePath}`);
      const currentBuild = await buildId();
      const pageUrl = new URL(url);
      pageUrl.pathname = pagePath;
      // `?{buildId}` only busts caches: a bare parameter, whichever build the client runs.
      for (const [name, value] of [...pageUrl.searchParams]) if (value === "") pageUrl.searchParams.delete(name);
      const query = cacheableQuery(pageUrl);
      if (query === null) throw new AppError("invalid-argument", "A payload takes an entry id and a language only.");
      // Public data only: rendered as an anonymous visitor in the request's language.
      const language = languageFromRequest(request);
      const pageRequest = new Request(`${pageUrl.origin}${pagePath}${query}`, { headers: { cookie: `${LOCALE_COOKIE}=${language}` } });
      const outcome = (await cachedRender(pageRequest, render))?.outcome;
      const { status, loaderData } = !outcome
        ? { status: 404, loaderData: {} }
        : "page" in outcome
          ? { status: 200, ...outcome.page }
          : outcome.uncached;
      if (status !== 200) throw new AppError(status === 404 ? "not-found" : "internal", `No page data for ${pagePath}${query}`);
      const data = Object.fromEntries(Object.entries(loaderData).filter(([routeId]) => routeId !== "root"));
      const body = JSON.stringify({
        buildId: currentBuild,
        contentVersion: await recentContentVersion(),
        language: languageFromRequest(pageRequest),
        path: `${pagePath}${query}`,
        data,
      });
      const tag = `W/"${shortDigest(body, 22)}"`;
      const headers = { ETag: tag, "Cache-Control": "no-cache", Vary: "Cookie" };
      if (matchesIfNoneMatch(request.headers.get("if-none-match") ?? undefined, tag)) return new Response(null, { status: 304, headers });
      return new Response(body, { status: 200, headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } });
    },
  };
}

export type PageDelivery = ReturnType<typeof createPageDelivery>;
