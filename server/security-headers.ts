import { createHash, randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { openerGuarded } from "../universal/security/opener-guard.ts";

export interface SecurityOptions {
  /** Development needs Vite's inline HMR client: no nonce, inline scripts and websockets allowed. */
  development: boolean;
}

/**
 * SVG files (the world map, icons) opened on their own: no script, no fetch, no navigation, even
 * if a pack's SVG carried any.
 */
export const SVG_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * The inline scripts a document may run: those carrying this response's nonce (a live render), or
 * exactly those whose hashes are listed (a cached page, whose bytes are the same for everyone).
 */
export type InlineScripts = { nonce: string } | { hashes: readonly string[] };

/** A CSP source for one inline script: the SHA-256 of its text as the browser reads it. */
export function inlineScriptHash(source: string): string {
  return `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`;
}

export function contentSecurityPolicy(scripts: InlineScripts, development: boolean): string {
  // 'unsafe-inline' beside a nonce or a hash is ignored by browsers, so development names neither.
  const inline = "nonce" in scripts ? `'nonce-${scripts.nonce}'` : scripts.hashes.join(" ");
  const script = development ? "'self' 'unsafe-inline'" : `'self'${inline ? ` ${inline}` : ""}`;
  return [
    "default-src 'self'",
    `script-src ${script}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${development ? " ws: wss:" : ""}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

type SecurityEnv = { Variables: { nonce: string; https: boolean; scriptHashes: readonly string[] | undefined } };

/**
 * The headers every response carries, and its CSP: a fresh nonce per response, unless the handler
 * answered a cached page and named its inline scripts' hashes (`scriptHashes`). No answer carries
 * `Cross-Origin-Opener-Policy` but the opener guard's reload (decision 051).
 */
export function securityHeaders(options: SecurityOptions): MiddlewareHandler<SecurityEnv> {
  // A cached page's policy is the same on every answer: built once per list of hashes.
  const hashedPolicies = new WeakMap<readonly string[], string>();
  const hashedPolicy = (hashes: readonly string[]) => {
    let policy = hashedPolicies.get(hashes);
    if (policy === undefined) {
      policy = contentSecurityPolicy({ hashes }, options.development);
      hashedPolicies.set(hashes, policy);
    }
    return policy;
  };
  return async (c, next) => {
    const nonce = randomBytes(16).toString("base64");
    c.set("nonce", nonce);
    await next();
    const headers = c.res.headers;
    const svg = headers.get("Content-Type")?.startsWith("image/svg+xml") ?? false;
    const hashes = c.get("scriptHashes");
    const policy = svg
      ? SVG_CONTENT_SECURITY_POLICY
      : hashes
        ? hashedPolicy(hashes)
        : contentSecurityPolicy({ nonce }, options.development);
    headers.set("Content-Security-Policy", policy);
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    headers.set("X-Frame-Options", "DENY");
    // Only a page loaded again by the opener guard carries the header (decision 051): it moves that
    // window out of the group of the other site that opened it. Every other load goes without, and
    // keeps the tab's renderer instead of starting a cold one (decisions 034, 051).
    if (openerGuarded(c.req.header("cookie"))) headers.set("Cross-Origin-Opener-Policy", "same-origin");
    headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (c.get("https")) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  };
}
