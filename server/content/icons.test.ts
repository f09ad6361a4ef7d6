import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { gameIconRaster, RASTER_ICON_PX } from "./icons.ts";

describe("raster game icons", () => {
  it("draws an icon as a square black-on-transparent WebP, made once", async () => {
    const first = gameIconRaster("crossed-swords");
    expect(gameIconRaster("crossed-swords")).toBe(first);
    const bytes = await first;
    expect(bytes).not.toBeNull();
    const { data, info } = await sharp(bytes ?? Buffer.alloc(0))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([RASTER_ICON_PX, RASTER_ICON_PX, 4]);
    let opaque = 0;
    let transparent = 0;
    for (let offset = 0; offset < data.length; offset += 4) {
      const alpha = data[offset + 3] ?? 0;
      if (alpha === 0) transparent++;
      if (alpha === 255) {
        opaque++;
        // Drawn in black: the theme colours it (a filter in the dark theme).
        expect([data[offset], data[offset + 1], data[offset + 2]]).toEqual([0, 0, 0]);
      }
    }
    // A real drawing: both ink and background, neither nearly all of it.
    expect(opaque).toBeGreaterThan(RASTER_ICON_PX * RASTER_ICON_PX * 0.1);
    expect(transparent).toBeGreaterThan(RASTER_ICON_PX * RASTER_ICON_PX * 0.1);
  });

  it("has nothing for a name the set lacks", async () => {
    expect(await gameIconRaster("no-such-icon")).toBeNull();
  });
});
