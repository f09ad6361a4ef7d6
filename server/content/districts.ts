import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { contentPacks } from "../../db/schema/index.ts";
import { listKind } from "./catalog.ts";
import { readMapSvg, type Point } from "./map-svg.ts";
import type { District, Marker, TaxRate } from "../../universal/content/pack-schema.ts";

export type ViewBox = { x: number; y: number; width: number; height: number };

/** A district as the map page shows it: the pack's entry, its region's outline and its tax rate. */
export type MapDistrict = District & {
  /** The region's polygon in the SVG's coordinates (empty when the region is not a `<polygon>`). */
  outline: Point[];
  /** The district's tax rate, or null when the pack sets none. */
  tax: Pick<TaxRate, "percent" | "note"> | null;
};

export type DistrictMap = {
  /** The map SVG's URL, named by the pack's version so browsers may keep it (`<img>` and Leaflet's overlay). */
  mapSrc: string;
  viewBox: ViewBox;
  districts: MapDistrict[];
};

/** The SVG text of the pack in use and the pack's checksum, or null before any pack is imported. */
export async function currentMapSvg(db: Database): Promise<{ svg: string; version: string } | null> {
  const [row] = await db
    .select({ svg: contentPacks.mapSvg, version: contentPacks.checksum })
    .from(contentPacks)
    .where(eq(contentPacks.slot, "current"));
  return row ?? null;
}

/** Where pages load the map of the pack with this checksum (`GET /maps/:version.svg`). */
export const mapUrl = (version: string): string => `/maps/${version}.svg`;

/** Everything the district map needs, in one go; null when no pack is loaded. */
export async function loadDistrictMap(db: Database): Promise<DistrictMap | null> {
  const [map, districts, taxRates] = await Promise.all([
    currentMapSvg(db),
    listKind<District>(db, "districts"),
    listKind<TaxRate>(db, "taxRates"),
  ]);
  if (map === null) return null;
  const info = readMapSvg(map.svg);
  const viewBox = info.viewBox ?? { x: 0, y: 0, width: 1200, height: 800 };
  const taxByDistrict = new Map(taxRates.filter((rate) => rate.scope === "district").map((rate) => [rate.target, rate]));
  return {
    mapSrc: mapUrl(map.version),
    viewBox,
    districts: districts.map((district) => {
      const rate = taxByDistrict.get(district.id);
      return {
        ...district,
        outline: info.polygons.get(district.region) ?? [],
        tax: rate ? { percent: rate.percent, ...(rate.note ? { note: rate.note } : {}) } : null,
      };
    }),
  };
}

/** The district a marker belongs to (marker ids are unique across districts). */
export function districtOfMarker<T extends { markers: Marker[] }>(districts: readonly T[], markerId: string): T | undefined {
  return districts.find((district) => district.markers.some((marker) => marker.id === markerId));
}
