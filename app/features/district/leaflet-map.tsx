import { useEffect, useMemo, useRef, useState, type CSSProperties, type MouseEvent } from "react";
import type { MapDistrict, ViewBox } from "../../../server/content/districts.ts";
import type { Point } from "../../../server/content/map-svg.ts";
import { iconSpriteOffset } from "../../../universal/content/icon-sprite.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { afterInteractive } from "../../shared/page/after-interactive.ts";
import { gameIconUrl } from "../../shared/ui/game-icon.tsx";
import { useIconSprite } from "../../shared/ui/icon-sprite.ts";
import { declutter } from "./declutter.ts";
import type { LiveMap } from "./leaflet-live.ts";
import {
  DISTRICT_LABEL_CLASS,
  KIND_COLORS,
  MARKER_DOT_CLASS,
  MARKER_ICON_CLASS,
  MARKER_ICON_PX,
  markerIconName,
  regionStyle,
} from "./marker-kinds.ts";
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
  /** The URL that picks a marker (a link of the static map, which works without JavaScript too). */
  markerHref: (id: string) => string;
  onSelectDistrict: (id: string) => void;
  onSelectMarker: (id: string) => void;
}

/**
 * The narrowest map the static markers are spread for (the box on a 320 px wide phone): the shown ones
 * stay 24 px targets apart in any box at least this wide, and the live map spreads them again for its
 * own box and zoom.
 */
export const STATIC_SPREAD_WIDTH_PX = 288;

/**
 * Whether an event says the reader is about to use the map itself: a press (a finger, a pen, a mouse
 * button), the wheel, a mouse moving over it, or the keyboard's focus on the map (not on one of the
 * static map's links or buttons: those do what they say, and a marker or a zoom wakes it then).
 */
function wakes(event: Event, map: Element): boolean {
  if (event.type === "pointermove") return (event as PointerEvent).pointerType === "mouse";
  if (event.type === "focusin") return event.target === map;
  return true;
}
const WAKE_EVENTS = ["pointerdown", "pointermove", "wheel", "focusin"] as const;

const percent = (value: number) => `${(value * 100).toFixed(3)}%`;

/** A point of the pack's map as a place in the map's box (fractions of its width and height). */
const boxPlace = (viewBox: ViewBox, point: Point) => ({
  x: (point.x - viewBox.x) / viewBox.width,
  y: (point.y - viewBox.y) / viewBox.height,
});

/** A marker's dot, as Leaflet's marker draws it too: the kind's colour, its icon from the page's sprite. */
function MarkerDot({ kind, icon, slot }: { kind: MarkerKind; icon: string; slot: number }) {
  const size = MARKER_ICON_PX;
  const tile: CSSProperties = {
    backgroundImage: "var(--icon-sprite)",
    backgroundSize: `${size}px auto`,
    backgroundPosition: iconSpriteOffset(slot, size),
    backgroundRepeat: "no-repeat",
  };
  return (
    <span className={MARKER_DOT_CLASS} style={{ background: KIND_COLORS[kind] }}>
      {slot === -1 ? (
        <img src={gameIconUrl(icon)} alt="" width={size} height={size} className={MARKER_ICON_CLASS} />
      ) : (
        <span className={MARKER_ICON_CLASS} style={tile} />
      )}
    </span>
  );
}

/**
 * The map before Leaflet: the pack's SVG with the districts' names, the picked district's outline and
 * the markers of the shown layers, each a link to its `?marker=`, spread so that no two shown ones
 * overlap. It is server HTML: the page shows the whole map without waiting for any script.
 */
