/**
 * One dashboard chart drawn with uPlot: a line per series over the range's game days. Loaded (with
 * uPlot and its stylesheet) by the chart island only, so uPlot is fetched on the dashboard alone.
 */
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { compactNumber, keepSized, themedAxis, useThemeRevision } from "../../shared/ui/chart-theme.ts";
import type { DashboardChartProps } from "./dashboard-chart.tsx";

export function DashboardPlot({ dates, series, language }: DashboardChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useThemeRevision();
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const compact = compactNumber(language);
    const axis = themedAxis(element);
    // Day and month of each game date (`2026-12-05` → `5/12`, in English `12/5`), whatever the reader's time zone.
    const dayLabel = (index: number) => {
      const date = dates[Math.round(index)];
      if (!date) return "";
      const [day, month] = [Number(date.slice(8, 10)), Number(date.slice(5, 7))];
      return language === "en-US" ? `${month}/${day}` : `${day}/${month}`;
    };
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: element.clientHeight,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(4, max)] } },
        axes: [
          { ...axis, space: 48, values: (_u, splits) => splits.map((value) => (Number.isInteger(value) ? dayLabel(value) : "")) },
          { ...axis, size: 48, values: (_u, splits) => splits.map((value) => (Number.isInteger(value) ? compact.format(value) : "")) },
        ],
        series: [{}, ...series.map((each) => ({ label: each.label, stroke: each.color, width: 2, points: { show: false } }))],
      },
      [dates.map((_, index) => index), ...series.map((each) => each.values)],
      element,
    );
    return keepSized(chart, element);
  }, [dates, series, language, theme]);
  return <div ref={box} className="size-full" aria-hidden="true" data-testid="dashboard-plot" />;
}
