import * as LeafletModule from "leaflet";
// Leaflet's stylesheet comes with Leaflet, after the page is interactive: the static map before it
// needs none, and a stylesheet in the head would hold the page's first paint (a same-origin file: the
// CSP's `style-src 'self'`).
import "leaflet/dist/leaflet.css";
import type * as Leaflet from "leaflet";
import type { MapDistrict, ViewBox } from "../../../server/content/districts.ts";
import type { Point } from "../../../server/content/map-svg.ts";
import { entryHref } from "../../../universal/content/entry-links.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { gameIconUrl } from "../../shared/ui/game-icon.tsx";
import { declutter } from "./declutter.ts";
import { iconSpriteOffset } from "../../../universal/content/icon-sprite.ts";
import {
  DISTRICT_LABEL_CLASS,
  KIND_COLORS,
  MARKER_DOT_CLASS,
  MARKER_ICON_CLASS,
  MARKER_ICON_PX,
  MARKER_KINDS,
  markerIconName,
  regionStyle,
  type MarkerKind,
} from "./marker-kinds.ts";
import type { MapLabels } from "./leaflet-map.tsx";

/** Leaflet is a UMD bundle: its namespace is the default export when bundled, the module itself otherwise. */
const L = ((LeafletModule as { default?: typeof Leaflet }).default ?? LeafletModule) as typeof Leaflet;

/** What the live map reads each time it needs the page's current state (its handlers are bound once). */
export interface LiveMapState {
  labels: MapLabels;
  layers: ReadonlySet<MarkerKind>;
  selectedId: string | null;
  markerId: string | null;
  onSelectDistrict: (id: string) => void;
  onSelectMarker: (id: string) => void;
}

/** The live map, as the page drives it when its state changes. */
export interface LiveMap {
  /** Shows the marker layers of these kinds and hides the others. */
  showLayers: (layers: ReadonlySet<MarkerKind>) => void;
  /** Marks a district as picked, and brings it into view. */
  selectDistrict: (id: string | null) => void;
  /** Brings a marker into view and opens its popup. */
  focusMarker: (id: string | null) => void;
  /** Zooms in (positive) or out (negative) by as many of the zoom buttons' steps. */
  zoom: (steps: number) => void;
  remove: () => void;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);

/** A marker's icon: its tile of the page's sprite when it has one (decision 028), else its own image. */
function markerIconHtml(name: string, slot: number): string {
  const size = MARKER_ICON_PX;
  if (slot === -1)
    return `<img src="${gameIconUrl(escapeHtml(name))}" alt="" width="${size}" height="${size}" class="${MARKER_ICON_CLASS}">`;
  const tile = `background-image:var(--icon-sprite);background-size:${size}px auto;background-position:${iconSpriteOffset(slot, size)};background-repeat:no-repeat`;
  return `<span class="${MARKER_ICON_CLASS}" style="${tile}"></span>`;
}

/**
 * Builds the Leaflet map (a simple CRS over the pack's SVG) in `element`. This module and Leaflet
 * load together, on the map page only and after it is interactive: the page's own first load carries
 * neither. It is built in one task: yielding between its steps made the browser lay the page out
 * after each, and the simulated phone counted about twice the blocking time (decision 023).
 */
