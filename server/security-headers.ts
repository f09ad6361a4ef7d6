import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";

export interface SecurityOptions {
  /** Development needs Vite's inline HMR client: no nonce, inline scripts and websockets allowed. */
  development: boolean;
}

/**
 * SVG files (the world map, icons) opened on their own: no script, no fetch, no navigation, even
 * if a pack's SVG carried any.
 */
export const SVG_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export function contentSecurityPolicy(nonce: string, development: boolean): string {
  const script = development ? "'self' 'unsafe-inline'" : `'self' 'nonce-${nonce}'`;
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

/** A fresh CSP nonce per response, and the headers every response carries. */
export function securityHeaders(options: SecurityOptions): MiddlewareHandler<{ Variables: { nonce: string; https: boolean } }> {
  return async (c, next) => {
    const nonce = randomBytes(16).toString("base64");
    c.set("nonce", nonce);
    await next();
    const headers = c.res.headers;
    const svg = headers.get("Content-Type")?.startsWith("image/svg+xml") ?? false;
    headers.set("Content-Security-Policy", svg ? SVG_CONTENT_SECURITY_POLICY : contentSecurityPolicy(nonce, options.development));
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    headers.set("X-Frame-Options", "DENY");
    headers.set("Cross-Origin-Opener-Policy", "same-origin");
    headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (c.get("https")) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  };
}
