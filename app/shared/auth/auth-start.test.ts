import { describe, expect, it, vi } from "vitest";
import { USER_DATA_KEY } from "./session-signals.ts";
import { storedUserAgrees, whenAuthMayChange } from "./auth-start.ts";

describe("storedUserAgrees", () => {
  const storage = (stored: string | null) => ({ getItem: (key: string) => (key === USER_DATA_KEY ? stored : null) });

  it("agrees for a visitor the server saw signed out, with no stored user", () => {
    expect(storedUserAgrees(null, storage(null))).toBe(true);
  });

  it("agrees for a member whose stored user is the one the server rendered the page for", () => {
    expect(storedUserAgrees("u1", storage('{"uid":"u1","role":"member"}'))).toBe(true);
  });

  it("disagrees where there is something to restore, to clear or to store", () => {
    expect(storedUserAgrees("u1", storage(null))).toBe(false);
    expect(storedUserAgrees("u1", storage('{"uid":"u2"}'))).toBe(false);
    expect(storedUserAgrees("u1", storage("not json"))).toBe(false);
    expect(storedUserAgrees("u1", storage("null"))).toBe(false);
    expect(storedUserAgrees(null, storage('{"uid":"u1"}'))).toBe(false);
    expect(storedUserAgrees(null, storage("not json"))).toBe(false);
  });

  it("agrees for a visitor where the browser refuses storage, and never for a member there", () => {
    const refusing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(storedUserAgrees(null, refusing)).toBe(true);
    expect(storedUserAgrees("u1", refusing)).toBe(false);
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
