/**
 * Navigating to an external URL without explicit permission is an error, and a URL
 * with a dangerous protocol is refused even with it. Every navigation to a URL that could come from
 * data or a query string (sign-in redirects, links in content) goes through `safeNavigationTarget`.
 */
export const DANGEROUS_PROTOCOLS = ["javascript:", "data:", "vbscript:", "file:"] as const;

export class NavigationRefusedError extends Error {
  readonly reason: "dangerous-protocol" | "external" | "invalid";
  constructor(reason: NavigationRefusedError["reason"], target: string) {
    const what = {
      "dangerous-protocol": "Navigation to a URL with a dangerous protocol is refused",
      external: "Navigating to an external URL is not allowed without explicit permission",
      invalid: "Navigation to an invalid URL is refused",
    }[reason];
    super(`${what}: ${target}`);
    this.name = "NavigationRefusedError";
    this.reason = reason;
  }
}

export interface SafeNavigationOptions {
  /** The caller's explicit permission to leave the site. */
  external?: boolean;
  /** The current origin (defaults to `location.origin` in the browser). */
  origin?: string;
}

export interface SafeTarget {
  /** Same-origin targets as a path (`/craft?id=1#top`), external ones as an absolute URL. */
  href: string;
  external: boolean;
}

/**
 * Whether a path starts with two slashes (either way round) once its percent escapes are decoded and
 * the tabs and newlines a URL parser drops are gone: a server or router that decodes "/%2F/evil" or
 * "/%5Cevil" and then redirects would otherwise send the visitor to another host.
 */
function readsAsAnotherHost(path: string): boolean {
  const decoded = path.replace(/%([0-9a-f]{2})/gi, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return /^[/\\][/\\]/.test(decoded.replace(/[\t\n\r]/g, ""));
}

export function safeNavigationTarget(target: string, options: SafeNavigationOptions = {}): SafeTarget {
  const origin = options.origin ?? (typeof location === "undefined" ? "http://localhost" : location.origin);
  let url: URL;
  try {
    // The WHATWG parser, as browsers use it: it drops the tabs, newlines and leading spaces that
    // disguise a protocol ("java\tscript:"), so the protocol checked is the one a browser would use.
    url = new URL(target, origin);
  } catch {
    throw new NavigationRefusedError("invalid", target);
  }
  if ((DANGEROUS_PROTOCOLS as readonly string[]).includes(url.protocol)) {
    throw new NavigationRefusedError("dangerous-protocol", target);
  }
  if (url.origin === new URL(origin).origin) {
    // "/.//evil.example" and "http://this-host//evil.example" are this origin's path "//evil.example",
    // which a browser, a router or a Location header reads as the host evil.example.
    if (readsAsAnotherHost(url.pathname)) throw new NavigationRefusedError("invalid", target);
    return { href: `${url.pathname}${url.search}${url.hash}`, external: false };
  }
  if (!options.external) throw new NavigationRefusedError("external", target);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new NavigationRefusedError("dangerous-protocol", target);
  return { href: url.href, external: true };
}

/** The same-origin path `target` names, or null when it names anything else (another site, a dangerous URL, nonsense). */
export function sameOriginPath(target: string | null | undefined): string | null {
  if (!target) return null;
  try {
    const safe = safeNavigationTarget(target);
    return safe.external ? null : safe.href;
  } catch {
    return null;
  }
}

/** A same-origin path to go to after e.g. sign-in; anything else (external, dangerous, invalid) goes home. */
export function safeRedirectPath(target: string | null | undefined, origin?: string): string {
  if (!target) return "/";
  try {
    const result = safeNavigationTarget(target, { origin });
    return result.external ? "/" : result.href;
  } catch {
    return "/";
  }
}

/**
 * Whether `target` is already a path that `safeRedirectPath` keeps as it is: for the places that hand
 * a redirect target on unchanged (the identity provider's callback URLs), where the only safe answer
 * to anything else is a refusal.
 */
export function isSafeRedirectPath(target: string): boolean {
  return safeRedirectPath(target, "http://localhost") === target;
}
