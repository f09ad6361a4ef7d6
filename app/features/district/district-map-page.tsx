import { ClanHold } from "../../shared/ui/clan-hold.tsx";
import { useMemo } from "react";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Island } from "../../shared/islands/island.tsx";
import type { MapDistrict, ViewBox } from "../../../server/content/districts.ts";
import { entryHref } from "../../../universal/content/entry-links.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { LeafletMap, type MapLabels } from "./leaflet-map.tsx";
import { KIND_COLORS, MARKER_KINDS, layersValue, parseLayers, queryWith, type MarkerKind } from "./marker-kinds.ts";
import { FavoriteStar } from "../../shared/ui/favorite-star.tsx";

export interface DistrictMapProps {
  i18n: RouteMessages;
  language: string;
  mapSrc: string;
  viewBox: ViewBox;
  districts: MapDistrict[];
}

/**
 * The world map: districts to pick (on the map or in the list), marker layers to toggle, and a
 * panel with the picked district's levels, PvP, tax rate, owner clan and markers. Everything the
 * page shows is in the URL (`?id=`, `?marker=`, `?layers=`), so any view can be shared.
 */
export function DistrictMapPage(props: DistrictMapProps) {
  const { t: common } = useTranslation();
  // The map is server HTML until the reader uses it (decision 032); a shared marker opens its popup on
  // the live map as the page loads.
  const [params] = useSearchParams();
  return (
    <div className="mx-auto max-w-6xl">
      <Breadcrumbs />
      <h1 className="text-2xl font-bold sm:text-3xl">{common("pages.district.title")}</h1>
      <p className="mt-2 text-fg-muted">{common("pages.district.description")}</p>
      <Island name="district-map" component={DistrictMap} props={props} when={params.has("marker") ? "always" : "used"} />
    </div>
  );
}

