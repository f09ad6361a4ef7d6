/**
 * Pages through the render cache: a prerendered page (route rules) asked for by an anonymous
 * visitor, with no query but an entry `id` and `lang`, is rendered once per build, content
 * version and language, and then answered from memory with a fresh CSP nonce. Everyone else
 * (signed in, filtered lists, personal pages) gets a live render. `_payload.json` answers a
 * prerendered page's loader data as JSON, from the same renders.
 */
import { createHash } from "node:crypto";
import { isLanguage, LANGUAGE_PARAM, languageFromRequest, LOCALE_COOKIE } from "../../app/shared/i18n/languages.ts";
import { createRouteMatcher, matchRouteRules, routeRules, type RouteRule } from "../../app/shared/delivery/route-rules.ts";
import { AppError } from "../errors.ts";
import { matchesIfNoneMatch } from "../content-api/http-cache.ts";
import { renderKey, type CachedRender, type RenderCache } from "./render-cache.ts";

export type LoaderDataCapture = (loaderData: Record<string, unknown>) => void;
/** Renders a page through React Router; `capture` receives the loader data of the render. */
export type RenderPage = (request: Request, capture: LoaderDataCapture) => Promise<Response>;

export const PAYLOAD_SUFFIX = "/_payload.json";
const ENTRY_ID = /^[a-z0-9-]{1,80}$/;
const matcher = createRouteMatcher(routeRules);

export interface PageDeliveryOptions {
  cache: RenderCache;
  buildId: () => Promise<string>;
  contentVersion: () => Promise<string>;
  now?: () => number;
}

/**
 * The query a cached render may carry: an entry id (detail pages) and a language; any other
 * parameter (filters, pages, calculators) means a live render, so the cache cannot be flooded
 * with variants. Returns the normalized query, or null when the request is not cacheable.
 */
export function cacheableQuery(url: URL): string | null {
  const kept = new URLSearchParams();
  for (const [name, value] of url.searchParams) {
    if (name === "id" && ENTRY_ID.test(value) && !kept.has("id")) kept.set("id", value);
    else if (name === LANGUAGE_PARAM && isLanguage(value) && !kept.has(LANGUAGE_PARAM)) kept.set(LANGUAGE_PARAM, value);
    else return null;
  }
  kept.sort();
  const query = kept.toString();
  return query ? `?${query}` : "";
}

export function ruleFor(pathname: string): RouteRule {
  return matchRouteRules(matcher, pathname);
}

async function renderForCache(request: Request, render: RenderPage, nonce: string, now: number): Promise<CachedRender> {
  let loaderData: Record<string, unknown> = {};
  const response = await render(request, (data) => {
    loaderData = data;
  });
  const html = await response.text();
  return { status: response.status, headers: [...response.headers], html, nonce, loaderData, storedAt: now };
}

/** Only a complete public answer is kept: a 200 page that sets no cookie. */
function storable(entry: CachedRender): boolean {
  return entry.status === 200 && !entry.headers.some(([name]) => name.toLowerCase() === "set-cookie");
}

function answer(entry: CachedRender, nonce: string, hit: boolean): Response {
  const headers = new Headers(entry.headers);
  headers.set("X-Render-Cache", hit ? "hit" : "miss");
  headers.append("Vary", "Cookie");
  const html = entry.nonce === nonce ? entry.html : entry.html.split(entry.nonce).join(nonce);
  return new Response(html, { status: entry.status, headers });
}

export function createPageDelivery({ cache, buildId, contentVersion, now = Date.now }: PageDeliveryOptions) {
  async function cachedRender(request: Request, render: RenderPage, nonce: string, rule: RouteRule, query: string) {
    const url = new URL(request.url);
    const key = renderKey({
      buildId: await buildId(),
      contentVersion: await contentVersion(),
      language: languageFromRequest(request),
      url: `${url.pathname}${query}`,
    });
    const maxAgeMs = rule.maxAgeSeconds === undefined ? undefined : rule.maxAgeSeconds * 1000;
    return cache.getOrRender(key, now(), maxAgeMs, () => renderForCache(request, render, nonce, now()), storable);
  }

  return {
    /** A page: from the render cache when the request is a public one, else rendered live. */
    async document(request: Request, render: RenderPage, { nonce, anonymous }: { nonce: string; anonymous: boolean }): Promise<Response> {
      const url = new URL(request.url);
      const rule = ruleFor(url.pathname);
      const query = cacheableQuery(url);
      if (request.method !== "GET" || !anonymous || !rule.prerender || query === null) {
        return render(request, () => undefined);
      }
      const { entry, hit } = await cachedRender(request, render, nonce, rule, query);
      return answer(entry, nonce, hit);
    },

    /**
     * `GET {path}/_payload.json?{buildId}`: the loader data of a prerendered page (the root's
     * per-visitor data left out), with an ETag; `render` must render anonymously.
     */
    async payload(request: Request, render: RenderPage, nonce: string): Promise<Response> {
      const url = new URL(request.url);
      const pagePath = url.pathname.slice(0, -PAYLOAD_SUFFIX.length) || "/";
      const rule = ruleFor(pagePath);
      if (!rule.prerender) throw new AppError("not-found", `No prerendered page at ${pagePath}`);
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
      const { entry } = await cachedRender(pageRequest, render, nonce, rule, query);
      if (entry.status !== 200) throw new AppError(entry.status === 404 ? "not-found" : "internal", `No page data for ${pagePath}${query}`);
      const data = Object.fromEntries(Object.entries(entry.loaderData).filter(([routeId]) => routeId !== "root"));
      const body = JSON.stringify({
        buildId: currentBuild,
        contentVersion: await contentVersion(),
        language: languageFromRequest(pageRequest),
        path: `${pagePath}${query}`,
        data,
      });
      const tag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
      const headers = { ETag: tag, "Cache-Control": "no-cache", Vary: "Cookie" };
      if (matchesIfNoneMatch(request.headers.get("if-none-match") ?? undefined, tag)) return new Response(null, { status: 304, headers });
      return new Response(body, { status: 200, headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } });
    },
  };
}

export type PageDelivery = ReturnType<typeof createPageDelivery>;
