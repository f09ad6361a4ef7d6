import { describe, expect, it } from "vitest";
import { declutter, MARKER_SPACING_PX } from "./declutter.ts";

describe("declutter", () => {
  it("keeps markers that are far enough apart", () => {
    const shown = declutter([
      { id: "a", x: 0, y: 0 },
      { id: "b", x: MARKER_SPACING_PX, y: 0 },
      { id: "c", x: 0, y: MARKER_SPACING_PX },
    ]);
    expect([...shown]).toEqual(["a", "b", "c"]);
  });

  it("hides a marker too close to one shown before it, first come first kept", () => {
    const shown = declutter([
      { id: "focused", x: 100, y: 100 },
      { id: "near", x: 110, y: 105 },
      { id: "far", x: 200, y: 100 },
      { id: "near-far", x: 200 + MARKER_SPACING_PX - 1, y: 100 + MARKER_SPACING_PX - 1 },
    ]);
    expect([...shown]).toEqual(["focused", "far"]);
  });

  it("leaves no two shown markers' squares closer than the spacing, across or down, whatever the layout", () => {
    const points = Array.from({ length: 200 }, (_, index) => ({ id: `m${index}`, x: (index * 37) % 300, y: (index * 53) % 220 }));
    const shown = points.filter((point) => declutter(points).has(point.id));
    for (const a of shown)
      for (const b of shown)
        if (a !== b) expect(Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y))).toBeGreaterThanOrEqual(MARKER_SPACING_PX);
    expect(shown.length).toBeGreaterThan(10);
  });
});
