/**
 * One entry of the bag, its value, and its quantity, enhancement and note to change (an island the
 * member wakes by using it): what a save changes (the name's enhancement, the value) is in it.
 */
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { BAG_ENHANCEMENT_MAX, BAG_NOTE_MAX, BAG_QUANTITY_MAX, type BagEntry } from "../../../universal/bag/bag-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { numberFormat } from "../../shared/i18n/format.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { MessageWithTime } from "../../shared/ui/countdown.tsx";
import { field } from "../../shared/ui/catalog-parts.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { NumberField } from "../../shared/ui/number-field.tsx";
import { bagError } from "./bag-errors.ts";
import { buttonClass, secondary } from "./bag-ui.ts";

/** The namespace's parts the editor shows. */
export const BAG_ENTRY_MESSAGES = ["list", "summary", "types", "add", "detail", "errors"] as const;

export interface BagEntryEditorProps {
  /** The bag namespace's `BAG_ENTRY_MESSAGES`. */
  i18n: RouteMessages;
  entry: BagEntry;
}

export function BagEntryEditor({ i18n, entry: loaded }: BagEntryEditorProps) {
  const { t } = useRouteMessages(i18n);
  const language = i18n.language;
  const number = numberFormat(language);
  const navigate = useNavigate();
  const [entry, setEntry] = useState(loaded);
  const [quantity, setQuantity] = useState(loaded.quantity);
  const [enhancement, setEnhancement] = useState(loaded.enhancement);
  const [note, setNote] = useState(loaded.note ?? "");
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = localize(entry.item.name, language);

  async function save(event: FormEvent) {
    event.preventDefault();
    // Marked busy, not disabled: a disabled button would drop the keyboard's focus to the page.
    if (busy) return;
    setBusy(true);
    const answer = await apiJson<BagEntry>(`/api/bag/${entry.id}`, {
      method: "PATCH",
      body: { quantity, enhancement, note: note.trim() || null },
    });
    setBusy(false);
    if (!answer.ok) return setMessage(bagError(t, answer, language));
    setEntry(answer.data);
    setMessage(t("detail.saved"));
  }

  async function remove() {
    if (!window.confirm(t("detail.deleteConfirm"))) return;
    const answer = await apiJson(`/api/bag/${entry.id}`, { method: "DELETE" });
    if (!answer.ok) return setMessage(bagError(t, answer, language));
    void navigate("/me/bag", { replace: true });
  }

  return (
    <>
      <header className="flex items-start gap-4 rounded-xl border border-line bg-surface p-4">
        <GameIcon icon={entry.item.icon} size={56} />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words">
            {name}
            {entry.enhancement > 0 ? ` ${t("list.enhancement", { level: entry.enhancement })}` : ""}
          </h1>
          <p className="text-sm text-fg-muted">{t(`types.${entry.item.type}`, { defaultValue: entry.item.type })}</p>
          <Link
            to={`/equipments-items/detail?id=${entry.itemId}`}
            className="inline-flex min-h-8 items-center text-sm text-link underline underline-offset-2"
          >
            {t("detail.item")}
          </Link>
        </div>
      </header>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        <div className="rounded-lg border border-line bg-surface p-3">
          <dt className="text-xs text-fg-muted">{t("list.unitPrice")}</dt>
          <dd className="text-lg font-bold tabular-nums">
            {entry.unitPrice === null ? t("list.noPrice") : t("summary.gold", { value: number.format(entry.unitPrice) })}
          </dd>
        </div>
        <div className="rounded-lg border border-line bg-surface p-3">
          <dt className="text-xs text-fg-muted">{t("list.value")}</dt>
          <dd className="text-lg font-bold tabular-nums">
            {entry.value === null ? t("list.noPrice") : t("summary.gold", { value: number.format(entry.value) })}
          </dd>
        </div>
      </dl>
      {entry.unitPrice === null ? <p className="mt-1 text-xs text-fg-muted">{t("list.noPriceHint")}</p> : null}
      <form
        onSubmit={(event) => void save(event)}
        className="mt-4 flex flex-col gap-3 rounded-xl border border-line bg-surface p-4"
        noValidate
      >
        <div className="grid grid-cols-2 gap-3">
          <NumberField label={t("add.quantity")} value={quantity} min={1} max={BAG_QUANTITY_MAX} onValue={setQuantity} />
          <NumberField label={t("add.enhancement")} value={enhancement} min={0} max={BAG_ENHANCEMENT_MAX} onValue={setEnhancement} />
        </div>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("add.note")}
          <input className={`${field} h-11`} value={note} maxLength={BAG_NOTE_MAX} onChange={(event) => setNote(event.target.value)} />
        </label>
        <p role="status" aria-live="polite" className="min-h-6 text-sm">
          {message ?? ""}
        </p>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={`${buttonClass} bg-brand text-on-brand aria-disabled:opacity-60`} aria-disabled={busy}>
            {t("detail.save")}
          </button>
          <button type="button" className={secondary} onClick={() => void remove()}>
            {t("detail.delete")}
          </button>
        </div>
        <p className="text-xs text-fg-muted">
          <MessageWithTime message={(time) => t("detail.updated", { time })} at={entry.updatedAt} language={language} />
        </p>
      </form>
    </>
  );
}
