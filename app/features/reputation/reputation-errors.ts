import { REPORT_IMAGES_MAX } from "../../../universal/offers/offer-limits.ts";
import type { TFunction } from "../../shared/i18n/translator.ts";

/** Refusals of a claim or a report, in the reader's words. */
export function reputationError(t: TFunction, status: number, code: string, reason: string): string {
  if (status === 0) return t("errors.network");
  if (["own", "claimed", "verified", "image-required", "image-count", "image-size", "image-format"].includes(reason))
    return t(`errors.reasons.${reason}`, { count: REPORT_IMAGES_MAX });
  if (status === 401) return t("errors.signIn");
  if (status === 403) return t("errors.forbidden");
  if (status === 409) return t("errors.claimed");
  if (status === 413) return t("errors.reasons.image-size");
  if (status === 429) return t("errors.rateLimit");
  if (code === "invalid-argument") return t("errors.invalid");
  return t("errors.generic");
}
