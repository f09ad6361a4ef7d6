/** The character's power over time, drawn with uPlot (this module and uPlot load only on a character's page). */
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { compactNumber, SERIES_COLORS, themedAxis, useThemeRevision, keepSized } from "../../shared/ui/chart-theme.ts";
import type { CharacterHistoryProps } from "./character-history.tsx";

export function CharacterChart({ history, language }: Omit<CharacterHistoryProps, "label">) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useThemeRevision();
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const compact = compactNumber(language);
    const axis = themedAxis(element);
    const data: uPlot.AlignedData = [history.map((entry) => entry.t / 1000), history.map((entry) => entry.power)];
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: element.clientHeight,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        axes: [
          { ...axis, space: 80 },
          { ...axis, size: 56, values: (_u, splits) => splits.map((value) => compact.format(value)) },
        ],
        series: [{}, { stroke: SERIES_COLORS.brand, width: 2, fill: `${SERIES_COLORS.brand}22`, points: { show: true, size: 6 } }],
      },
      data,
      element,
    );
    return keepSized(chart, element);
  }, [history, language, theme]);
  return <div ref={box} className="size-full" aria-hidden="true" data-testid="character-chart" />;
}
