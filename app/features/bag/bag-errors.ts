/** A refused bag request in the reader's words: by the answer's reason, code and the field it names. */
import { BAG_ENHANCEMENT_MAX, BAG_NOTE_MAX, BAG_QUANTITY_MAX } from "../../../universal/bag/bag-limits.ts";
import type { ApiRefusal } from "../../shared/api/json-api.ts";
import { refusalText, type RefusalWords } from "../../shared/api/refusal-text.ts";
import { numberFormat } from "../../shared/i18n/format.ts";
import type { TFunction } from "../../shared/i18n/translator.ts";

const words: RefusalWords = {
  reasons: { item: "errors.item" },
  fields: { itemId: "errors.item", quantity: "errors.quantity", enhancement: "errors.enhancement", note: "errors.note" },
  invalid: "errors.invalid",
};

export function bagError(t: TFunction, refusal: ApiRefusal, language: string): string {
  const values = { max: numberFormat(language).format(BAG_QUANTITY_MAX), level: BAG_ENHANCEMENT_MAX, length: BAG_NOTE_MAX };
  return refusalText(t, refusal, { ...words, values }, language);
}
