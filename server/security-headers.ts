import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";

export interface SecurityOptions {
  /** Development needs Vite's inline HMR client: no nonce, inline scripts and websockets allowed. */
  development: boolean;
  /** Honour X-Forwarded-Proto from the proxy in front of us. */
  trustProxy: boolean;
}

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
export function securityHeaders(options: SecurityOptions): MiddlewareHandler<{ Variables: { nonce: string } }> {
  return async (c, next) => {
    const nonce = randomBytes(16).toString("base64");
    c.set("nonce", nonce);
    await next();
    const headers = c.res.headers;
    headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, options.development));
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    headers.set("X-Frame-Options", "DENY");
    headers.set("Cross-Origin-Opener-Policy", "same-origin");
    headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    const forwarded = options.trustProxy ? c.req.header("x-forwarded-proto") : undefined;
    const https = (forwarded ?? new URL(c.req.url).protocol.replace(":", "")) === "https";
    if (https) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  };
}
