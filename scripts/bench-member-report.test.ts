import { describe, expect, it } from "vitest";
import { summarizeRuns, transitionVerdict, type PageSummary, type RunMetrics } from "./bench-budgets.ts";
import { floorRow, MEMBER_HEADERS, memberPagesPassing, memberRow, memberVerdicts, transitionRow } from "./bench-member-report.ts";
import { cookieHeader, loopbackAddress, offerStatusOf, pickOf } from "./bench-member-seed.ts";
import { parseCookieHeader } from "./bench-transitions.ts";

function summary(overrides: Partial<RunMetrics> = {}): PageSummary {
  return summarizeRuns([
    {
      performance: 99,
      accessibility: 100,
      tbt: 20,
      lcp: 1_200,
      cls: 0,
      mainThread: 1_000,
      benchmarkIndex: 1_800,
      multiplier: 4,
      ...overrides,
    },
  ]);
}

const floor = summary({ performance: 100, tbt: 10, mainThread: 1_000, lcp: 900 });

describe("memberRow", () => {
  it("has a cell for every header", () => {
    expect(memberRow({ label: "member /me", mid: summary(), firstLoadKb: 10 }, floor)).toHaveLength(MEMBER_HEADERS.length);
    expect(floorRow(floor, 2)).toHaveLength(MEMBER_HEADERS.length);
  });
  it("shows TBT against the floor's and main-thread work as a ratio to the floor's, each with its verdict", () => {
    const row = memberRow({ label: "member /me/bag", mid: summary({ tbt: 75, mainThread: 1_450 }), firstLoadKb: 130.04 }, floor);
    expect(row).toEqual([
      "member /me/bag",
      "PASS 99",
      "FAIL 75 ms (+65)",
      "FAIL 1.45× (1.45 s)",
      "PASS 1.20 s",
      "PASS 0.000",
      "PASS 100",
      "FAIL 130.0 KB",
    ]);
  });
  it("says when first-load JS was not measured, and leaves it out of the verdicts", () => {
    const page = { label: "admin /admin", mid: summary() };
    expect(memberRow(page, floor).at(-1)).toBe("not measured");
    expect(memberVerdicts(page, floor).map((verdict) => verdict.budget)).not.toContain("first-load JS");
  });
  it("prints a page faster than the floor with a negative difference", () => {
    expect(memberRow({ label: "member /feed", mid: summary({ tbt: 4 }) }, floor)[2]).toBe("PASS 4 ms (−6)");
  });
});

describe("memberPagesPassing", () => {
  it("counts the pages that meet every budget", () => {
    const pages = [
      { label: "a", mid: summary(), firstLoadKb: 50 },
      { label: "b", mid: summary({ performance: 97 }), firstLoadKb: 50 },
      { label: "c", mid: summary(), firstLoadKb: 121 },
    ];
    expect(memberPagesPassing(pages, floor)).toBe(1);
  });
});

describe("transitionRow", () => {
  it("gives the verdict on the median, the samples in order and how paint was read", () => {
    const verdict = { ...transitionVerdict("/me → /me/bag", [180.4, 250, 120]), kinds: ["document", "document", "document"] };
    expect(transitionRow(verdict)).toEqual(["/me → /me/bag", "PASS 180 ms", "180, 250, 120", "new document: LCP"]);
  });
  it("names both ways of painting when a transition took both, and the message for a send", () => {
    expect(transitionRow({ ...transitionVerdict("x", [300]), kinds: ["document", "in place"] })[3]).toBe(
      "new document: LCP / in place: frame after h1",
    );
    expect(transitionRow(transitionVerdict("send", [40]))[3]).toBe("message in the list");
  });
});

describe("the member seed's pure parts", () => {
  it("picks the same number for the same row and salt, within range", () => {
    expect(pickOf("bag", 7, 174)).toBe(pickOf("bag", 7, 174));
    for (let row = 0; row < 200; row++) expect(pickOf("bag", row, 10)).toBeLessThan(10);
  });
  it("spreads the member's 40 offers over every state", () => {
    const states = Array.from({ length: 40 }, (_, index) => offerStatusOf(index));
    expect(new Set(states)).toEqual(new Set(["open", "reserved", "completed", "cancelled", "expired"]));
    expect(states.filter((state) => state === "open")).toHaveLength(16);
  });
  it("gives each signed-in account its own loopback address, leaving 127.0.0.1 to the browsers", () => {
    expect(loopbackAddress(0)).toBe("127.0.0.2");
    expect(new Set(Array.from({ length: 22 }, (_, index) => loopbackAddress(index))).size).toBe(22);
    expect(() => loopbackAddress(251)).toThrow();
  });
  it("turns Set-Cookie headers into a Cookie header and back into Playwright's cookies", () => {
    const header = cookieHeader(["better-auth.session_token=abc.def%3D; Path=/; HttpOnly; SameSite=Lax", "locale=vi; Path=/"]);
    expect(header).toBe("better-auth.session_token=abc.def%3D; locale=vi");
    expect(parseCookieHeader(header, "http://127.0.0.1:5810")).toEqual([
      { name: "better-auth.session_token", value: "abc.def%3D", url: "http://127.0.0.1:5810" },
      { name: "locale", value: "vi", url: "http://127.0.0.1:5810" },
    ]);
  });
});
