/** A refused ledger request in the reader's words: by the answer's reason, code and the field it names. */
import { TAX_LABEL_MAX } from "../../../universal/tax/tax-limits.ts";
import type { ApiRefusal } from "../../shared/api/json-api.ts";
import { refusalText, type RefusalWords } from "../../shared/api/refusal-text.ts";
import type { TFunction } from "../../shared/i18n/translator.ts";

const words: RefusalWords = {
  // An item gone from the catalog has no words of its own on the ledger: the generic ones.
  reasons: { rate: "errors.rate", offer: "errors.offer", item: "errors.generic" },
  fields: { label: "errors.label", quantity: "errors.quantity", unitPrice: "errors.unitPrice", rateId: "errors.rate" },
  invalid: "errors.invalid",
  values: { max: TAX_LABEL_MAX },
};

export function taxError(t: TFunction, refusal: ApiRefusal): string {
  return refusalText(t, refusal, words);
}
