import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ICON_SPRITE, iconSpriteOffset } from "../../../universal/content/icon-sprite.ts";
import { GameIcon } from "./game-icon.tsx";
import { IconSpriteCollector, IconSpriteContext } from "./icon-sprite.ts";

function render(collector: IconSpriteCollector | null, icons: { icon: string; size?: number; tone?: "fg" | "accent" }[]) {
  const list = icons.map((props, index) => <GameIcon key={index} {...props} />);
  return renderToStaticMarkup(collector ? <IconSpriteContext value={collector}>{list}</IconSpriteContext> : <>{list}</>);
}

describe("content icons and the page's sprite", () => {
  it("draws each icon of a server render from the page's sprite, one tile per distinct icon, and names them in the head", () => {
    const sprite = new IconSpriteCollector();
    const html = render(sprite, [
      { icon: "game-icons:ore", size: 44 },
      { icon: "ring", size: 44 },
      { icon: "ore", size: 20 },
    ]);
    expect(sprite.names).toEqual(["ore", "ring"]);
    expect(html).not.toContain("<img");
    expect(html.match(/background-image:var\(--icon-sprite\)/g)).toHaveLength(3);
    expect(html).toContain("background-size:44px auto;background-position:0 0px");
    expect(html).toContain(`background-position:${iconSpriteOffset(1, 44)}`);
    expect(iconSpriteOffset(1, 44)).toBe("0 -47.667px");
    expect(html).toContain('aria-hidden="true"');
    expect(sprite.headMarkup()).toBe(
      '<style id="icon-sprite" data-icons="ore.ring">:root{--icon-sprite:url(/icons/sprite.webp?i=ore.ring)}</style>',
    );
  });

  it("keeps an icon drawn larger than a tile, an icon past the sprite's size and an odd name as images of their own", () => {
    const sprite = new IconSpriteCollector();
    const icons = Array.from({ length: ICON_SPRITE.maxIcons + 1 }, (_, index) => ({ icon: `icon-${index}`, size: 44 }));
    const html = render(sprite, [{ icon: "ore", size: 72 }, ...icons, { icon: "Odd_Name", size: 44 }]);
    expect(sprite.names).toHaveLength(ICON_SPRITE.maxIcons);
    expect(sprite.names).not.toContain("ore");
    expect(html.match(/<img /g)).toHaveLength(3);
    expect(html).toContain('src="/icons/game-icons/ore.webp"');
    expect(html).toContain(`src="/icons/game-icons/icon-${ICON_SPRITE.maxIcons}.webp"`);
    expect(html).toContain('loading="lazy"');
  });

  it("masks the accent tone with the same tile", () => {
    const sprite = new IconSpriteCollector();
    const html = render(sprite, [{ icon: "ring", size: 40, tone: "accent" }]);
    expect(html).toContain("mask-image:var(--icon-sprite)");
    expect(html).toContain("mask-size:40px auto");
    expect(sprite.names).toEqual(["ring"]);
  });

  it("writes nothing in the head of a page without icons, and draws images where no sprite was made", () => {
    expect(new IconSpriteCollector().headMarkup()).toBe("");
    expect(render(null, [{ icon: "ore", size: 44 }])).toContain('<img src="/icons/game-icons/ore.webp"');
  });
});