/** The layers, the map, the picked district's panel and the district list: one island (decision 025). */
export function DistrictMap({ i18n, language, mapSrc, viewBox, districts }: DistrictMapProps) {
  const { t } = useRouteMessages(i18n);
  const [params] = useSearchParams();
  const navigate = useNavigate();

  const layers = useMemo(() => parseLayers(params), [params]);
  const markerId = params.get("marker");
  const selected =
    districts.find((district) => district.id === params.get("id")) ??
    (markerId ? districts.find((district) => district.markers.some((marker) => marker.id === markerId)) : undefined);
  const go = (changes: Record<string, string | null>) => queryWith(params, changes);
  const update = (changes: Record<string, string | null>) => void navigate(go(changes), { replace: true, preventScrollReset: true });

  /** The boxes are the state while the URL catches up: read them all, so quick clicks add up. */
  const toggle = (form: HTMLFormElement | null) => {
    const boxes = form ? [...form.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name="layers"]')] : [];
    const next = new Set(boxes.filter((box) => box.checked).map((box) => box.value as MarkerKind));
    update({ layers: layersValue(next) });
  };
  const counts = new Map<MarkerKind, number>();
  for (const district of districts) for (const marker of district.markers) counts.set(marker.kind, (counts.get(marker.kind) ?? 0) + 1);

  const labels: MapLabels = {
    label: t("map.label"),
    alt: t("map.alt"),
    zoomIn: t("map.zoomIn"),
    zoomOut: t("map.zoomOut"),
    details: t("panel.details"),
    kind: (kind) => t(`kinds.${kind}`),
  };

  return (
    <>
      {/* Submitted only without JavaScript (the Apply button): with it, each box applies at once. */}
      <form method="get" className="mt-4 rounded-xl border border-line bg-surface p-3">
        {selected ? <input type="hidden" name="id" value={selected.id} /> : null}
        {/* Always sent, so unticking every box (without JavaScript) means "no layer", not "all". */}
        <input type="hidden" name="layers" value="" />
        <fieldset>
          <legend className="text-sm font-semibold">{t("layers.legend")}</legend>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
            {MARKER_KINDS.map((kind) => (
              <label key={kind} className="flex min-h-8 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="layers"
                  value={kind}
                  defaultChecked={layers.has(kind)}
                  onChange={(event) => toggle(event.currentTarget.form)}
                  className="size-4 accent-brand"
                />
                <span aria-hidden="true" className="inline-block size-3 rounded-full" style={{ background: KIND_COLORS[kind] }} />
                {t(`kinds.${kind}`)}
                <span className="text-xs text-fg-muted">({counts.get(kind) ?? 0})</span>
              </label>
            ))}
            {/* Without JavaScript the boxes are applied by submitting; with it, each change applies at once. */}
            <noscript>
              <button type="submit" className="h-8 rounded-md bg-brand px-3 text-sm font-semibold text-on-brand">
                {t("layers.apply")}
              </button>
            </noscript>
          </div>
        </fieldset>
      </form>

      <p className="mt-3 text-sm text-fg-muted">{t("map.hint")}</p>

      <div className="mt-3 grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <LeafletMap
          mapSrc={mapSrc}
          viewBox={viewBox}
          districts={districts}
          language={language}
          layers={layers}
          selectedId={selected?.id ?? null}
          markerId={markerId}
          labels={labels}
          markerHref={(id) => go({ marker: id, id: null })}
          onSelectDistrict={(id) => update({ id, marker: null })}
          onSelectMarker={(id) => update({ marker: id, id: null })}
        />

        <div className="flex flex-col gap-4">
          {selected ? (
            <DistrictPanel district={selected} language={language} markerId={markerId} go={go} t={t} />
          ) : (
            <p className="rounded-xl border border-dashed border-line bg-surface p-4 text-sm text-fg-muted">{t("districts.choose")}</p>
          )}

          <nav aria-labelledby="district-list-heading" className="rounded-xl border border-line bg-surface p-4">
            <h2 id="district-list-heading" className="font-semibold">
              {t("districts.heading")}
            </h2>
            <ul className="mt-2 grid gap-1 sm:grid-cols-2 lg:grid-cols-1">
              {districts.map((district) => (
                <li key={district.id}>
                  <Link
                    to={go({ id: district.id, marker: null })}
                    preventScrollReset
                    replace
                    aria-current={district.id === selected?.id ? "true" : undefined}
                    className="flex items-center justify-between gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-surface-muted aria-[current]:bg-surface-muted aria-[current]:font-semibold"
                  >
                    <span>{localize(district.name, language)}</span>
                    <span className="text-xs text-fg-muted">
                      {t("panel.levels", { min: district.levelRange.min, max: district.levelRange.max })}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </>
  );
}

function DistrictPanel({
  district,
  language,
  markerId,
  go,
  t,
}: {
  district: MapDistrict;
  language: string;
  markerId: string | null;
  go: (changes: Record<string, string | null>) => string;
  t: ReturnType<typeof useRouteMessages>["t"];
}) {
  const { t: c } = useTranslation();
  const row = "flex items-baseline justify-between gap-3 border-b border-line py-2 last:border-b-0";
  return (
    <section aria-labelledby="district-panel-title" data-testid="district-panel" className="rounded-xl border border-line bg-surface p-4">
      <p className="text-xs font-semibold uppercase tracking-wide text-fg-muted">{t("panel.label")}</p>
      <div className="mt-1 flex items-start justify-between gap-3">
        <h2 id="district-panel-title" className="text-xl font-bold">
          {localize(district.name, language)}
        </h2>
        <FavoriteStar kind="districts" id={district.id} name={localize(district.name, language)} />
      </div>
      <p className="mt-2 text-sm text-fg-muted">{localize(district.description, language)}</p>
      <dl className="mt-3 text-sm">
        <div className={row}>
          <dt className="shrink-0 text-fg-muted">{t("panel.levelRange")}</dt>
          <dd className="font-semibold">{t("panel.levels", { min: district.levelRange.min, max: district.levelRange.max })}</dd>
        </div>
        <div className={row}>
          <dt className="shrink-0 text-fg-muted">{t("panel.pvp")}</dt>
          <dd className="font-semibold">{district.pvp ? t("panel.pvpOn") : t("panel.pvpOff")}</dd>
        </div>
        <div className={row}>
          <dt className="shrink-0 text-fg-muted">{t("panel.tax")}</dt>
          <dd className="text-right">
            <span className="font-semibold" data-testid="district-tax">
              {district.tax ? t("panel.taxValue", { percent: district.tax.percent }) : t("panel.taxNone")}
            </span>
            {district.tax?.note ? (
              <span className="mt-0.5 block text-xs text-fg-muted">{localize(district.tax.note, language)}</span>
            ) : null}
          </dd>
        </div>
        <div className={row}>
          <dt className="shrink-0 text-fg-muted">{c("clanHold.owner")}</dt>
          <dd className="text-right" data-testid="district-owner">
            <ClanHold owner={district.owner} safeZone={!district.pvp} />
          </dd>
        </div>
      </dl>

      <h3 className="mt-4 font-semibold">{t("panel.markers")}</h3>
      {district.markers.length === 0 ? (
        <p className="mt-1 text-sm text-fg-muted">{t("panel.noMarkers")}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2">
          {district.markers.map((marker) => {
            const href = marker.ref ? entryHref(marker.ref) : null;
            const focused = marker.id === markerId;
            return (
              <li
                key={marker.id}
                id={`marker-${marker.id}`}
                className={`flex gap-3 rounded-lg border p-2 ${focused ? "border-brand bg-surface-muted" : "border-line"}`}
              >
                <span
                  className="flex size-9 shrink-0 items-center justify-center rounded-full text-white"
                  style={{ background: KIND_COLORS[marker.kind] }}
                >
                  <GameIcon icon={marker.icon} size={22} />
                </span>
                <span className="min-w-0 text-sm">
                  <span className="block font-semibold">{localize(marker.name, language)}</span>
                  <span className="block text-xs text-fg-muted">{t(`kinds.${marker.kind}`)}</span>
                  <span className="mt-1 block">{localize(marker.description, language)}</span>
                  <span className="mt-1 flex flex-wrap gap-3">
                    <Link
                      to={go({ id: district.id, marker: marker.id })}
                      preventScrollReset
                      replace
                      aria-current={focused ? "true" : undefined}
                      className="text-link underline-offset-2 hover:underline"
                    >
                      {t("panel.showOnMap")}
                      <span className="sr-only">: {localize(marker.name, language)}</span>
                    </Link>
                    {href ? (
                      <Link to={href} className="text-link underline-offset-2 hover:underline">
                        {t("panel.details")}
                        <span className="sr-only">: {localize(marker.name, language)}</span>
                      </Link>
                    ) : null}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <Link
        to={go({ id: null, marker: null })}
        preventScrollReset
        replace
        className="mt-4 inline-block text-sm text-link underline-offset-2 hover:underline"
      >
        {t("panel.close")}
      </Link>
    </section>
  );
}
