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

/** How a district's outline is drawn, picked or not: by Leaflet and by the static map before it (decision 031). */
export const regionStyle = (selected: boolean) => ({
  color: selected ? "#1e293b" : "#334155",
  weight: selected ? 4 : 1,
  opacity: selected ? 1 : 0.4,
  fillColor: selected ? "#fde68a" : "#ffffff",
  fillOpacity: selected ? 0.35 : 0.01,
});

/** A district's name on the map (placed at its label position, centred there), on both maps. */
export const DISTRICT_LABEL_CLASS =
  "w-max -translate-x-1/2 -translate-y-1/2 whitespace-nowrap rounded bg-white/80 px-1 text-[11px] font-bold leading-tight text-slate-900";

/** A marker's 24 px dot (its kind's colour as background) and the icon inside it, on both maps. */
export const MARKER_DOT_CLASS = "flex size-6 items-center justify-center rounded-full border-2 border-white shadow-md";
export const MARKER_ICON_CLASS = "block size-[15px]! invert";
