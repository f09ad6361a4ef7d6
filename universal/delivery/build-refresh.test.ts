import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  DEFAULT_CHECK_INTERVAL_MS,
  fetchBuildMeta,
  fetchLatestBuild,
  FIRST_CHECK_DELAY_MS,
  isSlowConnection,
  startBuildChecks,
  type BuildInfo,
} from "./build-refresh.ts";
import { createRouteMatcher, safeRouteRules } from "./route-rules.ts";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("build checks", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function start(latest: () => Promise<BuildInfo>, connection?: { saveData?: boolean; effectiveType?: string }) {
    const onNewBuild = vi.fn();
    const onError = vi.fn();
    const fetchLatest = vi.fn(latest);
    const stop = startBuildChecks({ buildId: "b1", intervalMs: DEFAULT_CHECK_INTERVAL_MS, connection, fetchLatest, onNewBuild, onError });
    return { stop, onNewBuild, onError, fetchLatest };
  }

  it("checks about 1 second after start, then every hour by default", async () => {
    const { fetchLatest, stop } = start(async () => ({ id: "b1", timestamp: 1 }));
    await vi.advanceTimersByTimeAsync(FIRST_CHECK_DELAY_MS - 1);
    expect(fetchLatest).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(DEFAULT_CHECK_INTERVAL_MS - FIRST_CHECK_DELAY_MS);
    expect(fetchLatest).toHaveBeenCalledTimes(2);
    expect(DEFAULT_CHECK_INTERVAL_MS).toBe(3_600_000);
    stop();
    await vi.advanceTimersByTimeAsync(DEFAULT_CHECK_INTERVAL_MS * 3);
    expect(fetchLatest).toHaveBeenCalledTimes(2);
  });

  it.each([{ saveData: true }, { effectiveType: "2g" }, { effectiveType: "slow-2g" }])(
    "skips the first check on a slow connection (%o)",
    async (connection) => {
      const { fetchLatest, stop } = start(async () => ({ id: "b1", timestamp: 1 }), connection);
      await vi.advanceTimersByTimeAsync(FIRST_CHECK_DELAY_MS * 10);
      expect(fetchLatest).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(DEFAULT_CHECK_INTERVAL_MS);
      expect(fetchLatest).toHaveBeenCalledTimes(1);
      stop();
    },
  );

  it("announces a different build id once, and carries on after a failed check", async () => {
    let answer: () => Promise<BuildInfo> = () => Promise.reject(new Error("offline"));
    const { onNewBuild, onError, stop } = start(() => answer());
    await vi.advanceTimersByTimeAsync(FIRST_CHECK_DELAY_MS);
    expect(onError).toHaveBeenCalledOnce();
    expect(onNewBuild).not.toHaveBeenCalled();
    answer = async () => ({ id: "b2", timestamp: 2 });
    await vi.advanceTimersByTimeAsync(DEFAULT_CHECK_INTERVAL_MS * 2);
    expect(onNewBuild).toHaveBeenCalledOnce();
    expect(onNewBuild).toHaveBeenCalledWith({ id: "b2", timestamp: 2 });
    stop();
  });
});

describe("isSlowConnection", () => {
  it("is slow with Save-Data or 2g only", () => {
    expect(isSlowConnection(undefined)).toBe(false);
    expect(isSlowConnection({ effectiveType: "4g" })).toBe(false);
    expect(isSlowConnection({ effectiveType: "3g" })).toBe(false);
    expect(isSlowConnection({ effectiveType: "2g" })).toBe(true);
    expect(isSlowConnection({ saveData: true, effectiveType: "4g" })).toBe(true);
  });
});

describe("fetching build files", () => {
  it("asks for builds/latest.json with a timestamp query, uncached, and reads the id", async () => {
    const fetcher = vi.fn(async () => json({ id: "b9", timestamp: 5 }));
    await expect(fetchLatestBuild(fetcher as unknown as typeof fetch, 1234)).resolves.toEqual({ id: "b9", timestamp: 5 });
    expect(fetcher).toHaveBeenCalledWith("/builds/latest.json?1234", { cache: "no-store" });
  });

  it("refuses an answer that is not a build", async () => {
    await expect(fetchLatestBuild((async () => json({ nope: 1 })) as unknown as typeof fetch)).rejects.toThrow(/not a build/);
    await expect(fetchLatestBuild((async () => json({}, 503)) as unknown as typeof fetch)).rejects.toThrow(/503/);
  });

  it("loads its own build's manifest, and refuses a malformed one", async () => {
    const matcher = createRouteMatcher({ "/a": { prerender: true } });
    const fetcher = vi.fn(async () => json({ id: "b1", timestamp: 1, matcher, prerendered: ["/a"] }));
    await expect(fetchBuildMeta("b1", fetcher as unknown as typeof fetch)).resolves.toEqual({
      id: "b1",
      timestamp: 1,
      matcher,
      prerendered: ["/a"],
    });
    expect(fetcher).toHaveBeenCalledWith("/builds/meta/b1.json");
    await expect(fetchBuildMeta("b1", (async () => json({ id: "b1", timestamp: 1 })) as unknown as typeof fetch)).rejects.toThrow(
      /not a build manifest/,
    );
  });

  it("logs a failure to match route rules and carries on with none", () => {
    const log = vi.fn();
    const broken = { exact: null, prefix: null } as unknown as ReturnType<typeof createRouteMatcher>;
    expect(safeRouteRules(broken, "/a", log)).toEqual({});
    expect(log).toHaveBeenCalledOnce();
    expect(safeRouteRules(undefined, "/a", log)).toEqual({});
  });
});
