import { describe, expect, it } from "vitest";
import {
  cpuMultiplier,
  feedThroughputVerdict,
  median,
  medianRunIndex,
  pageVerdicts,
  splitFirstLoad,
  summarizeRuns,
  throughputVerdict,
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
