import { describe, expect, it } from "vitest";
import { basisPoints, computeTax, gameMonth, summarizeLedger, type LedgerEntry } from "./tax-limits.ts";
import { gameWeek } from "../game-time.ts";

describe("trade tax", () => {
  it("computes whole gold: tax half up, net per unit down", () => {
    expect(computeTax(1_000, 3, basisPoints(5))).toEqual({ gross: 3_000, tax: 150, net: 2_850, netPerUnit: 950 });
    expect(computeTax(333, 1, basisPoints(3.5))).toEqual({ gross: 333, tax: 12, net: 321, netPerUnit: 321 });
    expect(computeTax(10, 3, 150)).toEqual({ gross: 30, tax: 0, net: 30, netPerUnit: 10 });
    expect(computeTax(7, 3, 1000).netPerUnit).toBe(6);
  });

  it("puts instants in game-time (UTC+7) weeks from Monday and months", () => {
    // Sunday 2026-11-29 20:00 UTC is Monday 03:00 in the game: a new week.
    expect(gameWeek(Date.UTC(2026, 10, 29, 16, 59))).toBe("2026-11-23");
    expect(gameWeek(Date.UTC(2026, 10, 29, 17, 0))).toBe("2026-11-30");
    expect(gameMonth(Date.UTC(2026, 10, 30, 17, 0))).toBe("2026-12");
    expect(gameMonth(Date.UTC(2026, 10, 30, 16, 59))).toBe("2026-11");
  });

  it("totals sales, tax, net and purchases, per week and month", () => {
    const entry = (side: "sell" | "buy", at: number, unitPrice: number, tax: number): LedgerEntry => ({
      id: at,
      offerId: null,
      side,
      itemId: null,
      itemName: null,
      label: "x",
      quantity: 2,
      unitPrice,
      rateId: null,
      rateBasisPoints: 0,
      tax,
      net: unitPrice * 2 - tax,
      occurredAt: at,
    });
    const { totals, weeks, months } = summarizeLedger([
      entry("sell", Date.UTC(2026, 9, 30), 100, 10),
      entry("sell", Date.UTC(2026, 10, 2), 50, 4),
      entry("buy", Date.UTC(2026, 10, 3), 30, 0),
    ]);
    expect(totals).toEqual({ sales: 300, tax: 14, net: 286, purchases: 60, count: 3 });
    expect(months.map((each) => [each.period, each.tax])).toEqual([
      ["2026-11", 4],
      ["2026-10", 10],
    ]);
    expect(weeks.map((each) => [each.period, each.count])).toEqual(
      [
        ["2026-10-26", 1],
        ["2026-11-02", 2],
      ].reverse(),
    );
  });
});