export function mountLiveMap(
  element: HTMLElement,
  {
    mapSrc,
    viewBox,
    districts,
    language,
    markerSlots,
  }: { mapSrc: string; viewBox: ViewBox; districts: MapDistrict[]; language: string; markerSlots: ReadonlyMap<string, number> },
  current: () => LiveMapState,
): LiveMap {
  const { labels: text, selectedId: initialDistrict, markerId: initialMarker } = current();
  const toLatLng = (point: Point): Leaflet.LatLngTuple => [viewBox.y + viewBox.height - point.y, point.x - viewBox.x];
  const bounds = L.latLngBounds([0, 0], [viewBox.height, viewBox.width]);
  const map = L.map(element, {
    crs: L.CRS.Simple,
    // Any zoom, not steps of a quarter: the whole map then fills the box exactly, where the static map
    // before Leaflet drew it, so a tap during the swap lands on the same district (decision 031).
    zoomSnap: 0,
    zoomDelta: 0.5,
    keyboard: true,
    zoomControl: false,
    attributionControl: false,
    maxBoundsViscosity: 0.8,
    // Simple CRS zoom 0 shows the map at its own size: a phone needs negative zooms to see it
    // all (Leaflet's default floor is 0 until a tile layer says otherwise).
    minZoom: -5,
  });
  map.fitBounds(bounds);
  let fitZoom = map.getZoom();
  map.setMinZoom(fitZoom - 0.5);
  map.setMaxZoom(fitZoom + 3);
  // The box may change size after the map is made (layout settling, rotation, a resized window):
  // the zoom that shows the whole world follows it, so zooming out always reaches all of it.
  let lastSize = map.getSize();
  const resizeObserver = new ResizeObserver(() => {
    map.invalidateSize({ animate: false });
    const size = map.getSize();
    if (size.x === 0 || size.y === 0 || size.equals(lastSize)) return;
    lastSize = size;
    const whole = map.getBoundsZoom(bounds);
    const showedWhole = map.getZoom() <= fitZoom;
    // The limits are set as options: `setMinZoom` would itself zoom into them with an animation,
    // and markers caught mid-animation overlap until its end. Here the view moves at once, and the
    // markers are spread again in the same task (`zoomend`).
    map.options.minZoom = whole - 0.5;
    map.options.maxZoom = whole + 3;
    map.fire("zoomlevelschange");
    fitZoom = whole;
    const zoom = map.getZoom();
    if (showedWhole) map.fitBounds(bounds, { animate: false });
    else if (zoom < whole - 0.5 || zoom > whole + 3) map.setZoom(Math.min(Math.max(zoom, whole - 0.5), whole + 3), { animate: false });
  });
  resizeObserver.observe(element);
  map.setMaxBounds(bounds.pad(0.15));
  L.control.zoom({ zoomInTitle: text.zoomIn, zoomOutTitle: text.zoomOut }).addTo(map);
  L.imageOverlay(mapSrc, bounds, { alt: text.alt }).addTo(map);

  const regions = new Map<string, Leaflet.Polygon>();
  const markers = new Map<string, Leaflet.Marker>();
  const groups = new Map<MarkerKind, Leaflet.LayerGroup>(MARKER_KINDS.map((kind) => [kind, L.layerGroup()]));
  for (const district of districts) {
    const name = localize(district.name, language);
    if (district.outline.length >= 3) {
      const region = L.polygon(district.outline.map(toLatLng), {
        ...regionStyle(district.id === initialDistrict),
        className: `district-region district-region-${district.id}`,
      }).addTo(map);
      region.bindTooltip(name, { sticky: true, direction: "top" });
      region.on("click", () => current().onSelectDistrict(district.id));
      // By keyboard too: each district is a button in the map's tab order (Enter or Space opens its panel).
      const path = region.getElement();
      if (path) {
        path.setAttribute("tabindex", "0");
        path.setAttribute("role", "button");
        path.setAttribute("aria-label", name);
        path.addEventListener("keydown", (event) => {
          if ((event as KeyboardEvent).key !== "Enter" && (event as KeyboardEvent).key !== " ") return;
          event.preventDefault();
          current().onSelectDistrict(district.id);
        });
      }
      regions.set(district.id, region);
    }
    L.marker(toLatLng(district.labelPosition), {
      interactive: false,
      keyboard: false,
      icon: L.divIcon({
        className: "district-label",
        html: `<span class="absolute left-0 top-0 ${DISTRICT_LABEL_CLASS}">${escapeHtml(name)}</span>`,
        iconSize: [0, 0],
      }),
    }).addTo(map);
    for (const marker of district.markers) {
      const markerName = localize(marker.name, language);
      const kindName = text.kind(marker.kind);
      const icon = markerIconHtml(markerIconName(marker.icon), markerSlots.get(marker.icon) ?? -1);
      const pin = L.marker(toLatLng(marker.position), {
        title: markerName,
        keyboard: true,
        riseOnHover: true,
        icon: L.divIcon({
          className: `map-marker map-marker-${marker.kind} rounded-full`,
          html: `<span class="${MARKER_DOT_CLASS}" style="background:${KIND_COLORS[marker.kind]}">${icon}</span>`,
          // A 24 px target (WCAG 2.2); markers too close to another at this zoom are hidden (declutter below).
          iconSize: [24, 24],
          iconAnchor: [12, 12],
          popupAnchor: [0, -11],
        }),
      });
      pin.on("add", () => {
        const icon = pin.getElement();
        icon?.setAttribute("aria-label", `${markerName} (${kindName})`);
        icon?.setAttribute("data-marker", marker.id);
        icon?.setAttribute("data-kind", marker.kind);
      });
      const href = marker.ref ? entryHref(marker.ref) : null;
      pin.bindPopup(
        `<p class="m-0! font-bold">${escapeHtml(markerName)}</p><p class="m-0! text-xs">${escapeHtml(kindName)}</p><p class="mt-1! mb-0!">${escapeHtml(localize(marker.description, language))}</p>` +
          (href ? `<p class="mt-1! mb-0!"><a href="${escapeHtml(href)}">${escapeHtml(text.details)}</a></p>` : ""),
      );
      pin.on("click", () => current().onSelectMarker(marker.id));
      groups.get(marker.kind)?.addLayer(pin);
      markers.set(marker.id, pin);
    }
  }
  /** Hides the markers that would overlap another at the current zoom; run after zooms and layer changes. */
  const spread = () => {
    const focused = current().markerId;
    const points = [...markers]
      .filter(([, pin]) => map.hasLayer(pin))
      .sort(([a], [b]) => Number(b === focused) - Number(a === focused))
      .map(([id, pin]) => ({ id, ...map.latLngToContainerPoint(pin.getLatLng()) }));
    const shown = declutter(points);
    for (const [id, pin] of markers) {
      const element = pin.getElement();
      if (element) element.style.display = shown.has(id) ? "" : "none";
    }
  };
  map.on("zoomend viewreset", spread);
  for (const [kind, group] of groups) if (current().layers.has(kind)) group.addTo(map);
  const focus = initialMarker ? markers.get(initialMarker) : undefined;
  const region = initialDistrict ? regions.get(initialDistrict) : undefined;
  if (focus) {
    map.setView(focus.getLatLng(), fitZoom + 1, { animate: false });
    if (map.hasLayer(focus)) focus.openPopup();
  } else if (region) {
    map.fitBounds(region.getBounds(), { padding: [16, 16], animate: false });
  }
  spread();
  return {
    showLayers(layers) {
      for (const [kind, group] of groups) {
        if (layers.has(kind)) map.addLayer(group);
        else map.removeLayer(group);
      }
      spread();
    },
    selectDistrict(selectedId) {
      for (const [id, picked] of regions) {
        picked.setStyle(regionStyle(id === selectedId));
        if (id === selectedId) {
          picked.bringToFront();
          if (!map.getBounds().contains(picked.getBounds())) map.fitBounds(picked.getBounds(), { padding: [16, 16] });
        }
      }
    },
    focusMarker(markerId) {
      const pin = markerId ? markers.get(markerId) : undefined;
      if (!pin) return;
      if (!map.getBounds().contains(pin.getLatLng()) || map.getZoom() < fitZoom + 0.5)
        map.setView(pin.getLatLng(), Math.max(map.getZoom(), fitZoom + 1));
      spread();
      if (map.hasLayer(pin) && !pin.isPopupOpen()) pin.openPopup();
    },
    zoom(steps) {
      map.setZoom(map.getZoom() + steps * (map.options.zoomDelta ?? 1));
    },
    remove() {
      resizeObserver.disconnect();
      map.remove();
    },
  };
}
