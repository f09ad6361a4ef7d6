import { describe, expect, it } from "vitest";
import enCommon from "../../../locales/en-US/common.json" with { type: "json" };
import viCommon from "../../../locales/vi/common.json" with { type: "json" };
import { Translator } from "../i18n/translator.ts";
import type { ApiRefusal } from "./json-api.ts";
import { limitRefusalText } from "./limit-text.ts";

const refusal = (status: number, code: string, details: ApiRefusal["details"]): ApiRefusal => ({
  ok: false,
  status,
  code,
  message: "server words",
  details,
});

describe("limitRefusalText", () => {
  const vi = new Translator("vi", { common: viCommon }).bind("offers");
  const en = new Translator("en-US", { common: enCommon }).bind("notes");

  it("says which quota is reached and its limit, in the reader's language and digits", () => {
    expect(limitRefusalText(vi, refusal(409, "quota-exceeded", { reason: "quota", quota: "open-offers", limit: 200 }), "vi")).toBe(
      "Bạn chỉ mở được tối đa 200 tin mua bán cùng lúc. Hủy hoặc chốt bớt một tin trước đã.",
    );
    expect(limitRefusalText(vi, refusal(409, "quota-exceeded", { reason: "quota", quota: "bag-entries", limit: 5000 }), "vi")).toContain(
      "5.000 mục",
    );
    expect(limitRefusalText(en, refusal(409, "quota-exceeded", { reason: "quota", quota: "notes", limit: 1000 }), "en-US")).toContain(
      "at most 1,000 notes",
    );
    expect(
      limitRefusalText(en, refusal(429, "resource-exhausted", { reason: "quota", quota: "reports-per-day", limit: 30 }), "en-US"),
    ).toBe("You can send at most 30 reports a day. Try again tomorrow.");
    for (const quota of ["notes", "bag-entries", "guide-drafts", "open-offers", "price-alerts", "reports-per-day"]) {
      for (const [t, language] of [
        [vi, "vi"],
        [en, "en-US"],
      ] as const)
        expect(limitRefusalText(t, refusal(409, "quota-exceeded", { reason: "quota", quota, limit: 7 }), language), quota).toContain("7");
    }
  });

  it("tells a member with two uploads on their way to wait; leaves any other refusal to the feature", () => {
    expect(limitRefusalText(en, refusal(429, "resource-exhausted", { reason: "uploads-in-flight", limit: 2 }))).toBe(
      "You are already sending 2 uploads. Wait for one to finish, then try again.",
    );
    expect(limitRefusalText(en, refusal(429, "resource-exhausted", { reason: "rate-limit" }))).toBeNull();
    expect(limitRefusalText(en, refusal(409, "quota-exceeded", { reason: "quota", quota: "no-such-quota", limit: 2 }))).toBeNull();
  });
});
