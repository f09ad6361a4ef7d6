/**
 * A character's power over time: an island woken when it comes near the viewport, which loads uPlot
 * (and its stylesheet) then; the page shows the same numbers in a table for everyone.
 */
import { lazy, Suspense } from "react";

const CharacterChart = lazy(() => import("./character-chart.tsx").then((module) => ({ default: module.CharacterChart })));

export interface CharacterHistoryProps {
  history: { t: number; level: number; power: number }[];
  label: string;
  language: string;
}

export function CharacterHistoryChart({ history, label, language }: CharacterHistoryProps) {
  return (
    <div className="h-56" role="img" aria-label={label}>
      {history.length > 0 ? (
        <Suspense fallback={null}>
          <CharacterChart history={history} language={language} />
        </Suspense>
      ) : null}
    </div>
  );
}
