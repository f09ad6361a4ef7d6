import { describe, expect, it, vi } from "vitest";
import { afterInteractive, IDLE_TIMEOUT_MS } from "./after-interactive.ts";

describe("afterInteractive", () => {
  it("waits for an idle moment, with a deadline, and can be cancelled", () => {
    const queued = new Map<number, () => void>();
    const scheduler = {
      requestIdleCallback: vi.fn((callback: () => void) => {
        queued.set(queued.size + 1, callback);
        return queued.size;
      }),
      cancelIdleCallback: vi.fn((handle: number) => queued.delete(handle)),
      setTimeout: vi.fn(),
      clearTimeout: vi.fn(),
    };
    const task = vi.fn();
    const cancel = afterInteractive(task, scheduler);
    expect(task).not.toHaveBeenCalled();
    expect(scheduler.requestIdleCallback).toHaveBeenCalledWith(task, { timeout: IDLE_TIMEOUT_MS });
    cancel();
    expect(queued.size).toBe(0);
    expect(scheduler.setTimeout).not.toHaveBeenCalled();
  });

  it("falls back to a timer where the browser has no idle callback (Safari)", () => {
    vi.useFakeTimers();
    try {
      const task = vi.fn();
      afterInteractive(task, { setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout } as never);
      expect(task).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(task).toHaveBeenCalledOnce();
      const cancelled = vi.fn();
      afterInteractive(cancelled, { setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout } as never)();
      vi.advanceTimersByTime(10);
      expect(cancelled).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
