/**
 * Route rules: what a path is allowed to be (prerendered and cached, offline-capable, never
 * cached...), as data the server applies and the client matches against. The build manifest
 * (`/builds/meta/{buildId}.json`) carries the matcher, so the browser knows a page's rules
 * without asking the server.
 */
import { feedSorts } from "../feed/feed-limits.ts";
import { rankingKinds, rankingWindows } from "../rankings/ranking-limits.ts";
import { languages } from "../i18n/languages.ts";
import { pages } from "../routing/route-table.ts";

export interface RouteRule {
  /** Rendered once per content version and served from the render cache (anonymous visitors). */
  prerender?: boolean;
  /** Lifetime of a cached render in seconds, for pages that show countdowns; none: until the content changes. */
  maxAgeSeconds?: number;
  /** The page cannot work offline (personal or live data): the offline indicator says so. */
  needsNetwork?: boolean;
  /** `Cache-Control` the server sends for the path. */
  cacheControl?: string;
  /**
   * A page members write (the feed): live for members, but answered to visitors from the render cache
   * like a prerendered page, each render kept `maxAgeSeconds` at most and dropped as soon as a change
   * is announced (`server/delivery/page-changes.ts`); not kept offline, not in the sitemap's pages.
   */
  shared?: boolean;
  /** Query parameters a cached render may carry beyond an entry id and the language, with the values each may take. */
  cacheQuery?: Readonly<Record<string, readonly string[]>>;
}

/** Rules by path: an exact path, or a prefix ending in `/**` that also covers the prefix itself. */
export type RouteRules = Readonly<Record<string, RouteRule>>;

/**
 * The rules in a form a client can match without a router: exact paths, and prefixes (without the
 * trailing `/**`). Plain JSON, so the build manifest can carry it.
 */
export interface RouteMatcher {
  exact: Record<string, RouteRule>;
  prefix: Record<string, RouteRule>;
}

const WILDCARD = "/**";

export function createRouteMatcher(rules: RouteRules): RouteMatcher {
  const matcher: RouteMatcher = { exact: {}, prefix: {} };
  for (const [path, rule] of Object.entries(rules)) {
    if (!path.startsWith("/")) throw new Error(`Route rule paths start with "/": ${path}`);
    if (path.endsWith(WILDCARD)) matcher.prefix[path.slice(0, -WILDCARD.length) || "/"] = rule;
    else if (path.includes("*")) throw new Error(`Only a trailing "/**" wildcard is supported: ${path}`);
    else matcher.exact[path] = rule;
  }
  return matcher;
}

/** Trailing slashes do not make another page: `/mounts/` is `/mounts`. */
export function normalizePath(path: string): string {
  const pathname = path.split(/[?#]/, 1)[0] ?? "/";
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : "/";
}

function coversPath(prefix: string, path: string): boolean {
  return prefix === "/" || path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * The rules that apply to a path (query and hash ignored): every matching prefix, shorter before
 * longer, then the exact rule; a more specific rule overrides a field of a less specific one.
 */
export function matchRouteRules(matcher: RouteMatcher, path: string): RouteRule {
  const pathname = normalizePath(path);
  const prefixes = Object.keys(matcher.prefix)
    .filter((prefix) => coversPath(prefix, pathname))
    .sort((a, b) => a.length - b.length);
  const merged: RouteRule = {};
  for (const prefix of prefixes) Object.assign(merged, matcher.prefix[prefix]);
  if (Object.hasOwn(matcher.exact, pathname)) Object.assign(merged, matcher.exact[pathname]);
  return merged;
}

/**
 * Reference pages whose content depends on the clock (countdowns, "this week"), or on what members
 * publish (`/guide` lists the member guides moderators approve): short-lived renders.
 */
const CLOCK_PAGES = new Set(["/", "/season", "/season/detail", "/event", "/guide"]);
const CLOCK_MAX_AGE_SECONDS = 60;
/** A visitor's feed: a like's count shows within this; a post or comment written, edited, hidden or deleted at once (a change is announced). */
const FEED_MAX_AGE_SECONDS = 30;
/** The rankings and clans for visitors: a change by a member is announced; a snapshot or a moderator's check shows within this. */
const COMMUNITY_MAX_AGE_SECONDS = 30;

function pageRules(): Record<string, RouteRule> {
  const rules: Record<string, RouteRule> = {};
  for (const entry of pages) {
    const reference = entry.section === "reference" || entry.path === "/";
    if (reference) {
      rules[entry.path] = CLOCK_PAGES.has(entry.path) ? { prerender: true, maxAgeSeconds: CLOCK_MAX_AGE_SECONDS } : { prerender: true };
    } else {
      rules[entry.path] = { needsNetwork: true };
    }
  }
  return rules;
}

/** The app's rules: public reference pages are prerendered; community, personal and admin pages need the network. */
export const routeRules: RouteRules = {
  ...pageRules(),
  "/feed": {
    needsNetwork: true,
    shared: true,
    maxAgeSeconds: FEED_MAX_AGE_SECONDS,
    cacheQuery: { in: [...languages, "all"], sort: feedSorts },
  },
  // Rankings and clans as visitors see them: shared renders, dropped when a submission or a clan's change is announced.
  "/rating": {
    needsNetwork: true,
    shared: true,
    maxAgeSeconds: COMMUNITY_MAX_AGE_SECONDS,
    cacheQuery: { kind: rankingKinds, period: rankingWindows },
  },
  "/clan": { needsNetwork: true, shared: true, maxAgeSeconds: COMMUNITY_MAX_AGE_SECONDS },
  "/me/**": { needsNetwork: true },
  "/api/**": { needsNetwork: true },
  "/builds/latest.json": { cacheControl: "no-cache" },
  "/builds/meta/**": { cacheControl: "public, max-age=31536000, immutable" },
  "/assets/**": { cacheControl: "public, max-age=31536000, immutable" },
};

/** The pathnames of the prerendered pages (a detail page's entries share its pathname: ids are query parameters). */
export function prerenderedPaths(rules: RouteRules = routeRules): string[] {
  return Object.entries(rules)
    .filter(([path, rule]) => rule.prerender && !path.endsWith(WILDCARD))
    .map(([path]) => path)
    .sort();
}

/** The rules of a path, or none when matching fails (logged: the app carries on). */
export function safeRouteRules(matcher: RouteMatcher | undefined, path: string, log: (error: unknown) => void): RouteRule {
  if (!matcher) return {};
  try {
    return matchRouteRules(matcher, path);
  } catch (error) {
    log(error);
    return {};
  }
}
