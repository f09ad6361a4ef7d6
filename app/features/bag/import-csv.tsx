/** The CSV import of the bag's tools: every bad row is listed in words, and nothing is written unless every row is good. */
import { useId, useState, type FormEvent } from "react";
import type { BagCsvError } from "../../../universal/bag/bag-csv.ts";
import { BAG_ENHANCEMENT_MAX, BAG_ENTRIES_MAX, BAG_QUANTITY_MAX } from "../../../universal/bag/bag-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { numberFormat } from "../../shared/i18n/format.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { bagError } from "./bag-errors.ts";
import { buttonClass, secondary } from "./bag-ui.ts";

const SHOWN_ERRORS = 50;

export function ImportCsv({ onImported, onClose }: { onImported(message: string): void; onClose(): void }) {
  const { t, i18n } = useTranslation("bag");
  const ids = useId();
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<"add" | "replace">("add");
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<BagCsvError[]>([]);
  const [message, setMessage] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setBusy(true);
    setMessage(null);
    const csv = await file.text();
    // Every row is checked first and all problems listed; the import itself is one transaction.
    const check = await apiJson<{ errors: BagCsvError[] }>("/api/bag/import", { body: { csv, mode, dryRun: true } });
    if (!check.ok) {
      setBusy(false);
      return setMessage(bagError(t, check, i18n.language));
    }
    if (check.data.errors.length > 0) {
      setBusy(false);
      setErrors(check.data.errors);
      return setMessage(t("csv.refused", { count: check.data.errors.length }));
    }
    const answer = await apiJson<{ imported: number }>("/api/bag/import", { body: { csv, mode } });
    setBusy(false);
    if (!answer.ok) return setMessage(bagError(t, answer, i18n.language));
    setErrors([]);
    onImported(t("csv.imported", { count: answer.data.imported }));
    onClose();
  }

  const problem = (error: BagCsvError) =>
    t(`csv.problems.${error.problem}`, {
      max: numberFormat(i18n.language).format(
        error.problem === "enhancement" ? BAG_ENHANCEMENT_MAX : error.problem === "too-many" ? BAG_ENTRIES_MAX : BAG_QUANTITY_MAX,
      ),
    });
  return (
    <form onSubmit={(event) => void submit(event)} className="mt-3 flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <h2 className="text-lg font-bold">{t("csv.title")}</h2>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${ids}-file`} className="text-sm font-semibold">
          {t("csv.file")}
        </label>
        <input
          id={`${ids}-file`}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${ids}-hint`}
          className="min-h-10 text-sm"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setErrors([]);
            setMessage(null);
          }}
        />
        <p id={`${ids}-hint`} className="text-xs text-fg-muted">
          {t("csv.hint")}
        </p>
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-semibold">{t("csv.mode")}</legend>
        {(["add", "replace"] as const).map((each) => (
          <label key={each} className="flex min-h-8 items-center gap-2 text-sm">
            <input type="radio" name={`${ids}-mode`} className="size-5" checked={mode === each} onChange={() => setMode(each)} />
            {t(`csv.${each}`)}
          </label>
        ))}
      </fieldset>
      {message ? (
        <div role="alert" className="rounded-md border border-accent p-3 text-sm">
          <p className="font-semibold">{message}</p>
          {errors.length > 0 ? (
            <ul className="mt-2 list-disc pl-5">
              {errors.slice(0, SHOWN_ERRORS).map((error) => (
                <li key={`${error.row}-${error.problem}`}>{t("csv.row", { row: error.row, problem: problem(error) })}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={`${buttonClass} bg-brand text-on-brand`} disabled={!file || busy}>
          {busy ? t("csv.importing") : t("csv.submit")}
        </button>
        <button type="button" className={secondary} onClick={onClose}>
          {t("add.cancel")}
        </button>
      </div>
    </form>
  );
}
