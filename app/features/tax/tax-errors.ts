/** A refused ledger request in the reader's words: by the answer's reason, code and the field it names. */
import { TAX_LABEL_MAX } from "../../../universal/tax/tax-limits.ts";
import type { ApiRefusal } from "../../shared/api/json-api.ts";
import type { TFunction } from "../../shared/i18n/translator.ts";

const byCode: Record<string, string> = {
  "not-found": "errors.notFound",
  unauthenticated: "errors.signIn",
  "permission-denied": "errors.forbidden",
  unavailable: "errors.busy",
  network: "errors.network",
};

export function taxError(t: TFunction, refusal: ApiRefusal): string {
  const reason = typeof refusal.details.reason === "string" ? refusal.details.reason : "";
  let key = reason === "rate" || reason === "offer" ? `errors.${reason}` : (byCode[refusal.code] ?? "errors.generic");
  if (refusal.code === "invalid-argument" && !reason) {
    const field = /^(label|quantity|unitPrice|rateId)\b/.exec(refusal.message)?.[1];
    key = field ? `errors.${field === "rateId" ? "rate" : field}` : "errors.invalid";
  }
  return t(key, { max: TAX_LABEL_MAX });
}
