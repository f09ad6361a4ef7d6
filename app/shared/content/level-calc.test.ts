import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cumulativeXp, planLevels } from "./level-calc.ts";

const rows = [
  { level: 1, xpToNext: 100 },
  { level: 2, xpToNext: 200 },
  { level: 3, xpToNext: 400 },
  { level: 4, xpToNext: null },
];

describe("level calculator", () => {
  it("adds the bars between two levels", () => {
    expect(cumulativeXp(rows)).toEqual(
      new Map([
        [1, 0],
        [2, 100],
        [3, 300],
        [4, 700],
      ]),
    );
    expect(planLevels(rows, 1, 0, 4)).toEqual({ xpNeeded: 700, hours: null });
  });

  it("counts the part of the current bar already done, and the time at a rate", () => {
    expect(planLevels(rows, 2, 50, 4, 150)).toEqual({ xpNeeded: 500, hours: 500 / 150 });
  });

  it("gives zero for a target at or below the start, or outside the table", () => {
    expect(planLevels(rows, 3, 0, 3).xpNeeded).toBe(0);
    expect(planLevels(rows, 3, 0, 2).xpNeeded).toBe(0);
    expect(planLevels(rows, 1, 0, 99).xpNeeded).toBe(0);
  });

  it("never needs more XP when more of the bar is done (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (from, a, b) => {
        const [low, high] = a < b ? [a, b] : [b, a];
        expect(planLevels(rows, from, high, 4).xpNeeded).toBeLessThanOrEqual(planLevels(rows, from, low, 4).xpNeeded);
      }),
    );
  });
});