function StaticMap({
  viewBox,
  districts,
  language,
  layers,
  selectedId,
  markerId,
  labels,
  markerSlots,
  markerHref,
  onSelectDistrict,
  onSelectMarker,
}: Omit<Props, "mapSrc"> & { markerSlots: ReadonlyMap<string, number> }) {
  const markers = districts
    .flatMap((district) => district.markers)
    .filter((marker) => layers.has(marker.kind))
    .sort((a, b) => Number(b.id === markerId) - Number(a.id === markerId));
  const height = (STATIC_SPREAD_WIDTH_PX * viewBox.height) / viewBox.width;
  const shown = declutter(
    markers.map((marker) => {
      const place = boxPlace(viewBox, marker.position);
      return { id: marker.id, x: place.x * STATIC_SPREAD_WIDTH_PX, y: place.y * height };
    }),
  );
  const select = (id: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onSelectMarker(id);
  };
  return (
    <>
      {/* The districts, to tap or click: the district list below is their keyboard way. */}
      <svg
        aria-hidden="true"
        viewBox={`${viewBox.x} ${viewBox.y} ${viewBox.width} ${viewBox.height}`}
        preserveAspectRatio="none"
        className="absolute inset-0 h-full w-full"
      >
        {districts
          .filter((district) => district.outline.length >= 3)
          .map((district) => {
            const look = regionStyle(district.id === selectedId);
            return (
              <polygon
                key={district.id}
                data-district={district.id}
                points={district.outline.map((point) => `${point.x},${point.y}`).join(" ")}
                onClick={() => onSelectDistrict(district.id)}
                className="cursor-pointer"
                fill={look.fillColor}
                fillOpacity={look.fillOpacity}
                stroke={look.color}
                strokeOpacity={look.opacity}
                strokeWidth={look.weight}
                vectorEffect="non-scaling-stroke"
              />
            );
          })}
      </svg>
      {districts.map((district) => {
        const place = boxPlace(viewBox, district.labelPosition);
        return (
          <span
            key={district.id}
            aria-hidden="true"
            className={`pointer-events-none absolute ${DISTRICT_LABEL_CLASS}`}
            style={{ left: percent(place.x), top: percent(place.y) }}
          >
            {localize(district.name, language)}
          </span>
        );
      })}
      {markers
        .filter((marker) => shown.has(marker.id))
        .map((marker) => {
          const place = boxPlace(viewBox, marker.position);
          return (
            <a
              key={marker.id}
              href={markerHref(marker.id)}
              onClick={select(marker.id)}
              data-static-marker={marker.id}
              data-kind={marker.kind}
              aria-label={`${localize(marker.name, language)} (${labels.kind(marker.kind)})`}
              title={localize(marker.name, language)}
              className="absolute -translate-x-1/2 -translate-y-1/2 rounded-full"
              style={{ left: percent(place.x), top: percent(place.y) }}
            >
              <MarkerDot kind={marker.kind} icon={markerIconName(marker.icon)} slot={markerSlots.get(marker.icon) ?? -1} />
            </a>
          );
        })}
    </>
  );
}

/**
 * The interactive map: Leaflet (loaded in the browser only, on this page only) with a simple CRS over
 * the pack's SVG. Until the reader reaches for the map (a touch, a pointer over it, the wheel, the
 * keyboard's focus, a zoom button) or a marker is asked for in the URL, the page shows the same map as
 * server HTML (`StaticMap`): the districts' names, the picked district and the markers, each a link,
 * in a box of the same size. Leaflet's mount is most of this page's work (decision 031), and a reader
 * who only looks at the map, or picks districts from the list, never pays it.
 */
