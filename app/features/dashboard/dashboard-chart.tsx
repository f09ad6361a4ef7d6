/**
 * A dashboard chart's island (`when="visible"`): it hydrates once it comes near the viewport and then
 * loads the plot (uPlot) for its series. The figures themselves are the server's table beside it.
 */
import { lazy, Suspense } from "react";

const DashboardPlot = lazy(() => import("./dashboard-plot.tsx").then((module) => ({ default: module.DashboardPlot })));

export interface DashboardChartProps {
  /** Game dates (`YYYY-MM-DD`), oldest first. */
  dates: string[];
  series: { label: string; color: string; values: number[] }[];
  language: string;
}

export function DashboardChart(props: DashboardChartProps) {
  return (
    <div className="h-40">
      <Suspense fallback={null}>
        <DashboardPlot {...props} />
      </Suspense>
    </div>
  );
}
