/**
 * A refused request in the reader's words, never the server's English: a limit reached says which
 * (limit-text.ts); then the refusal's reason (`details.reason`: an image too large, a claim taken),
 * then, for a 400, the field it is about (`details.field`, which the server sets on every refusal of
 * its validation), then the code. Each feature names its words in its own namespace (`errors.*`).
 */
import type { ApiRefusal } from "./json-api.ts";
import { limitRefusalText } from "./limit-text.ts";
import type { TFunction } from "../i18n/translator.ts";

/** What every feature's namespace says for these codes. */
const COMMON_CODES: Readonly<Record<string, string>> = {
  "not-found": "errors.notFound",
  unauthenticated: "errors.signIn",
  "permission-denied": "errors.forbidden",
  unavailable: "errors.busy",
  network: "errors.network",
};

export interface RefusalWords {
  /**
   * `details.reason` -> key. A string is a prefix instead: `${prefix}${reason}` where the namespace
   * has that key (`errors.reasons.` for every reason a feature names).
   */
  reasons?: Readonly<Record<string, string>> | string;
  /** The field of a 400 (`details.field`; `tags.2` counts as `tags`) -> key. */
  fields?: Readonly<Record<string, string>>;
  /** The key for a 400 whose field has no words of its own; without it, the code decides. */
  invalid?: string;
  /** Code -> key, over the common ones (signed out, not found, not allowed, busy, offline). */
  codes?: Readonly<Record<string, string>>;
  /** What the texts interpolate (a limit, a wait), or how to find it from the key chosen. */
  values?: Readonly<Record<string, unknown>> | ((key: string) => Record<string, unknown>);
}

/** `language` groups a limit's digits as the reader writes numbers (without it: plain digits). */
export function refusalText(t: TFunction, refusal: ApiRefusal, words: RefusalWords, language?: string): string {
  const limited = limitRefusalText(t, refusal, language);
  if (limited) return limited;
  const valuesFor = (key: string) => (typeof words.values === "function" ? words.values(key) : { ...words.values });
  const reason = typeof refusal.details.reason === "string" ? refusal.details.reason : "";
  if (reason && typeof words.reasons === "string") {
    const key = `${words.reasons}${reason}`;
    const text = t(key, { ...valuesFor(key), defaultValue: "" });
    if (text) return text;
  }
  const key = refusalKey(refusal, reason, words);
  return t(key, valuesFor(key));
}

function refusalKey(refusal: ApiRefusal, reason: string, words: RefusalWords): string {
  const byReason = reason && typeof words.reasons === "object" ? words.reasons[reason] : undefined;
  if (byReason) return byReason;
  if (refusal.code === "invalid-argument") {
    const field = typeof refusal.details.field === "string" ? refusal.details.field.split(".")[0] : undefined;
    const byField = field ? words.fields?.[field] : undefined;
    if (byField) return byField;
    if (words.invalid) return words.invalid;
  }
  return words.codes?.[refusal.code] ?? COMMON_CODES[refusal.code] ?? "errors.generic";
}
