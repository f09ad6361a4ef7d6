/** The report dialog, loaded with the first report: pages that offer "report" do not carry it on their first load. */
import { lazy, Suspense } from "react";
import type { ReportTarget } from "./report-dialog.tsx";

const ReportDialog = lazy(() => import("./report-dialog.tsx").then((module) => ({ default: module.ReportDialog })));

/** Open while `target` is set; `onClose` clears it. */
export function LazyReportDialog({ target, onClose }: { target: ReportTarget | null; onClose: () => void }) {
  if (!target) return null;
  return (
    <Suspense fallback={null}>
      <ReportDialog target={target} onClose={onClose} />
    </Suspense>
  );
}
