import { describe, expect, it } from "vitest";
import { formatAgo, formatDate, GAME_TIME_ZONE, numberFormat } from "./format.ts";
import { pluralCategory } from "./plural.ts";

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

describe("numberFormat writes what Intl.NumberFormat writes", () => {
  // Integers, prices, halves and the decimals binary cannot hold (1.005, 0.0015), tiny and huge values, both signs.
  const fixed = [
    0,
    -0,
    1,
    -1,
    7,
    12,
    999,
    1000,
    1500,
    9999.5,
    123456,
    1234567.891,
    1e21,
    1.5e22,
    2 ** 53,
    0.5,
    1.5,
    2.5,
    2.25,
    -2.25,
    0.05,
    0.04,
    -0.04,
    1.005,
    1.255,
    0.0015,
    0.0005,
    0.00049,
    1e-7,
    -1e-7,
    0.1 + 0.2,
    99.95,
    99.949,
    0.999,
    9.9999,
    80,
    24,
    3.14159,
    NaN,
    Infinity,
    -Infinity,
  ];
  let seed = 17;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const drawn = Array.from({ length: 400 }, (_, index) => (random() - 0.3) * 10 ** ((index % 12) - 4));
  const values = [...fixed, ...drawn, ...drawn.map((value) => Math.round(value * 1000) / 1000)];

  for (const [language, locale] of [
    ["vi", "vi-VN"],
    ["en-US", "en-US"],
  ] as const) {
    for (const places of [undefined, 0, 1, 2]) {
      it(`${language}, at most ${places ?? "3 (the default)"} decimals`, () => {
        const intl = new Intl.NumberFormat(locale, places === undefined ? undefined : { maximumFractionDigits: places });
        const ours = numberFormat(language, places);
        for (const value of values) expect(ours.format(value), String(value)).toBe(intl.format(value));
      });
    }
  }
});

describe("pluralCategory chooses as Intl.PluralRules does", () => {
  it.each([0, 1, -1, 1.5, 2, 11, 21, 101, 0.5])("%s", (count) => {
    expect(pluralCategory("en-US", count)).toBe(new Intl.PluralRules("en-US").select(count));
    expect(pluralCategory("vi", count)).toBe(new Intl.PluralRules("vi").select(count));
  });
});

describe("formatAgo says what Intl.RelativeTimeFormat says", () => {
  const now = Date.UTC(2026, 10, 27, 12, 0, 0);
  const cases: Array<[number, "minute" | "hour" | "day"]> = [
    ...Array.from({ length: 60 }, (_, count) => [count, "minute"] as [number, "minute"]),
    ...Array.from({ length: 23 }, (_, index) => [index + 1, "hour"] as [number, "hour"]),
    ...Array.from({ length: 29 }, (_, index) => [index + 1, "day"] as [number, "day"]),
  ];
  const minutes = { minute: 1, hour: 60, day: 1440 };
  for (const [language, locale] of [
    ["vi", "vi-VN"],
    ["en-US", "en-US"],
  ] as const) {
    it(language, () => {
      const intl = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
      for (const [count, unit] of cases) {
        const at = now - count * minutes[unit] * 60_000 - 30_000;
        expect(formatAgo(at, now, language), `${count} ${unit}`).toBe(intl.format(-count, unit));
      }
    });
  }
});
