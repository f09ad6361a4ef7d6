/** A marker's place on screen, in CSS pixels from the map's corner. */
export interface ScreenPoint {
  id: string;
  x: number;
  y: number;
}

/**
 * How far apart, across or down, the centres of two markers shown at once must be: a marker is a
 * 24 px square target (WCAG 2.2 target size, minimum), and two squares must not overlap, with a
 * little air between them.
 */
export const MARKER_SPACING_PX = 27;

/**
 * Which markers to show at the current zoom so that the squares of no two shown ones come closer than `spacing`:
 * greedy, in the given order (put the most important first), like a map's label placement. The
 * hidden ones come back as the map is zoomed in, and every marker stays listed in its district's
 * panel, so none is out of reach.
 */
export function declutter(points: readonly ScreenPoint[], spacing = MARKER_SPACING_PX): Set<string> {
  const shown: ScreenPoint[] = [];
  for (const point of points) {
    if (shown.every((other) => Math.max(Math.abs(other.x - point.x), Math.abs(other.y - point.y)) >= spacing)) shown.push(point);
  }
  return new Set(shown.map((point) => point.id));
}
