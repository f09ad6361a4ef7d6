import { describe, expect, it } from "vitest";
import { hiddenAfterChange, hiddenAfterReveal, RENDERED_KEEP, RENDERED_MAX, REVEAL_STEP } from "./message-window.ts";

describe("the rendered window of a long room", () => {
  it("renders everything up to the maximum", () => {
    expect(hiddenAfterChange(RENDERED_MAX, 0, true)).toBe(0);
  });

  it("drops the oldest down to the kept number once a follower passes the maximum, then not again for a while", () => {
    const hidden = hiddenAfterChange(RENDERED_MAX + 1, 0, true);
    expect(RENDERED_MAX + 1 - hidden).toBe(RENDERED_KEEP);
    expect(hiddenAfterChange(RENDERED_MAX + 50, hidden, true)).toBe(hidden);
  });

  it("never drops what a reader scrolled back to read", () => {
    expect(hiddenAfterChange(1_000, 0, false)).toBe(0);
  });

  it("reveals earlier messages a step at a time, down to none", () => {
    expect(hiddenAfterReveal(REVEAL_STEP * 2 + 5)).toBe(REVEAL_STEP + 5);
    expect(hiddenAfterReveal(5)).toBe(0);
  });

  it("keeps the count within what is loaded when messages leave (a reload, deletions)", () => {
    expect(hiddenAfterChange(10, 150, true)).toBe(10);
  });
});
