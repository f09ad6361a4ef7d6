import { describe, expect, it, vi } from "vitest";
import { RenderCache, renderKey, type CachedPage, type RenderOutcome } from "./render-cache.ts";

/** A page whose three bodies are `html`'s bytes: `size` bytes each. */
const entry = (html: string, storedAt = 0): CachedPage => {
  const body = { bytes: new TextEncoder().encode(html) as Uint8Array<ArrayBuffer>, etag: '"t"' };
  return { contentType: "text/html", scriptHashes: [], bodies: { identity: body, br: body, gzip: body }, loaderData: {}, storedAt };
};
const text = (page: CachedPage | undefined) => (page ? new TextDecoder().decode(page.bodies.identity.bytes) : undefined);

describe("RenderCache", () => {
  it("keys renders by build, content version, language and URL", () => {
    const base = { buildId: "b1", contentVersion: "c1", language: "vi" as const, url: "/mounts" };
    const keys = new Set([
      renderKey(base),
      renderKey({ ...base, buildId: "b2" }),
      renderKey({ ...base, contentVersion: "c2" }),
      renderKey({ ...base, language: "en-US" }),
      renderKey({ ...base, url: "/mounts/detail?id=a" }),
    ]);
    expect(keys.size).toBe(5);
  });

  it("drops an entry past its lifetime", () => {
    const cache = new RenderCache(1_000_000);
    cache.set("k", entry("a", 1_000));
    expect(text(cache.get("k", 60_999, 60_000))).toBe("a");
    expect(cache.get("k", 61_000, 60_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("stays within its byte budget, least recently used out first", () => {
    const cache = new RenderCache(3 * (3 * 1_000 + 2 * 2 + 512));
    for (const key of ["a", "b", "c"]) cache.set(key, entry("x".repeat(1_000)));
    cache.get("a", 0);
    cache.set("d", entry("x".repeat(1_000)));
    expect(cache.get("b", 0)).toBeUndefined();
    expect(cache.get("a", 0)).toBeDefined();
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBeLessThanOrEqual(3 * (3 * 1_000 + 2 * 2 + 512));
  });

  it("renders once for concurrent misses and stores pages, never uncached renders", async () => {
    const cache = new RenderCache(1_000_000);
    const render = vi.fn(async (): Promise<RenderOutcome> => ({ page: entry("page") }));
    const [a, b] = await Promise.all([cache.getOrRender("k", 0, undefined, render), cache.getOrRender("k", 0, undefined, render)]);
    expect(render).toHaveBeenCalledOnce();
    expect([a.hit, b.hit]).toEqual([false, false]);
    expect(a.outcome).toBe(b.outcome);
    expect((await cache.getOrRender("k", 0, undefined, render)).hit).toBe(true);
    const notFound = vi.fn(async (): Promise<RenderOutcome> => ({
      uncached: { status: 404, headers: [], html: "404", nonce: "n", loaderData: {} },
    }));
    await cache.getOrRender("gone", 0, undefined, notFound);
    await cache.getOrRender("gone", 0, undefined, notFound);
    expect(notFound).toHaveBeenCalledTimes(2);
    expect(cache.get("gone", 0)).toBeUndefined();
  });
});
