/**
 * A page's content icons drawn from one image (decision 028): the server collects the icons a page
 * renders, writes the sprite's URL in the document's head, and each icon is a window on its tile.
 */
export const ICON_SPRITE = {
  /** Pixels per side of a tile: crisp at 48 px on a 2x screen. */
  tilePx: 96,
  /** From one tile's top to the next: the gap keeps a neighbour out of a tile drawn at a fractional size. */
  stridePx: 104,
  /** Icons drawn larger than this stay images of their own (a detail page's 72 px header). */
  maxDrawnPx: 48,
  /** A page's first icons share a sprite; the rest load lazily, each as its own image. */
  maxIcons: 40,
  /** Between two names in the sprite's URL and in the document's list. */
  separator: ".",
  /** The `<style>` in the head that names the sprite (`--icon-sprite`) and lists its icons (`data-icons`). */
  elementId: "icon-sprite",
  path: "/icons/sprite.webp",
} as const;

const ICON_NAME = /^[a-z0-9-]+$/;

/** The sprite of `names`, in that order (the tile of `names[i]` is the i-th). */
export function iconSpriteUrl(names: readonly string[]): string {
  return `${ICON_SPRITE.path}?i=${names.join(ICON_SPRITE.separator)}`;
}

/** The icon names a sprite URL's `i` parameter lists, or null when it is not a list the server makes. */
export function iconSpriteNames(query: string | undefined): string[] | null {
  if (!query) return null;
  const names = query.split(ICON_SPRITE.separator);
  if (names.length > ICON_SPRITE.maxIcons || new Set(names).size !== names.length) return null;
  return names.every((name) => ICON_NAME.test(name)) ? names : null;
}

/** Where the tile of the `slot`-th icon sits when the strip is drawn `size` px wide (CSS `background-position`). */
export function iconSpriteOffset(slot: number, size: number): string {
  const offset = (slot * size * ICON_SPRITE.stridePx) / ICON_SPRITE.tilePx;
  return `0 ${offset === 0 ? 0 : -Number(offset.toFixed(3))}px`;
}
