/** A refused bag request in the reader's words: by the answer's reason, code and the field it names. */
import { BAG_ENHANCEMENT_MAX, BAG_NOTE_MAX, BAG_QUANTITY_MAX } from "../../../universal/bag/bag-limits.ts";
import type { ApiRefusal } from "../../shared/api/json-api.ts";
import { limitRefusalText } from "../../shared/api/limit-text.ts";
import { numberFormat } from "../../shared/i18n/format.ts";
import type { TFunction } from "../../shared/i18n/translator.ts";

const byCode: Record<string, string> = {
  "not-found": "errors.notFound",
  unauthenticated: "errors.signIn",
  "permission-denied": "errors.forbidden",
  unavailable: "errors.busy",
  network: "errors.network",
};

export function bagError(t: TFunction, refusal: ApiRefusal, language: string): string {
  const limited = limitRefusalText(t, refusal, language);
  if (limited) return limited;
  let key = byCode[refusal.code] ?? "errors.generic";
  if (refusal.code === "invalid-argument") {
    const field = refusal.details.reason === "item" ? "item" : /^(itemId|quantity|enhancement|note)\b/.exec(refusal.message)?.[1];
    key = field ? `errors.${field === "itemId" ? "item" : field}` : "errors.invalid";
  }
  const number = numberFormat(language);
  return t(key, { max: number.format(BAG_QUANTITY_MAX), level: BAG_ENHANCEMENT_MAX, length: BAG_NOTE_MAX });
}
