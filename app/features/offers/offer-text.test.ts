import { describe, expect, it } from "vitest";
import vi from "../../../locales/vi/offers.json" with { type: "json" };
import { FEEDBACK_NOT_COUNTED_REASONS } from "../../../universal/offers/offer-types.ts";
import type { ApiRefusal } from "../../shared/api/json-api.ts";
import { Translator } from "../../shared/i18n/translator.ts";
import { formatGold, gameAndLocalTime, offerError, parseWhole } from "./offer-text.ts";

const t = new Translator("vi", { offers: vi }).bind("offers");
const refusal = (status: number, code: string, details: ApiRefusal["details"] = {}): ApiRefusal => ({
  ok: false,
  status,
  code,
  message: "server words",
  details,
});

describe("parseWhole", () => {
  it("reads gold as players type it, grouped by dots, commas or spaces", () => {
    expect(parseWhole("1.200.000")).toBe(1_200_000);
    expect(parseWhole("1,200,000")).toBe(1_200_000);
    expect(parseWhole(" 1 500 ")).toBe(1_500);
    expect(parseWhole("42")).toBe(42);
  });

  it("refuses what is not a whole number", () => {
    for (const text of ["", "abc", "1.5e3", "-3", "12k", "9".repeat(17)]) expect(parseWhole(text), text).toBeNull();
  });
});

describe("offerError", () => {
  it("words every refusal code, never the server's English", () => {
    expect(offerError(t, refusal(409, "failed-precondition"))).toBe(vi.errors.moved);
    expect(offerError(t, refusal(403, "permission-denied"))).toBe(vi.errors.forbidden);
    expect(offerError(t, refusal(400, "invalid-argument"))).toBe(vi.errors.invalid);
    expect(offerError(t, refusal(0, "network"))).toBe(vi.errors.network);
    expect(offerError(t, refusal(500, "internal"))).toBe(vi.errors.generic);
    expect(offerError(t, refusal(409, "character-claimed"))).toBe(vi.errors.characterClaimed);
    expect(offerError(t, refusal(429, "resource-exhausted", { reason: "rate-limit", retryAfter: 125 }))).toBe(
      vi.errors.rateLimit.replace("{{minutes}}", "3"),
    );
  });

  it("says a known reason exactly, and falls back to the code for an unknown one", () => {
    expect(offerError(t, refusal(409, "conflict", { reason: "claimed" }))).toBe(vi.errors.reasons.claimed);
    expect(offerError(t, refusal(400, "invalid-argument", { reason: "something-new" }))).toBe(vi.errors.invalid);
  });

  it("says feedback waits for a completed trade, and words every reason a feedback does not count", () => {
    expect(offerError(t, refusal(409, "failed-precondition", { reason: "not-completed", status: "cancelled" }))).toBe(
      vi.errors.reasons["not-completed"],
    );
    for (const reason of FEEDBACK_NOT_COUNTED_REASONS) {
      expect(t(`feedback.notCounted.${reason}`), reason).toBe(vi.feedback.notCounted[reason]);
      expect(t(`feedback.doneNotCounted.${reason}`), reason).toBe(vi.feedback.doneNotCounted[reason]);
    }
  });
});

describe("formatting", () => {
  it("writes whole gold grouped the Vietnamese way", () => {
    expect(formatGold(t, "vi", 1_234_567)).toBe("1.234.567 vàng");
  });

  it("shows game time (UTC+7) alone before hydration", () => {
    // 2026-11-25 13:00 UTC is 20:00 in the game.
    expect(gameAndLocalTime(t, Date.UTC(2026, 10, 25, 13), "vi", false)).toBe("20:00 25/11/26 (giờ game)");
  });
});
