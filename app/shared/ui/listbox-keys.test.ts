import { describe, expect, it } from "vitest";
import { listboxKey } from "./listbox-keys.ts";

const key = (name: string, extra: { shiftKey?: boolean; isComposing?: boolean } = {}) => ({
  key: name,
  shiftKey: extra.shiftKey ?? false,
  isComposing: extra.isComposing ?? false,
});

describe("listboxKey", () => {
  it("moves the active option with the arrows, wrapping at either end", () => {
    expect(listboxKey(key("ArrowDown"), 0, 3)).toEqual({ kind: "move", active: 1 });
    expect(listboxKey(key("ArrowDown"), 2, 3)).toEqual({ kind: "move", active: 0 });
    expect(listboxKey(key("ArrowUp"), 0, 3)).toEqual({ kind: "move", active: 2 });
  });

  it("picks with Enter, with Tab only where the caller allows, never while composing or with Shift", () => {
    expect(listboxKey(key("Enter"), 1, 3)).toEqual({ kind: "choose" });
    expect(listboxKey(key("Tab"), 1, 3)).toBeNull();
    expect(listboxKey(key("Tab"), 1, 3, { tabChooses: true })).toEqual({ kind: "choose" });
    expect(listboxKey(key("Enter", { isComposing: true }), 1, 3)).toBeNull();
    expect(listboxKey(key("Enter", { shiftKey: true }), 1, 3)).toBeNull();
  });

  it("closes with Escape, even with nothing to pick, and leaves other keys alone", () => {
    expect(listboxKey(key("Escape"), 0, 3)).toEqual({ kind: "close" });
    expect(listboxKey(key("Escape"), 0, 0)).toEqual({ kind: "close" });
    expect(listboxKey(key("ArrowDown"), 0, 0)).toBeNull();
    expect(listboxKey(key("a"), 0, 3)).toBeNull();
  });
});
