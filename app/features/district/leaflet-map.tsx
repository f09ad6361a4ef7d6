import { useEffect, useMemo, useRef, useState } from "react";
import type { MapDistrict, ViewBox } from "../../../server/content/districts.ts";
import { afterInteractive } from "../../shared/page/after-interactive.ts";
import { useIconSprite } from "../../shared/ui/icon-sprite.ts";
import type { LiveMap } from "./leaflet-live.ts";
import { markerIconName } from "./marker-kinds.ts";
import type { MarkerKind } from "./marker-kinds.ts";

export interface MapLabels {
  label: string;
  alt: string;
  zoomIn: string;
  zoomOut: string;
  details: string;
  kind: (kind: MarkerKind) => string;
}

interface Props {
  mapSrc: string;
  viewBox: ViewBox;
  districts: MapDistrict[];
  language: string;
  layers: ReadonlySet<MarkerKind>;
  selectedId: string | null;
  markerId: string | null;
  labels: MapLabels;
  onSelectDistrict: (id: string) => void;
  onSelectMarker: (id: string) => void;
}

/**
 * The interactive map: Leaflet (loaded in the browser only, on this page only) with a simple CRS
 * over the pack's SVG. Until it is ready — and without JavaScript — the SVG itself is shown at the
 * same size, so nothing moves when Leaflet takes over.
 */
export function LeafletMap(props: Props) {
  const { mapSrc, viewBox, districts, language, layers, selectedId, markerId, labels } = props;
  const container = useRef<HTMLDivElement>(null);
  const live = useRef<LiveMap | null>(null);
  const [ready, setReady] = useState(false);
  // The markers' icons join the page's sprite as the server renders the map (decision 028), so that
  // Leaflet draws forty markers from one image instead of forty.
  const sprite = useIconSprite();
  const markerSlots = useMemo(
    () => new Map(districts.flatMap((district) => district.markers).map(({ icon }) => [icon, sprite.slot(markerIconName(icon))])),
    [districts, sprite],
  );
  // The latest props for Leaflet's handlers, which are bound once.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    let cancelled = false;
    let mounted: LiveMap | undefined;
    // Leaflet and the code that drives it come in one chunk, after the page is interactive.
    const cancel = afterInteractive(() => {
      void import("./leaflet-live.ts").then(({ mountLiveMap }) => {
        const element = container.current;
        if (cancelled || !element) return;
        mounted = mountLiveMap(element, { mapSrc, viewBox, districts, language, markerSlots }, () => latest.current);
        live.current = mounted;
        setReady(true);
      });
    });
    return () => {
      cancelled = true;
      cancel();
      live.current = null;
      mounted?.remove();
      setReady(false);
    };
  }, [mapSrc, viewBox, districts, language, markerSlots]);

  useEffect(() => {
    live.current?.showLayers(layers);
  }, [ready, layers]);

  useEffect(() => {
    live.current?.selectDistrict(selectedId);
  }, [ready, selectedId]);

  useEffect(() => {
    live.current?.focusMarker(markerId);
  }, [ready, markerId]);

  return (
    <div
      className="relative isolate w-full overflow-hidden rounded-xl border border-line bg-[#7fa9cc]"
      style={{ aspectRatio: `${viewBox.width} / ${viewBox.height}` }}
    >
      <img
        src={mapSrc}
        width={viewBox.width}
        height={viewBox.height}
        alt={labels.alt}
        // The page's largest paint: fetched before the scripts, which it does not wait for.
        fetchPriority="high"
        className={`absolute inset-0 h-full w-full object-contain ${ready ? "invisible" : ""}`}
      />
      <div
        ref={container}
        role="region"
        aria-label={labels.label}
        aria-busy={!ready}
        data-ready={ready ? "true" : "false"}
        className="district-map absolute inset-0"
        style={{ background: "transparent" }}
      />
    </div>
  );
}
