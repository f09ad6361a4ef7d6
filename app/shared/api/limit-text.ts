/**
 * The server's limits on one account in the reader's words (`common:limits.*`): a quota reached
 * (`details: {reason: "quota", quota, limit}`, server/quotas.ts) says which and how many; too many
 * uploads at once says to wait. Null for any other refusal: the feature's own words apply.
 */
import type { ApiRefusal } from "./json-api.ts";
import { numberFormat } from "../i18n/format.ts";
import type { TFunction } from "../i18n/translator.ts";

const QUOTAS = new Set(["notes", "bag-entries", "guide-drafts", "open-offers", "price-alerts", "reports-per-day"]);

/** `language` groups the limit's digits as the reader writes numbers (without it: plain digits). */
export function limitRefusalText(t: TFunction, refusal: ApiRefusal, language?: string): string | null {
  const { reason, quota, limit } = refusal.details;
  if (reason === "uploads-in-flight") return t("common:limits.uploadsInFlight", { count: Number(limit ?? 2) });
  if (reason !== "quota" || typeof quota !== "string" || !QUOTAS.has(quota)) return null;
  const count = Number(limit ?? 0);
  return t(`common:limits.quota.${quota}`, { count, limit: language ? numberFormat(language).format(count) : String(count) });
}
