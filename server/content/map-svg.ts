/**
 * Just enough reading of the pack's map SVG to check districts against it: which element ids
 * exist, the viewBox, and the points of `<polygon>` regions (so markers can be checked to sit
 * inside their district). The map is authored by us, so a full SVG parser is not needed.
 */
export type Point = { x: number; y: number };

export type MapInfo = {
  viewBox: { x: number; y: number; width: number; height: number } | null;
  ids: Set<string>;
  /** Polygon points by element id, for regions drawn as `<polygon>`. */
  polygons: Map<string, Point[]>;
};

export function readMapSvg(svg: string): MapInfo {
  const ids = new Set<string>();
  for (const match of svg.matchAll(/\sid="([^"]+)"/g)) ids.add(match[1]!);
  const polygons = new Map<string, Point[]>();
  for (const match of svg.matchAll(/<polygon\b[^>]*>/g)) {
    const tag = match[0];
    const id = /\sid="([^"]+)"/.exec(tag)?.[1];
    const points = /\spoints="([^"]+)"/.exec(tag)?.[1];
    if (id && points) polygons.set(id, parsePoints(points));
  }
  return { viewBox: parseViewBox(svg), ids, polygons };
}

function parseViewBox(svg: string): MapInfo["viewBox"] {
  const match = /viewBox="([^"]+)"/.exec(svg);
  const numbers = match?.[1]
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (!numbers || numbers.length !== 4 || numbers.some(Number.isNaN)) return null;
  const [x, y, width, height] = numbers as [number, number, number, number];
  return { x, y, width, height };
}

function parsePoints(text: string): Point[] {
  const numbers = text
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const points: Point[] = [];
  for (let i = 0; i + 1 < numbers.length; i += 2) points.push({ x: numbers[i]!, y: numbers[i + 1]! });
  return points;
}

/** Ray casting: true when the point is inside the polygon (edges count as either). */
export function isInsidePolygon(point: Point, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    const crosses = a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x;
    if (crosses) inside = !inside;
  }
  return inside;
}
