import { readFileSync } from "node:fs";
import { ICON_SPRITE } from "../../universal/content/icon-sprite.ts";
import { createRequire } from "node:module";
import sharp from "sharp";

interface IconSet {
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string }>;
  width?: number;
  height?: number;
}

let gameIcons: IconSet | undefined;

/** @iconify-json/game-icons (CC BY 3.0, credited on the credits page), read once on first use. */
function iconSet(): IconSet {
  gameIcons ??= JSON.parse(readFileSync(createRequire(import.meta.url).resolve("@iconify-json/game-icons/icons.json"), "utf8")) as IconSet;
  return gameIcons;
}

/** A standalone SVG document for `game-icons:<name>`, or null when the set has no such icon. */
export function gameIconSvg(name: string): string | null {
  const set = iconSet();
  const icon = set.icons[name] ?? set.icons[set.aliases?.[name]?.parent ?? ""];
  if (!icon) return null;
  const width = icon.width ?? set.width ?? 512;
  const height = icon.height ?? set.height ?? 512;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">${icon.body}</svg>`;
}

/** How many icons the installed set holds. */
export function gameIconCount(): number {
  return Object.keys(iconSet().icons).length;
}

/** Pixels per side of a raster icon: crisp at the largest size a page draws (72 px) on a 1.75x phone screen. */
export const RASTER_ICON_PX = 128;
const rasterIcons = new Map<string, Promise<Buffer | null>>();

/**
 * `game-icons:<name>` as a black-on-transparent lossless WebP, made once per process. Pages draw
 * icons as raster images, not SVG: every SVG a page uses (as an image or a CSS mask) makes the
 * browser build a separate SVG document on the main thread, which on a phone cost more than
 * laying out the whole list they sit in (decision 014).
 */
export function gameIconRaster(name: string): Promise<Buffer | null> {
  const known = rasterIcons.get(name);
  if (known) return known;
  const svg = gameIconSvg(name);
  const raster = svg
    ? sharp(Buffer.from(svg), { density: 96 * (RASTER_ICON_PX / 24) })
        .resize(RASTER_ICON_PX, RASTER_ICON_PX, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .webp({ lossless: true, effort: 6 })
        .toBuffer()
    : Promise.resolve(null);
  rasterIcons.set(name, raster);
  raster.catch(() => rasterIcons.delete(name));
  return raster;
}

/** Sprites made in this process, by their query (`iconSpriteUrl`); a page's set of icons rarely changes. */
const sprites = new Map<string, Promise<Buffer>>();
const SPRITES_KEPT = 256;

/**
 * One page's icons as one image (decision 028): a vertical strip of `ICON_SPRITE.tilePx` tiles,
 * `ICON_SPRITE.stridePx` apart (the gap keeps a neighbour from bleeding into a tile drawn at a
 * fractional size), black on transparent, lossless WebP. A name the set lacks leaves its tile empty,
 * as its own image would have been missing: one unknown icon does not blank the page's others.
 */
export function gameIconSprite(names: readonly string[]): Promise<Buffer> {
  const key = names.join(ICON_SPRITE.separator);
  const known = sprites.get(key);
  if (known) return known;
  const { tilePx, stridePx } = ICON_SPRITE;
  const tiles = names.flatMap((name, index) => {
    const svg = gameIconSvg(name);
    if (!svg) return [];
    const tile = sharp(Buffer.from(svg), { density: 96 * (tilePx / 24) })
      .resize(tilePx, tilePx, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    return [tile.then((input) => ({ input, left: 0, top: stridePx * index }))];
  });
  const sprite = Promise.all(tiles).then((placed) =>
    sharp({ create: { width: tilePx, height: stridePx * names.length, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite(placed)
      .webp({ lossless: true, effort: 6 })
      .toBuffer(),
  );
  if (sprites.size >= SPRITES_KEPT) sprites.delete(sprites.keys().next().value ?? "");
  sprites.set(key, sprite);
  sprite.catch(() => sprites.delete(key));
  return sprite;
}
