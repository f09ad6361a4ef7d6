/** Trading's words shared by its pages: refusals in the reader's language, gold, game time beside local time. */
import type { ApiRefusal } from "../../shared/api/json-api.ts";
import { refusalText } from "../../shared/api/refusal-text.ts";
import { formatDate, numberFormat } from "../../shared/i18n/format.ts";
import type { TFunction } from "../../shared/i18n/translator.ts";

/** Refusals by the server's code: every one a member can meet has its own words. */
const codes: Record<string, string> = {
  "failed-precondition": "errors.moved",
  conflict: "errors.moved",
  "character-claimed": "errors.characterClaimed",
  aborted: "errors.moved",
  "permission-denied": "errors.forbidden",
  unauthenticated: "errors.signIn",
  "not-found": "errors.notFound",
  "invalid-argument": "errors.invalid",
  "payload-too-large": "errors.tooLarge",
  "resource-exhausted": "errors.rateLimit",
  unavailable: "errors.busy",
  network: "errors.network",
};

/**
 * A quota reached (open offers, price alerts) names the limit; a refusal whose reason we know in
 * words (a claim taken, feedback already left…) says it exactly; any other, its code.
 */
export function offerError(t: TFunction, refusal: ApiRefusal, language?: string): string {
  const retryAfter = Number(refusal.details.retryAfter ?? 60);
  return refusalText(
    t,
    refusal,
    { reasons: "errors.reasons.", codes, values: { minutes: Math.max(1, Math.ceil(retryAfter / 60)) } },
    language,
  );
}

/** Whole gold, grouped as the reader's language groups numbers. */
export function formatGold(t: TFunction, language: string, amount: number): string {
  return t("gold", { amount: numberFormat(language).format(amount) });
}

/**
 * A moment as the game shows it (UTC+7) and, once hydrated, as the reader's device does: players
 * arrange meetings in game time. `local` is false on the server and during hydration.
 */
export function gameAndLocalTime(t: TFunction, at: number, language: string, local: boolean): string {
  const game = formatDate(at, language, { date: "short", time: "short" });
  if (!local) return t("time.game", { time: game });
  const mine = formatDate(at, language, { date: "short", time: "short", local: true });
  return mine === game ? t("time.game", { time: game }) : t("time.gameAndLocal", { time: game, local: mine });
}

/** Digits only ("1.200.000", "1,200,000" and "1 200 000" are all 1200000): players type gold as they read it. */
export function parseWhole(text: string): number | null {
  const digits = text.replace(/[\s.,_]/g, "");
  if (!/^\d{1,16}$/.test(digits)) return null;
  return Number(digits);
}
