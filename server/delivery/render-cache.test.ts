import { describe, expect, it, vi } from "vitest";
import { RenderCache, renderKey, type CachedRender } from "./render-cache.ts";

const entry = (html: string, storedAt = 0): CachedRender => ({ status: 200, headers: [], html, nonce: "n", loaderData: {}, storedAt });

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
    expect(cache.get("k", 60_999, 60_000)?.html).toBe("a");
    expect(cache.get("k", 61_000, 60_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("stays within its byte budget, least recently used out first", () => {
    const cache = new RenderCache(3 * (1_000 * 2 + 2 * 2 + 512));
    for (const key of ["a", "b", "c"]) cache.set(key, entry("x".repeat(1_000)));
    cache.get("a", 0);
    cache.set("d", entry("x".repeat(1_000)));
    expect(cache.get("b", 0)).toBeUndefined();
    expect(cache.get("a", 0)).toBeDefined();
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBeLessThanOrEqual(3 * (1_000 * 2 + 2 * 2 + 512));
  });

  it("renders once for concurrent misses and stores only what may be stored", async () => {
    const cache = new RenderCache(1_000_000);
    const render = vi.fn(async () => entry("page"));
    const [a, b] = await Promise.all([
      cache.getOrRender("k", 0, undefined, render, () => true),
      cache.getOrRender("k", 0, undefined, render, () => true),
    ]);
    expect(render).toHaveBeenCalledOnce();
    expect([a.hit, b.hit]).toEqual([false, false]);
    expect((await cache.getOrRender("k", 0, undefined, render, () => true)).hit).toBe(true);
    const notFound = vi.fn(async () => ({ ...entry("404"), status: 404 }));
    await cache.getOrRender("gone", 0, undefined, notFound, (found) => found.status === 200);
    await cache.getOrRender("gone", 0, undefined, notFound, (found) => found.status === 200);
    expect(notFound).toHaveBeenCalledTimes(2);
  });
});
