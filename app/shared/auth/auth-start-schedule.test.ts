// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SETTLED_DELAY_MS } from "../page/after-interactive.ts";
import { USER_DATA_KEY } from "./session-signals.ts";
import { startAuthRuntime } from "./auth-start.ts";

const started = vi.fn();
/** What the provider reports once it has: signed in or not (no change is told to subscribers). */
const provider = { signedIn: true };
vi.mock("./auth-runtime.ts", () => ({
  startAuth: () => {
    started();
    return { state: { subscribe: () => () => {}, settled: () => Promise.resolve(), isAuthenticated: provider.signedIn } };
  },
}));

beforeEach(() => {
  vi.useFakeTimers();
  started.mockClear();
  provider.signedIn = true;
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

async function pass(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await vi.dynamicImportSettled();
}

describe("when the auth state starts", () => {
  it("waits until the page has settled for a member whose stored user is the server's", async () => {
    localStorage.setItem(USER_DATA_KEY, JSON.stringify({ uid: "u1" }));
    const stop = startAuthRuntime("u1", () => {});
    await pass(SETTLED_DELAY_MS - 100);
    expect(started).not.toHaveBeenCalled();
    await pass(2_500);
    expect(started).toHaveBeenCalledOnce();
    stop();
  });

  it("starts such a member's at once when another tab changes the stored user", async () => {
    localStorage.setItem(USER_DATA_KEY, JSON.stringify({ uid: "u1" }));
    const stop = startAuthRuntime("u1", () => {});
    await pass(500);
    window.dispatchEvent(new StorageEvent("storage", { key: USER_DATA_KEY }));
    await pass(0);
    expect(started).toHaveBeenCalledOnce();
    // And not a second time once the page has settled.
    await pass(SETTLED_DELAY_MS * 2);
    expect(started).toHaveBeenCalledOnce();
    stop();
  });

  it("starts once the page is interactive for a member the browser does not know yet", async () => {
    const stop = startAuthRuntime("u1", () => {});
    await pass(2_100);
    expect(started).toHaveBeenCalledOnce();
    stop();
  });

  it("never starts for a quiet visitor, and not at all once stopped", async () => {
    const stopVisitor = startAuthRuntime(null, () => {});
    await pass(SETTLED_DELAY_MS * 3);
    expect(started).not.toHaveBeenCalled();
    stopVisitor();

    localStorage.setItem(USER_DATA_KEY, JSON.stringify({ uid: "u1" }));
    startAuthRuntime("u1", () => {})();
    await pass(SETTLED_DELAY_MS * 3);
    expect(started).not.toHaveBeenCalled();
  });

  it("refreshes a member's page whose state starts after another tab signed out (nothing changes to tell)", async () => {
    localStorage.setItem(USER_DATA_KEY, JSON.stringify({ uid: "u1" }));
    const refresh = vi.fn();
    const stop = startAuthRuntime("u1", refresh);
    await pass(500);
    // The other tab signs out: the stored user goes, then this tab's state starts and finds no session.
    localStorage.removeItem(USER_DATA_KEY);
    provider.signedIn = false;
    window.dispatchEvent(new StorageEvent("storage", { key: USER_DATA_KEY }));
    await pass(0);
    expect(started).toHaveBeenCalledOnce();
    expect(refresh).toHaveBeenCalledOnce();
    stop();
  });
});
