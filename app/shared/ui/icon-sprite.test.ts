// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { DocumentIconSprite } from "./icon-sprite.ts";

describe("the browser's side of the page's sprite", () => {
  it("finds an icon's tile in the sprite of the page shown, and in the next page's once a move in place brings it", () => {
    const sprite = new DocumentIconSprite();
    document.head.innerHTML = '<style id="icon-sprite" data-icons="ore.ring">:root{}</style>';
    expect(sprite.slot("ring")).toBe(1);
    expect(sprite.slot("helm")).toBe(-1);
    document.head.innerHTML = '<style id="icon-sprite" data-icons="helm.ring.ore">:root{}</style>';
    expect(sprite.slot("ring")).toBe(1);
    expect(sprite.slot("helm")).toBe(0);
    expect(sprite.slot("ore")).toBe(2);
    document.head.innerHTML = "";
    expect(sprite.slot("ore")).toBe(-1);
  });
});
