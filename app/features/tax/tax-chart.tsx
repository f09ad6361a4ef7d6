/**
 * The ledger's tax and net per period drawn with uPlot, loaded (with uPlot and its stylesheet) only
 * when the ledger has periods to draw; the page shows the same numbers in a table.
 */
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { compactNumber, SERIES_COLORS, themedAxis, useThemeRevision, keepSized } from "../../shared/ui/chart-theme.ts";
import type { LedgerPeriod } from "../../../universal/tax/tax-limits.ts";

const BRAND = SERIES_COLORS.brand;
const SECOND = SERIES_COLORS.second;

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
  // The axes take the theme's colours: drawn again when the theme changes.
  const theme = useThemeRevision();
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const compact = compactNumber(language);
    const ordered = [...periods].reverse();
    const data: uPlot.AlignedData = [ordered.map((_, index) => index), ordered.map((each) => each.net), ordered.map((each) => each.tax)];
    const axis = themedAxis(element);
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
    return keepSized(chart, element);
  }, [periods, labels.tax, labels.net, language, theme]);
  return <div ref={box} className="size-full" aria-hidden="true" data-testid="tax-chart" />;
}
