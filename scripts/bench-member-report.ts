/**
 * The members' section of the bench report, as plain rows (`printTable` prints them): each member
 * page's medians against the floor's of the same run, with the ratio to the floor and PASS/FAIL per
 * budget; then the transitions. Nothing here measures, so unit tests hold it (`bench-member-report.test.ts`).
 */
import {
  firstLoadVerdict,
  MEMBER_FIRST_LOAD_BUDGET_KB,
  MEMBER_PAGE_BUDGETS,
  pageVerdicts,
  TRANSITION_BUDGET_MS,
  type PageSummary,
  type TransitionVerdict,
  type Verdict,
} from "./bench-budgets.ts";

export interface MemberPageResult {
  label: string;
  mid: PageSummary;
  /** First-load JS signed in, KB gzip; undefined when it was not measured. */
  firstLoadKb?: number;
}

const verdictCell = (pass: boolean, text: string) => `${pass ? "PASS" : "FAIL"} ${text}`;
const ms = (value: number) => `${Math.round(value).toLocaleString("en-US")} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
const signed = (value: number) => `${value >= 0 ? "+" : "−"}${Math.abs(Math.round(value)).toLocaleString("en-US")}`;

export const MEMBER_HEADERS = [
  "page",
  `perf ≥ ${MEMBER_PAGE_BUDGETS.minPerformance}`,
  `TBT ≤ floor + ${MEMBER_PAGE_BUDGETS.tbtOverFloorMs}`,
  `main thread ≤ ${MEMBER_PAGE_BUDGETS.mainThreadTimesFloor}× floor`,
  `LCP ≤ ${MEMBER_PAGE_BUDGETS.maxLcpMs / 1000} s`,
  `CLS ≤ ${MEMBER_PAGE_BUDGETS.maxCls}`,
  `a11y ${MEMBER_PAGE_BUDGETS.accessibility}`,
  `first-load JS ≤ ${MEMBER_FIRST_LOAD_BUDGET_KB} KB`,
];

/** The floor's row: its medians, the references of the relative budgets. */
export function floorRow(floor: PageSummary, firstLoadKb?: number): string[] {
  return [
    "floor",
    String(Math.round(floor.performance)),
    ms(floor.tbt),
    seconds(floor.mainThread),
    seconds(floor.lcp),
    floor.cls.toFixed(3),
    String(Math.round(floor.accessibility)),
    firstLoadKb === undefined ? "" : `${firstLoadKb.toFixed(1)} KB`,
  ];
}

/** Every budget of a member page, first-load JS last (absent when not measured). */
export function memberVerdicts(page: MemberPageResult, floor: PageSummary): Verdict[] {
  const verdicts = pageVerdicts(page.mid, floor, MEMBER_PAGE_BUDGETS);
  return page.firstLoadKb === undefined ? verdicts : [...verdicts, firstLoadVerdict(page.firstLoadKb)];
}

/** A member page's row: each budget's verdict and value, TBT with its difference to the floor's, main thread as its ratio. */
export function memberRow(page: MemberPageResult, floor: PageSummary): string[] {
  const verdicts = memberVerdicts(page, floor);
  const pass = (budget: string) => verdicts.find((item) => item.budget === budget)?.pass ?? false;
  const ratio = floor.mainThread > 0 ? page.mid.mainThread / floor.mainThread : Number.POSITIVE_INFINITY;
  return [
    page.label,
    verdictCell(pass("performance"), String(Math.round(page.mid.performance))),
    verdictCell(pass("TBT"), `${ms(page.mid.tbt)} (${signed(page.mid.tbt - floor.tbt)})`),
    verdictCell(pass("main-thread work"), `${ratio.toFixed(2)}× (${seconds(page.mid.mainThread)})`),
    verdictCell(pass("LCP"), seconds(page.mid.lcp)),
    verdictCell(pass("CLS"), page.mid.cls.toFixed(3)),
    verdictCell(pass("accessibility"), String(Math.round(page.mid.accessibility))),
    page.firstLoadKb === undefined ? "not measured" : verdictCell(pass("first-load JS"), `${page.firstLoadKb.toFixed(1)} KB`),
  ];
}

export function memberPagesPassing(pages: readonly MemberPageResult[], floor: PageSummary): number {
  return pages.filter((page) => memberVerdicts(page, floor).every((item) => item.pass)).length;
}

export const TRANSITION_HEADERS = ["transition", `median ≤ ${TRANSITION_BUDGET_MS} ms`, "samples ms", "painted"];

/** A transition's row: its verdict on the median, every sample in the order taken, and how paint was read. */
export function transitionRow(verdict: TransitionVerdict & { kinds?: readonly string[] }): string[] {
  const kinds = [...new Set(verdict.kinds ?? [])];
  return [
    verdict.budget,
    verdictCell(verdict.pass, verdict.value),
    verdict.samples.map((sample) => Math.round(sample)).join(", "),
    kinds.length === 0
      ? "message in the list"
      : kinds.map((kind) => (kind === "document" ? "new document: LCP" : "in place: frame after h1")).join(" / "),
  ];
}
