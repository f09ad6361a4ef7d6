import { describe, expect, it } from "vitest";
import {
  cpuMultiplier,
  feedThroughputVerdict,
  firstLoadVerdict,
  MEMBER_PAGE_BUDGETS,
  itemMarketVerdict,
  median,
  medianRunIndex,
  pageVerdicts,
  percentile,
  queryBudgetVerdict,
  splitFirstLoad,
  summarizeRuns,
  throughputVerdict,
  transitionVerdict,
  type PageSummary,
  type RunMetrics,
} from "./bench-budgets.ts";

function run(overrides: Partial<RunMetrics> = {}): RunMetrics {
  return {
    performance: 97,
    accessibility: 100,
    tbt: 80,
    lcp: 1_800,
    cls: 0,
    mainThread: 1_800,
    benchmarkIndex: 1_800,
    multiplier: 4,
    ...overrides,
  };
}

function summary(overrides: Partial<RunMetrics> = {}): PageSummary {
  return summarizeRuns([run(overrides)]);
}

describe("median", () => {
  it("takes the middle of an odd count, whatever the order", () => {
    expect(median([5, 1, 9, 3, 7])).toBe(5);
  });
  it("averages the two middle values of an even count", () => {
    expect(median([4, 1, 3, 10])).toBe(3.5);
  });
  it("does not reorder its input", () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
  it("refuses no values", () => {
    expect(() => median([])).toThrow();
  });
});

describe("cpuMultiplier", () => {
  it("is the host's index over the phone's", () => {
    expect(cpuMultiplier(1_800)).toBe(4);
    expect(cpuMultiplier(3_400)).toBe(7.56);
    expect(cpuMultiplier(1_000, 125)).toBe(8);
  });
  it("is below 1 on a host slower than the phone, not clamped", () => {
    expect(cpuMultiplier(225)).toBe(0.5);
  });
  it("refuses a missing or zero index", () => {
    expect(() => cpuMultiplier(0)).toThrow();
    expect(() => cpuMultiplier(Number.NaN)).toThrow();
  });
});

describe("summarizeRuns", () => {
  it("takes each metric's median on its own and keeps the calibration's spread", () => {
    const result = summarizeRuns([
      run({ performance: 70, tbt: 1_500, benchmarkIndex: 1_000, multiplier: 2.22 }),
      run({ performance: 90, tbt: 200, benchmarkIndex: 3_000, multiplier: 6.67 }),
      run({ performance: 80, tbt: 900, benchmarkIndex: 2_000, multiplier: 4.44 }),
    ]);
    expect(result.performance).toBe(80);
    expect(result.tbt).toBe(900);
    expect(result.runs).toBe(3);
    expect(result.indexRange).toEqual([1_000, 3_000]);
    expect(result.multiplierRange).toEqual([2.22, 6.67]);
  });
});

describe("medianRunIndex", () => {
  it("points at the run with the median performance", () => {
    expect(medianRunIndex([{ performance: 90 }, { performance: 60 }, { performance: 75 }])).toBe(2);
  });
  it("takes the lower middle of an even count", () => {
    expect(medianRunIndex([{ performance: 90 }, { performance: 60 }, { performance: 75 }, { performance: 80 }])).toBe(2);
  });
});

describe("pageVerdicts", () => {
  const floor = summary({ tbt: 70, mainThread: 1_800 });
  const byBudget = (page: PageSummary) => Object.fromEntries(pageVerdicts(page, floor).map((item) => [item.budget, item.pass]));

  it("passes a page as fast as the floor", () => {
    expect(Object.values(byBudget(summary({ tbt: 70, mainThread: 1_800 }))).every(Boolean)).toBe(true);
  });
  it("holds TBT to the floor's plus 100 ms, inclusive", () => {
    expect(byBudget(summary({ tbt: 170 })).TBT).toBe(true);
    expect(byBudget(summary({ tbt: 171 })).TBT).toBe(false);
  });
  it("holds main-thread work to 1.5 times the floor's", () => {
    expect(byBudget(summary({ mainThread: 2_700 }))["main-thread work"]).toBe(true);
    expect(byBudget(summary({ mainThread: 2_701 }))["main-thread work"]).toBe(false);
  });
  it("moves the relative limits with the floor of the same run", () => {
    const slowFloor = summary({ tbt: 400, mainThread: 4_000 });
    const verdicts = Object.fromEntries(
      pageVerdicts(summary({ tbt: 450, mainThread: 5_500 }), slowFloor).map((item) => [item.budget, item]),
    );
    expect(verdicts.TBT?.pass).toBe(true);
    expect(verdicts.TBT?.limit).toContain("500 ms");
    expect(verdicts["main-thread work"]?.pass).toBe(true);
  });
  it("fails performance below 95, LCP over 2 s, CLS over 0.02 and accessibility below 100", () => {
    const verdicts = byBudget(summary({ performance: 94, lcp: 2_001, cls: 0.021, accessibility: 96 }));
    expect(verdicts).toMatchObject({ performance: false, LCP: false, CLS: false, accessibility: false, TBT: true });
  });
});

describe("pageVerdicts with the members' budgets", () => {
  const floor = summary({ tbt: 10, mainThread: 1_000 });
  const byBudget = (page: PageSummary) =>
    Object.fromEntries(pageVerdicts(page, floor, MEMBER_PAGE_BUDGETS).map((item) => [item.budget, item]));

  it("holds performance to 98, inclusive", () => {
    expect(byBudget(summary({ performance: 98, tbt: 10, mainThread: 1_000, lcp: 1_000 })).performance?.pass).toBe(true);
    expect(byBudget(summary({ performance: 97, tbt: 10, mainThread: 1_000, lcp: 1_000 })).performance?.pass).toBe(false);
  });
  it("holds TBT to the floor's plus 50 ms and main-thread work to 1.3 times the floor's, inclusive", () => {
    const at = byBudget(summary({ tbt: 60, mainThread: 1_300 }));
    expect(at.TBT).toMatchObject({ pass: true, limit: "≤ 60 ms (floor + 50)" });
    expect(at["main-thread work"]).toMatchObject({ pass: true, limit: "≤ 1.30 s (1.3× floor)" });
    const over = byBudget(summary({ tbt: 61, mainThread: 1_301 }));
    expect(over.TBT?.pass).toBe(false);
    expect(over["main-thread work"]?.pass).toBe(false);
  });
  it("holds LCP to 1.8 s and CLS to 0.02, inclusive", () => {
    expect(byBudget(summary({ lcp: 1_800, cls: 0.02 }))).toMatchObject({ LCP: { pass: true }, CLS: { pass: true } });
    expect(byBudget(summary({ lcp: 1_801, cls: 0.021 }))).toMatchObject({ LCP: { pass: false }, CLS: { pass: false } });
  });
  it("keeps the visitors' budgets by default", () => {
    expect(pageVerdicts(summary({ performance: 96, tbt: 10, mainThread: 1_000, lcp: 1_000 }), floor)[0]?.pass).toBe(true);
  });
});

describe("firstLoadVerdict", () => {
  it("holds a member page's first-load JS to 120 KB, inclusive", () => {
    expect(firstLoadVerdict(120)).toMatchObject({ pass: true, value: "120.0 KB", limit: "≤ 120 KB" });
    expect(firstLoadVerdict(120.1).pass).toBe(false);
  });
});

describe("transitionVerdict", () => {
  it("holds the median of the samples to 200 ms, inclusive", () => {
    expect(transitionVerdict("/me → /me/bag", [900, 150, 200, 120, 210])).toMatchObject({ median: 200, pass: true, value: "200 ms" });
    expect(transitionVerdict("/me → /me/bag", [201, 150, 230]).pass).toBe(false);
  });
  it("refuses no samples", () => {
    expect(() => transitionVerdict("send", [])).toThrow();
  });
});

describe("splitFirstLoad", () => {
  const kib = 1024;
  it("counts as shared only the scripts every page loads, the rest as each page's own", () => {
    const [home, list] = splitFirstLoad([
      {
        path: "/",
        scripts: new Map([
          ["/assets/framework.js", 80 * kib],
          ["/assets/root.js", 20 * kib],
          ["/assets/home.js", 10 * kib],
          ["/assets/cards.js", 5 * kib],
        ]),
      },
      {
        path: "/list",
        scripts: new Map([
          ["/assets/framework.js", 80 * kib],
          ["/assets/root.js", 20 * kib],
          ["/assets/list.js", 30 * kib],
          ["/assets/cards.js", 5 * kib],
        ]),
      },
      {
        path: "/map",
        scripts: new Map([
          ["/assets/framework.js", 80 * kib],
          ["/assets/root.js", 20 * kib],
        ]),
      },
    ]);
    expect(home).toMatchObject({ scripts: 4, totalKb: 115, sharedKb: 100, ownKb: 15, totalPass: true, ownPass: true });
    expect(list).toMatchObject({ totalKb: 135, sharedKb: 100, ownKb: 35, totalPass: false, ownPass: false });
  });
  it("holds the total to 130 KB and the own code to 25 KB, inclusive", () => {
    const [page] = splitFirstLoad([
      {
        path: "/a",
        scripts: new Map([
          ["/shared.js", 105 * kib],
          ["/a.js", 25 * kib],
        ]),
      },
      { path: "/b", scripts: new Map([["/shared.js", 105 * kib]]) },
    ]);
    expect(page).toMatchObject({ totalKb: 130, ownKb: 25, totalPass: true, ownPass: true });
  });
  it("gives nothing for no pages", () => {
    expect(splitFirstLoad([])).toEqual([]);
  });
});

describe("throughputVerdict", () => {
  it("reads the median ratio of the pairs", () => {
    const result = throughputVerdict([
      { pageReqPerSec: 300, healthReqPerSec: 3_000, failures: 0 },
      { pageReqPerSec: 2_000, healthReqPerSec: 3_000, failures: 0 },
      { pageReqPerSec: 1_800, healthReqPerSec: 3_000, failures: 0 },
    ]);
    expect(result.ratios.map((ratio) => ratio.toFixed(2))).toEqual(["0.10", "0.67", "0.60"]);
    expect(result.medianRatio).toBeCloseTo(0.6);
    expect(result.pass).toBe(true);
  });
  it("fails below half of health's rate", () => {
    expect(throughputVerdict([{ pageReqPerSec: 499, healthReqPerSec: 1_000, failures: 0 }]).pass).toBe(false);
  });
  it("fails on any error, whatever the ratio", () => {
    const result = throughputVerdict([
      { pageReqPerSec: 900, healthReqPerSec: 1_000, failures: 0 },
      { pageReqPerSec: 900, healthReqPerSec: 1_000, failures: 1 },
    ]);
    expect(result.failures).toBe(1);
    expect(result.pass).toBe(false);
  });
  it("counts a health measurement that served nothing as ratio 0, not infinity", () => {
    expect(throughputVerdict([{ pageReqPerSec: 100, healthReqPerSec: 0, failures: 0 }]).medianRatio).toBe(0);
  });
});

describe("feedThroughputVerdict", () => {
  const round = (feed: number, live: number, cached: number, failures = 0) => ({
    feedReqPerSec: feed,
    liveCatalogReqPerSec: live,
    cachedCatalogReqPerSec: cached,
    failures,
  });
  it("holds the median of /feed over the live catalog to half, and reports the cached ratio beside it", () => {
    const result = feedThroughputVerdict([round(60, 100, 1_000), round(40, 100, 800), round(55, 100, 1_100)]);
    expect(result.liveRatios).toEqual([0.6, 0.4, 0.55]);
    expect(result.medianLiveRatio).toBe(0.55);
    expect(result.medianCachedRatio).toBeCloseTo(0.05);
    expect(result.pass).toBe(true);
  });
  it("fails below half, or with any error", () => {
    expect(feedThroughputVerdict([round(49, 100, 1_000)]).pass).toBe(false);
    expect(feedThroughputVerdict([round(90, 100, 1_000, 1)]).pass).toBe(false);
  });
  it("gives a ratio of 0 against a reference that served nothing", () => {
    expect(feedThroughputVerdict([round(50, 0, 0)]).medianLiveRatio).toBe(0);
  });
});

describe("itemMarketVerdict", () => {
  const pair = (market: number, plain: number, page: number, failures = 0) => ({
    marketVisitsPerSec: market,
    plainVisitsPerSec: plain,
    plainPageReqPerSec: page,
    failures,
  });
  it("holds the median of market visits over plain visits to half, and reports the ratio to the plain page beside it", () => {
    const result = itemMarketVerdict([pair(30, 100, 400), pair(60, 100, 500), pair(55, 100, 450)]);
    expect(result.ratios).toEqual([0.3, 0.6, 0.55]);
    expect(result.medianRatio).toBe(0.55);
    expect(result.pageRatios.map((ratio) => ratio.toFixed(3))).toEqual(["0.075", "0.120", "0.122"]);
    expect(result.medianPageRatio).toBeCloseTo(0.12);
    expect(result.pass).toBe(true);
  });
  it("passes exactly half, fails below it or with any error", () => {
    expect(itemMarketVerdict([pair(50, 100, 400)]).pass).toBe(true);
    expect(itemMarketVerdict([pair(49.9, 100, 400)]).pass).toBe(false);
    expect(itemMarketVerdict([pair(90, 100, 400, 1)]).pass).toBe(false);
  });
  it("gives a ratio of 0 against a reference that served nothing, and refuses no pairs", () => {
    expect(itemMarketVerdict([pair(50, 0, 0)]).medianRatio).toBe(0);
    expect(() => itemMarketVerdict([])).toThrow();
  });
});

describe("percentile", () => {
  const samples = Array.from({ length: 40 }, (_, index) => 40 - index);
  it("takes the sample at rank p% of the sorted samples, whatever the order", () => {
    expect(percentile(samples, 95)).toBe(39);
    expect(percentile(samples, 50)).toBe(21);
    expect(percentile([7], 95)).toBe(7);
  });
  it("refuses no samples", () => {
    expect(() => percentile([], 95)).toThrow();
  });
});

describe("queryBudgetVerdict", () => {
  const query = (label: string, p95: number) => ({ label, p50: p95 / 2, p95 });
  it("passes when every p95 is within the budget, inclusive, and names the worst", () => {
    const result = queryBudgetVerdict([query("book", 12), query("prices", 20), query("list", 3)], 20);
    expect(result.worst.label).toBe("prices");
    expect(result.over).toEqual([]);
    expect(result.pass).toBe(true);
  });
  it("fails when one query is over, listing those over worst first", () => {
    const result = queryBudgetVerdict([query("book", 25), query("prices", 4), query("reputation", 60)], 20);
    expect(result.worst.label).toBe("reputation");
    expect(result.over.map((each) => each.label)).toEqual(["reputation", "book"]);
    expect(result.pass).toBe(false);
  });
  it("refuses no queries", () => {
    expect(() => queryBudgetVerdict([], 20)).toThrow();
  });
});
