import { describe, expect, it, vi } from "vitest";
import {
  afterInteractive,
  afterSettled,
  IDLE_TIMEOUT_MS,
  NEAR_VIEWPORT_MARGIN,
  SETTLED_DELAY_MS,
  whenNearViewport,
} from "./after-interactive.ts";

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

describe("whenNearViewport", () => {
  function fakeObserver() {
    const made: Array<{ callback: (entries: Array<{ isIntersecting: boolean }>) => void; margin: string; disconnected: boolean }> = [];
    class Observer {
      record: (typeof made)[number];
      constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void, options: { rootMargin: string }) {
        this.record = { callback, margin: options.rootMargin, disconnected: false };
        made.push(this.record);
      }
      observe() {}
      disconnect() {
        this.record.disconnected = true;
      }
    }
    return { Observer, made };
  }
  const immediate = { setTimeout: (callback: () => void) => (callback(), 0), clearTimeout: () => {} } as never;

  it("waits until the part comes near the viewport, then for an idle moment, once", () => {
    const { Observer, made } = fakeObserver();
    const task = vi.fn();
    whenNearViewport({} as Element, task, Observer, immediate);
    expect(made[0]?.margin).toBe(NEAR_VIEWPORT_MARGIN);
    made[0]?.callback([{ isIntersecting: false }]);
    expect(task).not.toHaveBeenCalled();
    made[0]?.callback([{ isIntersecting: true }]);
    expect(task).toHaveBeenCalledTimes(1);
    expect(made[0]?.disconnected).toBe(true);
  });

  it("never runs once cancelled, and runs once interactive where intersections cannot be observed", () => {
    const { Observer, made } = fakeObserver();
    const task = vi.fn();
    whenNearViewport({} as Element, task, Observer, immediate)();
    expect(made[0]?.disconnected).toBe(true);
    expect(task).not.toHaveBeenCalled();
    whenNearViewport({} as Element, task, undefined, immediate);
    expect(task).toHaveBeenCalledTimes(1);
  });
});

describe("afterSettled", () => {
  // Read when called: the fake timers replace the globals inside each test.
  const timers = {
    setTimeout: (callback: () => void, ms: number) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle: never) => globalThis.clearTimeout(handle),
  };

  function loadingDocument() {
    const listeners = new Set<() => void>();
    return {
      readyState: "loading",
      addEventListener: vi.fn((_type: "load", listener: () => void) => listeners.add(listener)),
      removeEventListener: vi.fn((_type: "load", listener: () => void) => listeners.delete(listener)),
      load() {
        this.readyState = "complete";
        for (const listener of listeners) listener();
        listeners.clear();
      },
    };
  }

  it("hears the page's load on the window, where the browser dispatches it, not on the document", () => {
    vi.useFakeTimers();
    const onWindow = new Set<() => void>();
    vi.stubGlobal("document", { readyState: "loading", addEventListener: () => expect.fail("the document hears no load event") });
    vi.stubGlobal("addEventListener", (_type: string, listener: () => void) => onWindow.add(listener));
    vi.stubGlobal("removeEventListener", (_type: string, listener: () => void) => onWindow.delete(listener));
    try {
      const task = vi.fn();
      afterSettled(task, timers);
      expect(onWindow.size).toBe(1);
      for (const listener of onWindow) listener();
      vi.advanceTimersByTime(SETTLED_DELAY_MS + 1);
      expect(task).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });

  it("waits for the load event, then a quiet while, then an idle moment", () => {
    vi.useFakeTimers();
    try {
      const task = vi.fn();
      const document = loadingDocument();
      afterSettled(task, timers, document);
      vi.advanceTimersByTime(SETTLED_DELAY_MS * 2);
      expect(task).not.toHaveBeenCalled();
      document.load();
      vi.advanceTimersByTime(SETTLED_DELAY_MS - 1);
      expect(task).not.toHaveBeenCalled();
      vi.advanceTimersByTime(2);
      expect(task).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });

  it("counts the quiet while from now on a page already loaded, and can be cancelled at every step", () => {
    vi.useFakeTimers();
    try {
      const task = vi.fn();
      afterSettled(task, timers, { ...loadingDocument(), readyState: "complete" });
      vi.advanceTimersByTime(SETTLED_DELAY_MS + 1);
      expect(task).toHaveBeenCalledOnce();

      const beforeLoad = vi.fn();
      const document = loadingDocument();
      afterSettled(beforeLoad, timers, document)();
      expect(document.removeEventListener).toHaveBeenCalled();
      document.load();
      vi.advanceTimersByTime(SETTLED_DELAY_MS + 1);
      expect(beforeLoad).not.toHaveBeenCalled();

      const duringQuiet = vi.fn();
      const cancel = afterSettled(duringQuiet, timers, { ...loadingDocument(), readyState: "complete" });
      vi.advanceTimersByTime(SETTLED_DELAY_MS / 2);
      cancel();
      vi.advanceTimersByTime(SETTLED_DELAY_MS);
      expect(duringQuiet).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