export function LeafletMap(props: Props) {
  const { mapSrc, viewBox, districts, language, layers, selectedId, markerId, labels } = props;
  const container = useRef<HTMLDivElement>(null);
  const live = useRef<LiveMap | null>(null);
  const [ready, setReady] = useState(false);
  const [wanted, setWanted] = useState(markerId !== null);
  // A zoom button pressed before Leaflet was there: applied once it is.
  const pendingZoom = useRef(0);
  // The markers' icons join the page's sprite as the server renders the map (decision 028), so that
  // the static map and Leaflet draw forty markers from one image instead of forty.
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

  // A marker asked for after the page loaded (a link of the panel) needs Leaflet's popup; once awake,
  // the map stays so (adjusting state while rendering, as React's docs do for state that follows props).
  if (markerId !== null && !wanted) setWanted(true);

  // The first sign that the reader is about to use the map wakes Leaflet.
  useEffect(() => {
    const map = container.current;
    const element = map?.parentElement;
    if (wanted || !map || !element) return;
    const wake = (event: Event) => {
      if (wakes(event, map)) setWanted(true);
    };
    for (const type of WAKE_EVENTS) element.addEventListener(type, wake, { passive: true });
    return () => {
      for (const type of WAKE_EVENTS) element.removeEventListener(type, wake);
    };
  }, [wanted]);

  // Whether a finger or a button is down on the map: Leaflet takes over only once it is lifted and its
  // click has gone to the static map, so that a tap never lands half on one map and half on the other.
  const pressed = useRef(false);
  useEffect(() => {
    const element = container.current?.parentElement;
    if (!element) return;
    const press = () => (pressed.current = true);
    const release = () => (pressed.current = false);
    element.addEventListener("pointerdown", press, { passive: true });
    window.addEventListener("pointerup", release, { passive: true });
    window.addEventListener("pointercancel", release, { passive: true });
    return () => {
      element.removeEventListener("pointerdown", press);
      window.removeEventListener("pointerup", release);
      window.removeEventListener("pointercancel", release);
    };
  }, []);

  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    let mounted: LiveMap | undefined;
    // Leaflet and the code that drives it come in one chunk, after the page is interactive.
    const cancel = afterInteractive(() => {
      void import("./leaflet-live.ts").then(({ mountLiveMap }) => {
        const element = container.current;
        if (cancelled || !element) return;
        mounted = mountLiveMap(element, { mapSrc, viewBox, districts, language, markerSlots }, () => latest.current);
        if (pendingZoom.current !== 0) mounted.zoom(pendingZoom.current);
        pendingZoom.current = 0;
        live.current = mounted;
        const takeOver = () => {
          if (cancelled) return;
          // A press under way: its click goes to the static map first (a click follows the release in the same task).
          if (pressed.current) {
            setTimeout(takeOver, 50);
            return;
          }
          // The keyboard's focus on a static link or button moves to the live map that replaces it.
          const focusedStatic = document.activeElement?.closest("[data-static-map]");
          setReady(true);
          if (focusedStatic) element.focus({ preventScroll: true });
        };
        takeOver();
      });
    });
    return () => {
      cancelled = true;
      cancel();
      live.current = null;
      mounted?.remove();
      setReady(false);
    };
  }, [wanted, mapSrc, viewBox, districts, language, markerSlots]);

  useEffect(() => {
    live.current?.showLayers(layers);
  }, [ready, layers]);

  useEffect(() => {
    live.current?.selectDistrict(selectedId);
  }, [ready, selectedId]);

  useEffect(() => {
    live.current?.focusMarker(markerId);
  }, [ready, markerId]);

  const zoomButton =
    "flex size-[30px] items-center justify-center bg-white text-lg font-bold leading-none text-slate-900 hover:bg-slate-100";
  const zoom = (direction: 1 | -1) => () => {
    pendingZoom.current += direction;
    setWanted(true);
  };
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
      {ready ? null : (
        <div className="absolute inset-0" data-static-map="">
          <StaticMap {...props} markerSlots={markerSlots} />
          {/* Leaflet's zoom control, until Leaflet brings its own: a press wakes it and zooms. */}
          <div className="absolute left-2.5 top-2.5 flex flex-col overflow-hidden rounded border-2 border-black/20 bg-clip-padding">
            <button
              type="button"
              onClick={zoom(1)}
              title={labels.zoomIn}
              aria-label={labels.zoomIn}
              className={`${zoomButton} border-b border-slate-300`}
            >
              +
            </button>
            <button type="button" onClick={zoom(-1)} title={labels.zoomOut} aria-label={labels.zoomOut} className={zoomButton}>
              −
            </button>
          </div>
        </div>
      )}
      <div
        ref={container}
        role="region"
        aria-label={labels.label}
        aria-busy={wanted && !ready}
        data-ready={ready ? "true" : "false"}
        // Focusable, as Leaflet makes it; before Leaflet, focusing the map is what wakes it. The class
        // never changes: Leaflet adds its own to this element, and React would write over them.
        tabIndex={0}
        className="district-map absolute inset-0 data-[ready=false]:pointer-events-none"
        style={{ background: "transparent" }}
      />
    </div>
  );
}
