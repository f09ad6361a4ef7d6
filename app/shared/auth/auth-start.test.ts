import { describe, expect, it, vi } from "vitest";
import { USER_DATA_KEY } from "./session-signals.ts";
import { quietVisitor, whenAuthMayChange } from "./auth-start.ts";

describe("quietVisitor", () => {
  const storage = (stored: string | null) => ({ getItem: (key: string) => (key === USER_DATA_KEY ? stored : null) });

  it("is a visitor the server saw signed out, with no stored user", () => {
    expect(quietVisitor(false, storage(null))).toBe(true);
  });

  it("is not a member, nor a visitor with a stored user to restore (or to clear)", () => {
    expect(quietVisitor(true, storage(null))).toBe(false);
    expect(quietVisitor(false, storage('{"uid":"u1"}'))).toBe(false);
    expect(quietVisitor(false, storage("not json"))).toBe(false);
  });

  it("is quiet where the browser refuses storage", () => {
    const refusing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(quietVisitor(false, refusing)).toBe(true);
  });
});

describe("whenAuthMayChange", () => {
  function fakes() {
    const storageListeners = new Set<(event: { key: string | null }) => void>();
    const visibilityListeners = new Set<() => void>();
    const target = {
      addEventListener: (_type: "storage", listener: (event: { key: string | null }) => void) => storageListeners.add(listener),
      removeEventListener: (_type: "storage", listener: (event: { key: string | null }) => void) => storageListeners.delete(listener),
    };
    const document = {
      visibilityState: "visible",
      addEventListener: (_type: "visibilitychange", listener: () => void) => visibilityListeners.add(listener),
      removeEventListener: (_type: "visibilitychange", listener: () => void) => visibilityListeners.delete(listener),
    };
    const store = (key: string | null) => [...storageListeners].forEach((listener) => listener({ key }));
    const show = (state: string) => {
      document.visibilityState = state;
      [...visibilityListeners].forEach((listener) => listener());
    };
    return { target, document, store, show, listening: () => storageListeners.size + visibilityListeners.size };
  }

  it("starts once another tab stores or clears the user, and stops listening", () => {
    const { target, document, store, listening } = fakes();
    const start = vi.fn();
    whenAuthMayChange(start, target, document);
    store("lang");
    expect(start).not.toHaveBeenCalled();
    store(USER_DATA_KEY);
    store(null);
    expect(start).toHaveBeenCalledOnce();
    expect(listening()).toBe(0);

    const cleared = vi.fn();
    const other = fakes();
    whenAuthMayChange(cleared, other.target, other.document);
    other.store(null);
    expect(cleared).toHaveBeenCalledOnce();
  });

  it("starts when the tab comes back into view, not when it is hidden", () => {
    const { target, document, show } = fakes();
    const start = vi.fn();
    whenAuthMayChange(start, target, document);
    show("hidden");
    expect(start).not.toHaveBeenCalled();
    show("visible");
    expect(start).toHaveBeenCalledOnce();
  });

  it("can be cancelled", () => {
    const { target, document, store, show, listening } = fakes();
    const start = vi.fn();
    whenAuthMayChange(start, target, document)();
    expect(listening()).toBe(0);
    store(USER_DATA_KEY);
    show("visible");
    expect(start).not.toHaveBeenCalled();
  });
});
