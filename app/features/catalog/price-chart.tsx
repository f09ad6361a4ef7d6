/**
 * The price history drawn with uPlot: the median line between the min and max, the volume as bars.
 * Loaded (with uPlot and its stylesheet) only once there are prices to draw; it fills the box the
 * page reserved for it, and the page shows the same numbers as text and a table.
 */
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { compactNumber, SERIES_COLORS, themedAxis, useThemeRevision, keepSized } from "../../shared/ui/chart-theme.ts";
import type { PriceBucket, PriceRange } from "../../../universal/offers/offer-types.ts";
import { formatDate, GAME_TIME_ZONE, numberFormat } from "../../shared/i18n/format.ts";

const BRAND = SERIES_COLORS.brand;
const SECOND = SERIES_COLORS.second;

export function PriceChart({
  buckets,
  range,
  language,
  labels,
}: {
  buckets: PriceBucket[];
  range: PriceRange;
  language: string;
  labels: { median: string; min: string; max: string; volume: string };
}) {
  const box = useRef<HTMLDivElement>(null);
  // The axes take the theme's colours: drawn again when the theme changes.
  const theme = useThemeRevision();
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const number = numberFormat(language);
    const compact = compactNumber(language);
    const data: uPlot.AlignedData = [
      buckets.map((bucket) => bucket.t / 1000),
      buckets.map((bucket) => bucket.median),
      buckets.map((bucket) => bucket.min),
      buckets.map((bucket) => bucket.max),
      buckets.map((bucket) => bucket.volume),
    ];
    const axis = themedAxis(element);
    const bars = uPlot.paths.bars?.({ size: [0.6, 16] });
    const step = range === "48h" ? 3_600 : 86_400;
    const span = range === "48h" ? 48 * 3_600 : 90 * 86_400;
    // The end of the bucket now running, in seconds as uPlot counts time.
    const end = Math.ceil(Date.now() / 1000 / step) * step;
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: element.clientHeight,
        legend: { show: false },
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), GAME_TIME_ZONE),
        cursor: { drag: { x: false, y: false } },
        scales: {
          // The whole period, whatever it holds: one trade is a point in its day, not a year of axis.
          x: { time: true, range: () => [end - span, end] },
          volume: { range: (_u, _min, max) => [0, Math.max(1, max) * 3] },
        },
        axes: [
          {
            ...axis,
            space: 72,
            // Game days and hours (the buckets are the game's), the day without its year.
            values: (_u, splits) =>
              splits.map((value) =>
                range === "48h"
                  ? formatDate(value * 1000, language, { time: "short" })
                  : formatDate(value * 1000, language, { date: "short" }).replace(/\/\d{2}$/, ""),
              ),
          },
          { ...axis, size: 56, values: (_u, splits) => splits.map((value) => compact.format(value)) },
        ],
        series: [
          {},
          { label: labels.median, stroke: BRAND, width: 2, points: { show: buckets.length < 3 } },
          { label: labels.min, stroke: axis.stroke, width: 1, dash: [4, 4] },
          { label: labels.max, stroke: axis.stroke, width: 1, dash: [4, 4] },
          {
            label: labels.volume,
            scale: "volume",
            stroke: SECOND,
            fill: `${SECOND}33`,
            paths: bars,
            points: { show: false },
            value: (_u, value) => (value === null ? "" : number.format(value)),
          },
        ],
      },
      data,
      element,
    );
    return keepSized(chart, element);
  }, [buckets, range, language, labels.median, labels.min, labels.max, labels.volume, theme]);
  return <div ref={box} className="size-full" aria-hidden="true" data-testid="price-chart" />;
}
