import { afterEach, describe, expect, it, vi } from "vitest";
import { endPage, onPageEnd, pageInterval, pageSignal } from "./page-lifetime.ts";

describe("the life of the page shown", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("stops what the page set up when it ends, and nothing the next page sets up", () => {
    const first = vi.fn();
    onPageEnd(first);
    const signal = pageSignal();
    expect(first).not.toHaveBeenCalled();
    endPage();
    expect(first).toHaveBeenCalledTimes(1);
    expect(signal.aborted).toBe(true);

    const second = vi.fn();
    onPageEnd(second);
    expect(pageSignal().aborted).toBe(false);
    expect(second).not.toHaveBeenCalled();
    endPage();
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledTimes(1);
  });

  it("answers the stop it was given, so a caller can still stop early", () => {
    const stop = vi.fn();
    expect(onPageEnd(stop)).toBe(stop);
  });

  it("ends a page's interval with the page", () => {
    vi.useFakeTimers();
    const tick = vi.fn();
    pageInterval(tick, 1_000);
    vi.advanceTimersByTime(2_000);
    expect(tick).toHaveBeenCalledTimes(2);
    endPage();
    vi.advanceTimersByTime(5_000);
    expect(tick).toHaveBeenCalledTimes(2);
  });
});
