/**
 * The ledger's tax and net per period drawn with uPlot, loaded (with uPlot and its stylesheet) only
 * when the ledger has periods to draw; the page shows the same numbers in a table.
 */
import { useEffect, useRef, useState } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { LedgerPeriod } from "../../../universal/tax/tax-limits.ts";

const BRAND = "#f15a22";
const SECOND = "#225cf1";

export function TaxChart({
  periods,
  labels,
  language,
}: {
  periods: LedgerPeriod[];
  labels: { tax: string; net: string };
  language: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [theme, setTheme] = useState(0);
  useEffect(() => {
    const watch = new MutationObserver(() => setTheme((value) => value + 1));
    watch.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    return () => watch.disconnect();
  }, []);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const style = getComputedStyle(element);
    const muted = style.getPropertyValue("--fg-muted").trim() || "#4a5361";
    const grid = style.getPropertyValue("--line").trim() || "#d5d9e0";
    const compact = new Intl.NumberFormat(language === "en-US" ? "en-US" : "vi-VN", { notation: "compact", maximumFractionDigits: 1 });
    const ordered = [...periods].reverse();
    const data: uPlot.AlignedData = [ordered.map((_, index) => index), ordered.map((each) => each.net), ordered.map((each) => each.tax)];
    const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const bars = uPlot.paths.bars?.({ size: [0.6, 24] });
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: element.clientHeight,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] } },
        axes: [
          { ...axis, space: 60, incrs: [1], values: (_u, splits) => splits.map((value) => ordered[value]?.period.slice(2) ?? "") },
          { ...axis, size: 56, values: (_u, splits) => splits.map((value) => compact.format(value)) },
        ],
        series: [
          {},
          { label: labels.net, stroke: SECOND, fill: `${SECOND}33`, paths: bars, points: { show: false } },
          { label: labels.tax, stroke: BRAND, width: 2, points: { show: true } },
        ],
      },
      data,
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: element.clientHeight }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [periods, labels.tax, labels.net, language, theme]);
  return <div ref={box} className="size-full" aria-hidden="true" data-testid="tax-chart" />;
}
