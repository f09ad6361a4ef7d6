import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

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
