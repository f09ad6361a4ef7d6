import { describe, expect, it } from "vitest";
import { ICON_SPRITE, iconSpriteNames, iconSpriteOffset, iconSpriteUrl } from "./icon-sprite.ts";

describe("the icon sprite's URL", () => {
  it("lists the icons in their order, and reads back the same list", () => {
    const url = iconSpriteUrl(["ore", "metal-bar", "ring"]);
    expect(url).toBe("/icons/sprite.webp?i=ore.metal-bar.ring");
    expect(iconSpriteNames(new URL(url, "http://x").searchParams.get("i") ?? undefined)).toEqual(["ore", "metal-bar", "ring"]);
  });

  it("refuses a list the server never writes: empty, repeated, too long, or not icon names", () => {
    expect(iconSpriteNames(undefined)).toBeNull();
    expect(iconSpriteNames("")).toBeNull();
    expect(iconSpriteNames("ore.ore")).toBeNull();
    expect(iconSpriteNames("ore..ring")).toBeNull();
    expect(iconSpriteNames("../etc")).toBeNull();
    expect(iconSpriteNames("Ore")).toBeNull();
    const many = Array.from({ length: ICON_SPRITE.maxIcons + 1 }, (_, index) => `icon-${index}`);
    expect(iconSpriteNames(many.slice(1).join("."))).toHaveLength(ICON_SPRITE.maxIcons);
    expect(iconSpriteNames(many.join("."))).toBeNull();
  });
});

describe("a tile's place in the strip", () => {
  it("is the slot times the stride, scaled to the drawn size", () => {
    expect(iconSpriteOffset(0, 44)).toBe("0 0px");
    expect(iconSpriteOffset(1, ICON_SPRITE.tilePx)).toBe(`0 -${ICON_SPRITE.stridePx}px`);
    expect(iconSpriteOffset(3, 48)).toBe(`0 -${(3 * 48 * ICON_SPRITE.stridePx) / ICON_SPRITE.tilePx}px`);
  });
});
