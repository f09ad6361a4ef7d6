/** "Report these numbers" on another member's character: the site's report dialog, loaded when first opened. */
import { useState } from "react";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { LazyReportDialog } from "../../shared/moderation/lazy-report-dialog.tsx";
import type { ReportTarget } from "../../shared/moderation/report-dialog.tsx";

export function CharacterReport({ i18n, characterId, label }: { i18n: RouteMessages; characterId: number; label: string }) {
  useRouteMessages(i18n);
  const [target, setTarget] = useState<ReportTarget | null>(null);
  return (
    <>
      <button
        type="button"
        onClick={() => setTarget({ kind: "character-stats", id: characterId })}
        className="inline-flex min-h-11 w-fit items-center rounded-md border border-line px-4 font-semibold hover:bg-surface-muted"
      >
        {label}
      </button>
      <LazyReportDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}
