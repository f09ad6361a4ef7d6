import { describe, expect, it } from "vitest";
import { formatDate, GAME_TIME_ZONE } from "./format.ts";

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

describe("formatDate matches Intl.DateTimeFormat", () => {
  const dateStyles = [undefined, "short", "medium", "long"] as const;
  const timeStyles = [undefined, "short", "medium"] as const;
  // Midnight, noon, single-digit days and months, both ends of the year, and a spread of instants.
  const moments = [
    Date.UTC(2026, 0, 1, 0, 0, 0),
    Date.UTC(2026, 11, 31, 16, 59, 59),
    Date.UTC(2026, 11, 31, 17, 0, 0),
    Date.UTC(2025, 5, 5, 5, 5, 5),
    Date.UTC(2000, 1, 29, 12, 0, 0),
    ...Array.from({ length: 300 }, (_, index) => Date.UTC(2024, 0, 1) + index * 7_919_777_113),
  ];

  it.each(["vi", "en-US"] as const)("in game time and in the device's zone, every style (%s)", (language) => {
    const locale = language === "vi" ? "vi-VN" : "en-US";
    for (const date of dateStyles) {
      for (const time of timeStyles) {
        if (!date && !time) continue;
        for (const local of [false, true]) {
          const intl = new Intl.DateTimeFormat(locale, { dateStyle: date, timeStyle: time, timeZone: local ? undefined : GAME_TIME_ZONE });
          for (const moment of moments) {
            expect(formatDate(moment, language, { date, time, local }), `${locale} ${date}/${time} local=${local} ${moment}`).toBe(
              intl.format(moment),
            );
          }
        }
      }
    }
  });
});
