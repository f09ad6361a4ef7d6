/**
 * Conditional GETs for the public data API: an ETag from the content pack's checksum and the
 * request, `Cache-Control: public, max-age=60`, and 304 when `If-None-Match` matches, answered
 * before the entry is read.
 */
import { createHash } from "node:crypto";
import type { Context } from "hono";
import type { Database } from "../../db/client.ts";
import { currentPackInfo } from "../content/content-store.ts";

export const CACHE_CONTROL = "public, max-age=60";

/** Bump when the answers' shape changes, so clients holding an old ETag get the new answer. */
const API_REVISION = "1";

/** The first `length` characters of the SHA-256 of `data` in base64url: the opaque part of our ETags and version tags. */
export function shortDigest(data: string | Uint8Array, length = 16): string {
  return createHash("sha256").update(data).digest("base64url").slice(0, length);
}

/**
 * Weak, because the compress middleware re-encodes bodies (it would weaken a strong tag anyway): the
 * same pack and the same request give the same answer, byte for byte before compression.
 */
export function entityTag(version: string, url: URL): string {
  const params = [...url.searchParams].sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1));
  const request = `${url.pathname}?${new URLSearchParams(params).toString()}`;
  const digest = shortDigest(`${API_REVISION}\0${request}`);
  return `W/"${version}-${digest}"`;
}

/**
 * RFC 9110 weak comparison against an `If-None-Match` list. `*` is not honoured: it would need to
 * know whether the entry exists before reading it, and caches send the tags they hold.
 */
export function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const opaque = (value: string) => value.trim().replace(/^W\//, "");
  const wanted = opaque(tag);
  return header.split(",").some((candidate) => opaque(candidate) === wanted);
}

/**
 * Answers a GET with `produce()`'s JSON, or 304 when the client's copy is current. `version` is the
 * content pack's checksum unless given (the docs page passes its own).
 */
export async function cachedAnswer(c: Context, db: Database, produce: () => Promise<Response>, version?: string): Promise<Response> {
  const tag = entityTag(version ?? (await currentPackInfo(db))?.checksum ?? "no-pack", new URL(c.req.url));
  if (matchesIfNoneMatch(c.req.header("If-None-Match"), tag)) {
    c.header("ETag", tag);
    c.header("Cache-Control", CACHE_CONTROL);
    return c.body(null, 304);
  }
  const response = await produce();
  if (response.status === 200) {
    response.headers.set("ETag", tag);
    response.headers.set("Cache-Control", CACHE_CONTROL);
  }
  return response;
}
