import type { CSSProperties } from "react";
import { iconSpriteOffset } from "../../../universal/content/icon-sprite.ts";
import { useIconSlot } from "./icon-sprite.ts";

export type GameIconTone = "fg" | "muted" | "accent";

/** Where the server serves a content icon as a black-on-transparent raster image. */
export const gameIconUrl = (icon: string) => `/icons/game-icons/${icon.replace(/^game-icons:/, "")}.webp`;

/**
 * A content icon (game-icons set), decorative, with a fixed size so nothing shifts while it loads.
 *
 * A page's first icons are windows on one image, the page's sprite (decision 028): one request and
 * one repaint instead of one of each per icon. The others are raster `<img>`s, loaded lazily: an SVG (as an image or a CSS mask) makes the browser build
 * an SVG document per icon on the main thread, and a CSS mask restyles the element when its image
 * arrives; on a phone both cost more than laying out the list the icons sit in (decision 014). The
 * theme's colour comes from a filter (`app.css`, `.game-icon`); the accent tone, used for one icon at
 * a time, is a mask of the same raster over the accent colour.
 */
export function GameIcon({
  icon,
  size = 40,
  tone = "fg",
  className = "",
}: {
  icon: string;
  size?: number;
  tone?: GameIconTone;
  className?: string;
}) {
  const url = gameIconUrl(icon);
  const slot = useIconSlot(icon.replace(/^game-icons:/, ""), size);
  const tile = slot === -1 ? null : { image: "var(--icon-sprite)", size: `${size}px auto`, position: iconSpriteOffset(slot, size) };
  if (tone === "accent") {
    const mask = tile?.image ?? `url(${url})`;
    const style: CSSProperties = {
      width: size,
      height: size,
      maskImage: mask,
      WebkitMaskImage: mask,
      maskSize: tile?.size ?? "contain",
      WebkitMaskSize: tile?.size ?? "contain",
      maskPosition: tile?.position,
      WebkitMaskPosition: tile?.position,
      maskRepeat: "no-repeat",
      WebkitMaskRepeat: "no-repeat",
    };
    return <span aria-hidden="true" className={`inline-block shrink-0 bg-current text-accent ${className}`} style={style} />;
  }
  const classes = `game-icon ${tone === "muted" ? "game-icon-muted" : ""} inline-block shrink-0 ${className}`;
  if (tile)
    return (
      <span
        aria-hidden="true"
        className={classes}
        style={{
          width: size,
          height: size,
          backgroundImage: tile.image,
          backgroundSize: tile.size,
          backgroundPosition: tile.position,
          backgroundRepeat: "no-repeat",
        }}
      />
    );
  // Sized by style too: the base styles' `height: auto` would make its arrival lay the page out again.
  return (
    <img
      src={url}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={classes}
      style={{ width: size, height: size }}
    />
  );
}
