/**
 * The sales tax calculator of `/me/tax` (an island the member wakes by using it): price, quantity and
 * the place chosen by name, kept in the URL (`useUrlParams`) and computed in the browser in whole gold;
 * the server renders the result for the address, so a shared link shows it before anything wakes.
 */
import { basisPoints, computeTax, TAX_PRICE_MAX, TAX_QUANTITY_MAX, type TaxPlace } from "../../../universal/tax/tax-limits.ts";
import { numberFormat } from "../../shared/i18n/format.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { useUrlParams } from "../../shared/routing/use-url-params.ts";
import { field } from "../../shared/ui/catalog-parts.tsx";
import { NumberField } from "../../shared/ui/number-field.tsx";
import { PlaceOptions } from "./tax-places.tsx";

/** The namespace's part the calculator shows. */
export const TAX_CALCULATOR_MESSAGES = ["calculator"] as const;

/** The place list's id: fixed (a woken island's `useId` would not be the page's); the ledger's lines copy its options. */
export const TAX_PLACE_LIST_ID = "tax-place";

export interface TaxCalculatorProps {
  /** The tax namespace's `TAX_CALCULATOR_MESSAGES`. */
  i18n: RouteMessages;
  places: TaxPlace[];
}

function whole(value: string | null, max: number, fallback: number): number {
  const number = Math.floor(Number(value));
  return Number.isFinite(number) && number >= 0 ? Math.min(number, max) : fallback;
}

export function TaxCalculator({ i18n, places }: TaxCalculatorProps) {
  const { t } = useRouteMessages(i18n);
  const language = i18n.language;
  const number = numberFormat(language);
  const gold = (value: number) => t("calculator.gold", { value: number.format(value) });
  const [params, update] = useUrlParams();
  const price = whole(params.get("price"), TAX_PRICE_MAX, 0);
  const quantity = Math.max(1, whole(params.get("qty"), TAX_QUANTITY_MAX, 1));
  const placeId = params.get("place") ?? "";
  const place = places.find((each) => each.id === placeId) ?? null;
  const result = computeTax(price, quantity, place ? basisPoints(place.percent) : 0);

  return (
    <section aria-labelledby="tax-calculator-title" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <h2 id="tax-calculator-title" className="text-xl font-bold">
        {t("calculator.title")}
      </h2>
      <p className="text-sm text-fg-muted">{t("calculator.lead")}</p>
      <div className="grid gap-3 sm:grid-cols-3">
        <NumberField
          label={t("calculator.price")}
          value={price}
          min={0}
          max={TAX_PRICE_MAX}
          onValue={(value) => update({ price: String(value) })}
        />
        <NumberField
          label={t("calculator.quantity")}
          value={quantity}
          min={1}
          max={TAX_QUANTITY_MAX}
          onValue={(value) => update({ qty: String(value) })}
        />
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("calculator.place")}
          <select
            id={TAX_PLACE_LIST_ID}
            className={`${field} h-11`}
            value={place?.id ?? ""}
            onChange={(event) => update({ place: event.target.value || null })}
          >
            <option value="">{t("calculator.noPlace")}</option>
            <PlaceOptions places={places} t={t} language={language} />
          </select>
        </label>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-live="polite" data-testid="tax-result">
        {(
          [
            ["gross", result.gross],
            ["tax", result.tax],
            ["net", result.net],
            ["netPerUnit", result.netPerUnit],
          ] as const
        ).map(([key, value]) => (
          <div key={key} className="rounded-lg border border-line p-3">
            <dt className="text-xs text-fg-muted">{t(`calculator.${key}`)}</dt>
            <dd className="text-lg font-bold tabular-nums">{gold(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
