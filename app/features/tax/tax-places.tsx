/** The pack's places as a list's options, by scope (the calculator's, the add form's), and the ledger's looks. */
import type { TaxPlace } from "../../../universal/tax/tax-limits.ts";
import { numberFormat } from "../../shared/i18n/format.ts";
import { localize } from "../../shared/i18n/localize.ts";
import type { TFunction } from "../../shared/i18n/translator.ts";

export const buttonClass = "inline-flex min-h-10 items-center justify-center rounded-md px-4 font-semibold disabled:opacity-60";
export const secondary = `${buttonClass} border border-line bg-surface hover:bg-surface-muted`;

/** A place as its option reads: "Mist Harbor (3%)". */
export function placeLabel(place: TaxPlace, t: TFunction, language: string): string {
  return t("calculator.placeOption", { name: localize(place.name, language), percent: numberFormat(language, 2).format(place.percent) });
}

export function PlaceOptions({ places, t, language }: { places: TaxPlace[]; t: TFunction; language: string }) {
  return (
    <>
      {(["district", "manor"] as const).map((scope) => (
        <optgroup key={scope} label={t(scope === "district" ? "calculator.districts" : "calculator.manors")}>
          {places
            .filter((place) => place.scope === scope)
            .map((place) => (
              <option key={place.id} value={place.id}>
                {placeLabel(place, t, language)}
              </option>
            ))}
        </optgroup>
      ))}
    </>
  );
}
