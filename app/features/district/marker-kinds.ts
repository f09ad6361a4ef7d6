import type { Marker } from "../../../universal/content/pack-schema.ts";

export type MarkerKind = Marker["kind"];
/** The pack's marker kinds, in legend order (a copy: the schema module would bring zod to the browser). */
export const MARKER_KINDS = [
  "npc",
  "boss",
  "resource",
  "portal",
  "dungeon",
  "shop",
  "quest",
  "waypoint",
] as const satisfies readonly MarkerKind[];

/** One colour per marker kind, dark enough for the white icon on it (contrast ≥ 3:1). */
export const KIND_COLORS: Record<MarkerKind, string> = {
  npc: "#1d4ed8",
  boss: "#b91c1c",
  resource: "#15803d",
  portal: "#7e22ce",
  dungeon: "#78350f",
  shop: "#b45309",
  quest: "#a16207",
  waypoint: "#0e7490",
};

const isKind = (value: string): value is MarkerKind => (MARKER_KINDS as readonly string[]).includes(value);

/**
 * The marker layers shown, from `?layers=boss,npc` (repeated `layers` from the no-JS form work
 * too). No parameter means every layer; an empty one means none.
 */
export function parseLayers(params: URLSearchParams): Set<MarkerKind> {
  if (!params.has("layers")) return new Set(MARKER_KINDS);
  return new Set(
    params
      .getAll("layers")
      .flatMap((value) => value.split(","))
      .filter(isKind),
  );
}

/** A query string with `changes` applied (null removes a key), commas kept readable. */
export function queryWith(params: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  const text = next.toString().replace(/%2C/g, ",");
  return text ? `?${text}` : "?";
}

/** The `layers` value for a set of kinds: null (no parameter) when every kind is shown. */
export function layersValue(kinds: ReadonlySet<MarkerKind>): string | null {
  if (MARKER_KINDS.every((kind) => kinds.has(kind))) return null;
  return MARKER_KINDS.filter((kind) => kinds.has(kind)).join(",");
}

/** Pixels per side of the icon inside a marker's 24 px dot. */
export const MARKER_ICON_PX = 15;

/** The icon set's name of a marker's icon (`game-icons:castle` → `castle`). */
export const markerIconName = (icon: string) => icon.replace(/^game-icons:/, "");
