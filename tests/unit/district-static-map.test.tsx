import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "../../db/testing.ts";
import { ensureContent } from "../../server/content/content-store.ts";
import { loadDistrictMap, type DistrictMap } from "../../server/content/districts.ts";
import { createTestApp, silentLogger, type TestApp } from "../../server/testing.ts";
import { MARKER_SPACING_PX } from "../../app/features/district/declutter.ts";
import { LeafletMap, STATIC_SPREAD_WIDTH_PX, type MapLabels } from "../../app/features/district/leaflet-map.tsx";
import { MARKER_KINDS, type MarkerKind } from "../../app/features/district/marker-kinds.ts";

const labels: MapLabels = {
  label: "Map",
  alt: "The world",
  zoomIn: "Zoom in",
  zoomOut: "Zoom out",
  details: "Details",
  kind: (kind) => kind,
};

function render(map: DistrictMap, layers: ReadonlySet<MarkerKind>, selectedId: string | null = null) {
  return renderToString(
    <LeafletMap
      {...map}
      language="vi"
      layers={layers}
      selectedId={selectedId}
      markerId={null}
      labels={labels}
      markerHref={(id) => `?marker=${id}`}
      onSelectDistrict={() => {}}
      onSelectMarker={() => {}}
    />,
  );
}

/** The static markers of the server's HTML: id, kind, href and place (fractions of the box). */
function staticMarkers(html: string) {
  return [
    ...html.matchAll(/<a href="([^"]*)" data-static-marker="([^"]*)" data-kind="([^"]*)"[^>]*style="left:([\d.]+)%;top:([\d.]+)%"/g),
  ].map(([, href = "", id, kind, left, top]) => ({
    href: href.replaceAll("&amp;", "&"),
    id,
    kind,
    x: Number(left) / 100,
    y: Number(top) / 100,
  }));
}

describe.each(testEngines)("the static map before Leaflet on %s", (engine) => {
  let t: TestApp;
  let map: DistrictMap;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await ensureContent(t.db, silentLogger);
    map = (await loadDistrictMap(t.db))!;
  });
  afterAll(() => t.dispose());

  it("shows the markers of the shown layers as links, no two closer than a target's spacing in the narrowest box", () => {
    const all = staticMarkers(render(map, new Set(MARKER_KINDS)));
    const total = map.districts.flatMap((district) => district.markers).length;
    expect(all.length).toBeGreaterThan(5);
    expect(all.length).toBeLessThan(total);
    const height = (STATIC_SPREAD_WIDTH_PX * map.viewBox.height) / map.viewBox.width;
    for (const [index, a] of all.entries())
      for (const b of all.slice(index + 1)) {
        const apart = Math.max(Math.abs(a.x - b.x) * STATIC_SPREAD_WIDTH_PX, Math.abs(a.y - b.y) * height);
        expect(apart, `${a.id} and ${b.id}`).toBeGreaterThanOrEqual(MARKER_SPACING_PX - 0.01);
      }
    for (const marker of all) expect(marker.href).toBe(`?marker=${marker.id}`);

    const bosses = staticMarkers(render(map, new Set<MarkerKind>(["boss"])));
    expect(bosses.length).toBeGreaterThan(0);
    expect(bosses.every((marker) => marker.kind === "boss")).toBe(true);
    expect(staticMarkers(render(map, new Set()))).toEqual([]);
  });

  it("draws the picked district's outline, every district's name, and the zoom buttons", () => {
    const html = render(map, new Set(MARKER_KINDS), "mist-harbor");
    expect(html).toMatch(/<polygon data-district="mist-harbor"[^>]*stroke-width="4"/);
    expect(html).toMatch(/<polygon data-district="emberpeak"[^>]*stroke-width="1"/);
    expect(html).toContain(">Cảng Sương Mù</span>");
    expect(html).toContain('aria-label="Zoom in"');
    expect(html).toContain('data-ready="false"');
  });
});
