/**
 * What changes the bag from its page (an island the member wakes by using it): the add form, the CSV
 * import and export, and the message each change leaves. After a change the server's summary and
 * list replace the shown ones (`useShowBagResults`); the open form and its message stay.
 */
import { useState } from "react";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { AddEntry } from "./add-entry.tsx";
import { useShowBagResults } from "./bag-results.ts";
import { buttonClass, secondary } from "./bag-ui.ts";
import { ImportCsv } from "./import-csv.tsx";

/** The namespace's parts the tools show (the add form, the import, and their refusals). */
export const BAG_TOOLS_MESSAGES = ["add", "csv", "errors"] as const;

export interface BagToolsProps {
  /** The bag namespace's `BAG_TOOLS_MESSAGES`. */
  i18n: RouteMessages;
}

export function BagTools({ i18n }: BagToolsProps) {
  const { t } = useRouteMessages(i18n);
  const showResults = useShowBagResults();
  const [panel, setPanel] = useState<"add" | "import" | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const changed = (notice: string) => {
    setMessage(notice);
    showResults();
  };

  return (
    <>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className={`${buttonClass} bg-brand text-on-brand`} onClick={() => setPanel(panel === "add" ? null : "add")}>
          + {t("add.open")}
        </button>
        <button type="button" className={secondary} onClick={() => setPanel(panel === "import" ? null : "import")}>
          {t("csv.import")}
        </button>
        <a href="/api/bag/export" download="bag.csv" className={secondary}>
          {t("csv.export")}
        </a>
      </div>
      {panel === "add" ? <AddEntry onAdded={changed} onClose={() => setPanel(null)} /> : null}
      {panel === "import" ? <ImportCsv onImported={changed} onClose={() => setPanel(null)} /> : null}
      <p role="status" aria-live="polite" className={message ? "mt-3 rounded-md bg-surface-muted px-3 py-2 text-sm" : "sr-only"}>
        {message ?? ""}
      </p>
    </>
  );
}
