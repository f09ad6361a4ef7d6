import { describe, expect, it } from "vitest";
import { clickWaitsForIsland } from "./wake-on-use.ts";

const plain = { button: 0, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false };

describe("an island woken by use", () => {
  it("holds a plain click until it is ready, and leaves one that opens a new tab or window to the browser", () => {
    expect(clickWaitsForIsland(plain)).toBe(true);
    for (const modifier of ["ctrlKey", "metaKey", "shiftKey", "altKey"] as const)
      expect(clickWaitsForIsland({ ...plain, [modifier]: true })).toBe(false);
    expect(clickWaitsForIsland({ ...plain, button: 1 })).toBe(false);
  });
});
