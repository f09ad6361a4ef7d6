/**
 * What adds to the ledger of `/me/tax` (an island the member wakes by using it): the add form, the CSV
 * export, and the message an addition leaves. After an addition the server's totals, periods and
 * entries replace the shown ones (`showTaxResults`); the open form and its message stay.
 */
import { useContext, useState, type FormEvent } from "react";
import { TAX_LABEL_MAX, TAX_PRICE_MAX, TAX_QUANTITY_MAX, type TaxPlace } from "../../../universal/tax/tax-limits.ts";
import { GAME_OFFSET_MS } from "../../../universal/game-time.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { IslandDocumentContext } from "../../shared/islands/island-document.ts";
import { usePageRefresh } from "../../shared/islands/use-page-refresh.ts";
import { newClientId } from "../../shared/new-client-id.ts";
import { field } from "../../shared/ui/catalog-parts.tsx";
import { NumberField } from "../../shared/ui/number-field.tsx";
import { taxError } from "./tax-errors.ts";
import { buttonClass, PlaceOptions, secondary } from "./tax-places.tsx";
import { showTaxResults } from "./tax-results.ts";

/** The namespace's parts the add form shows (its fields are named as the calculator's; its refusals). */
export const TAX_ADD_MESSAGES = ["add", "calculator", "ledger", "errors"] as const;

export interface TaxAddProps {
  /** The tax namespace's `TAX_ADD_MESSAGES`. */
  i18n: RouteMessages;
  places: TaxPlace[];
}

/**
 * What an island calls once it has changed the ledger: the parts replaced in an islands document; in a
 * page React Router hydrates (the development server), where React renders them, its loaders run again.
 */
export function useShowTaxResults(): () => void {
  const inDocument = useContext(IslandDocumentContext) !== null;
  const refresh = usePageRefresh();
  return inDocument ? () => void showTaxResults() : () => void refresh();
}

export function TaxAdd({ i18n, places }: TaxAddProps) {
  const { t } = useRouteMessages(i18n);
  const showResults = useShowTaxResults();
  const [adding, setAdding] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const added = (notice: string) => {
    setMessage(notice);
    showResults();
  };

  return (
    <>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={`${buttonClass} bg-brand text-on-brand`} onClick={() => setAdding(!adding)}>
          + {t("add.open")}
        </button>
        <a href="/api/tax/ledger/export" download="tax-ledger.csv" className={secondary}>
          {t("ledger.export")}
        </a>
      </div>
      {adding ? <AddLedgerEntry places={places} onAdded={added} onClose={() => setAdding(false)} /> : null}
      <p role="status" aria-live="polite" className={message ? "rounded-md bg-surface-muted px-3 py-2 text-sm" : "sr-only"}>
        {message ?? ""}
      </p>
    </>
  );
}

/** A line added by hand: sell or buy, a description, quantity, price, place and day (game time). */
function AddLedgerEntry({ places, onAdded, onClose }: { places: TaxPlace[]; onAdded(message: string): void; onClose(): void }) {
  const { t, i18n } = useTranslation("tax");
  const language = i18n.language;
  const [side, setSide] = useState<"sell" | "buy">("sell");
  const [label, setLabel] = useState("");
  const [quantity, setQuantity] = useState(1);
  const [unitPrice, setUnitPrice] = useState(0);
  const [rateId, setRateId] = useState("");
  const [day, setDay] = useState(() => new Date(Date.now() + GAME_OFFSET_MS).toISOString().slice(0, 10));
  const [error, setError] = useState<string | null>(null);
  const [clientId, setClientId] = useState(() => newClientId("tax"));

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Noon of the chosen game-time day.
    const occurredAt = Date.parse(`${day}T12:00:00Z`) - GAME_OFFSET_MS;
    const answer = await apiJson("/api/tax/ledger", {
      body: {
        side,
        label: label.trim(),
        quantity,
        unitPrice,
        rateId: side === "sell" && rateId ? rateId : null,
        ...(Number.isFinite(occurredAt) ? { occurredAt } : {}),
        clientId,
      },
    });
    if (!answer.ok) return setError(taxError(t, answer));
    setClientId(newClientId("tax"));
    setLabel("");
    setError(null);
    onAdded(t("add.added"));
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="grid gap-3 rounded-xl border border-line bg-surface p-4 sm:grid-cols-2"
      noValidate
    >
      <h3 className="text-lg font-bold sm:col-span-2">{t("add.title")}</h3>
      <fieldset className="flex flex-col gap-1 sm:col-span-2">
        <legend className="text-sm font-semibold">{t("add.side")}</legend>
        <div className="flex gap-4">
          {(["sell", "buy"] as const).map((each) => (
            <label key={each} className="flex min-h-8 items-center gap-2 text-sm">
              <input type="radio" name="tax-side" className="size-5" checked={side === each} onChange={() => setSide(each)} />
              {t(`ledger.${each}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex flex-col gap-1 text-sm font-semibold sm:col-span-2">
        {t("add.label")}
        <input
          className={`${field} h-11`}
          value={label}
          maxLength={TAX_LABEL_MAX}
          placeholder={t("add.labelPlaceholder")}
          onChange={(event) => setLabel(event.target.value)}
        />
      </label>
      <NumberField label={t("calculator.quantity")} value={quantity} min={1} max={TAX_QUANTITY_MAX} onValue={setQuantity} />
      <NumberField label={t("calculator.price")} value={unitPrice} min={0} max={TAX_PRICE_MAX} onValue={setUnitPrice} />
      {side === "sell" ? (
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("calculator.place")}
          <select className={`${field} h-11`} value={rateId} onChange={(event) => setRateId(event.target.value)}>
            <option value="">{t("calculator.noPlace")}</option>
            <PlaceOptions places={places} t={t} language={language} />
          </select>
        </label>
      ) : null}
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t("add.date")}
        <input type="date" className={`${field} h-11`} value={day} onChange={(event) => setDay(event.target.value)} />
      </label>
      {error ? (
        <p role="alert" className="text-sm font-semibold text-accent sm:col-span-2">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="submit" className={`${buttonClass} bg-brand text-on-brand`}>
          {t("add.submit")}
        </button>
        <button type="button" className={secondary} onClick={onClose}>
          {t("add.cancel")}
        </button>
      </div>
    </form>
  );
}
