import { describe, expect, it, vi } from "vitest";
import {
  CHUNK_FAILURE_HOOK,
  chunkReloadScript,
  claimReload,
  PENDING_PATH_GLOBAL,
  RELOAD_GUARD_KEY,
  RELOAD_GUARD_MS,
} from "./reload-guard.ts";

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe("reload-loop guard", () => {
  it("is the spec's 10 seconds", () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
  });

  it("allows a path once, refuses it for 10 seconds, then allows it again", () => {
    const storage = memoryStorage();
    const t0 = 1_000_000;
    expect(claimReload(storage, "/mounts", t0, RELOAD_GUARD_KEY, RELOAD_GUARD_MS)).toBe(true);
    expect(JSON.parse(storage.values.get(RELOAD_GUARD_KEY) ?? "")).toEqual({ path: "/mounts", expires: t0 + 10_000 });
    expect(claimReload(storage, "/mounts", t0 + 1, RELOAD_GUARD_KEY, RELOAD_GUARD_MS)).toBe(false);
    expect(claimReload(storage, "/mounts", t0 + 9_999, RELOAD_GUARD_KEY, RELOAD_GUARD_MS)).toBe(false);
    expect(claimReload(storage, "/mounts", t0 + 10_000, RELOAD_GUARD_KEY, RELOAD_GUARD_MS)).toBe(true);
  });

  it("guards one path: another path may reload at once, and then owns the mark", () => {
    const storage = memoryStorage();
    expect(claimReload(storage, "/a", 0, RELOAD_GUARD_KEY, RELOAD_GUARD_MS)).toBe(true);
    expect(claimReload(storage, "/b", 1, RELOAD_GUARD_KEY, RELOAD_GUARD_MS)).toBe(true);
    expect(claimReload(storage, "/b", 2, RELOAD_GUARD_KEY, RELOAD_GUARD_MS)).toBe(false);
  });

  it("treats a corrupt mark as none, and refuses when storage is unusable", () => {
    const storage = memoryStorage();
    storage.values.set(RELOAD_GUARD_KEY, "{not json");
    expect(claimReload(storage, "/a", 0, RELOAD_GUARD_KEY, RELOAD_GUARD_MS)).toBe(false);
    storage.values.set(RELOAD_GUARD_KEY, "null");
    expect(claimReload(storage, "/a", 0, RELOAD_GUARD_KEY, RELOAD_GUARD_MS)).toBe(true);
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error("quota");
      },
    };
    expect(claimReload(broken, "/a", 0, RELOAD_GUARD_KEY, RELOAD_GUARD_MS)).toBe(false);
  });
});

describe("the <head> chunk-failure script", () => {
  /** Runs the inline script against a fake window; returns its hook and what it did. */
  function boot(now: () => number) {
    const storage = memoryStorage();
    const assigned: string[] = [];
    const listeners = new Map<string, (event: unknown) => void>();
    const fakeWindow: Record<string, unknown> = {};
    const run = new Function("window", "sessionStorage", "location", "addEventListener", "console", "Date", chunkReloadScript()) as (
      ...args: unknown[]
    ) => void;
    run(
      fakeWindow,
      storage,
      { pathname: "/mounts", search: "?id=a", hash: "", assign: (path: string) => assigned.push(path) },
      (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
      { warn: vi.fn() },
      { now },
    );
    return { hook: fakeWindow[CHUNK_FAILURE_HOOK] as (error: unknown) => boolean, fakeWindow, assigned, listeners, storage };
  }

  it("reloads the navigation's target once, then refuses within the guard time", () => {
    let now = 5_000;
    const { hook, fakeWindow, assigned } = boot(() => now);
    fakeWindow[PENDING_PATH_GLOBAL] = "/craft/detail?id=x";
    expect(hook(new Error("chunk"))).toBe(true);
    expect(hook(new Error("chunk"))).toBe(false);
    now += RELOAD_GUARD_MS;
    expect(hook(new Error("chunk"))).toBe(true);
    expect(assigned).toEqual(["/craft/detail?id=x", "/craft/detail?id=x"]);
  });

  it("reloads the current page when no navigation is under way, on a failed module script", () => {
    const { listeners, assigned } = boot(() => 0);
    listeners.get("error")?.({ target: { tagName: "IMG" } });
    expect(assigned).toEqual([]);
    listeners.get("error")?.({ target: { tagName: "SCRIPT", type: "module", src: "/assets/x.js" } });
    listeners.get("error")?.({ target: { tagName: "SCRIPT", type: "module", src: "/assets/x.js" } });
    expect(assigned).toEqual(["/mounts?id=a"]);
  });

  it("reloads on a failed dynamic import, not on other rejections", () => {
    const { listeners, assigned } = boot(() => 0);
    const preventDefault = vi.fn();
    listeners.get("unhandledrejection")?.({ reason: new Error("boom"), preventDefault });
    expect(assigned).toEqual([]);
    listeners.get("unhandledrejection")?.({
      reason: new TypeError("Failed to fetch dynamically imported module: /assets/a.js"),
      preventDefault,
    });
    expect(assigned).toEqual(["/mounts?id=a"]);
    expect(preventDefault).toHaveBeenCalledOnce();
  });
});
