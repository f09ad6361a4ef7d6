import { describe, expect, it } from "vitest";
import { formatDate } from "./format.ts";

describe("formatDate", () => {
  // 2026-11-22 18:30 UTC is 2026-11-23 01:30 in game time (UTC+7).
  const moment = Date.UTC(2026, 10, 22, 18, 30);

  it("formats in game time by default, by language", () => {
    expect(formatDate(moment, "vi", { date: "short", time: "short" })).toBe("01:30 23/11/26");
    expect(formatDate(moment, "en-US", { date: "short", time: "short" })).toBe("11/23/26, 1:30 AM");
    expect(formatDate(moment, "vi", { date: "long" })).toBe("23 tháng 11, 2026");
  });

  it("falls back to vi for an unknown language", () => {
    expect(formatDate(moment, "fr", { date: "long" })).toBe("23 tháng 11, 2026");
  });
});
