/**
 * `npm run bench:member`: the members' pages on the calibrated phone (issue 42), beside the floor in
 * the same run, with a realistic member (scripts/bench-member-seed.ts) signed in by cookie and 20
 * members online in the room the member has open; then moving between their pages and sending a chat
 * message (scripts/bench-transitions.ts) at the run's own multiplier. `npm run bench` measures the
 * same pages inside its run, interleaved with the public pages (scripts/bench.ts).
 *
 * Lighthouse (bench-lighthouse.ts, each page's `headers` carrying the member's or the admin's session
 * cookie in the gather and the audit), interleaved with the floor, medians; first-load JS as the
 * browser loads it signed in; the budgets of bench-budgets.ts (`MEMBER_PAGE_BUDGETS`, `TRANSITION_BUDGET_MS`).
 *
 *   npm run bench:member   BENCH_LIGHTHOUSE_RUNS (default 5), BENCH_TRANSITION_RUNS (default 5),
 *                          BENCH_MEMBER_FEED=0 (no 10,000-post feed: quicker, /feed then nearly empty),
 *                          BENCH_MEMBER_TRANSITIONS=0 / BENCH_MEMBER_LIGHTHOUSE=0 (skip a part)
 *
 * Exits 1 when a budget fails, 2 when it could not measure.
 */
import { flagFromEnv, positiveIntFromEnv } from "./bench-env.ts";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Browser } from "@playwright/test";
import { WebSocket } from "ws";
import { openDatabase } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { firstLoadVerdict, median, MEMBER_FIRST_LOAD_BUDGET_KB, summarizeRuns, type PageSummary } from "./bench-budgets.ts";
import { seedCommunity } from "./bench-community-seed.ts";
import { FEED_SEED } from "./bench-feed.ts";
import { interleavedRuns, type BenchedPage, type CalibratedRun } from "./bench-lighthouse.ts";
import { BENCH_ROOM, MEMBER_SEED, seedMember, signInAll, type MemberSessions, type SeededMember } from "./bench-member-seed.ts";
import {
  floorRow,
  MEMBER_HEADERS,
  memberPagesPassing,
  memberRow,
  TRANSITION_HEADERS,
  transitionRow,
  type MemberPageResult,
} from "./bench-member-report.ts";
import { benchInScratch, startBenchServers } from "./bench-servers.ts";
import { printTable } from "./bench-table.ts";
import { benchTransitions, browserFirstLoad, hostMultiplier, launchChromium, type TransitionsResult } from "./bench-transitions.ts";

export const ROOM_PATH = `/chat?room=${encodeURIComponent(BENCH_ROOM)}`;
/** The member's pages of issue 42, in its order; `/admin` is the admin's. */
export const MEMBER_PATHS = ["/feed", ROOM_PATH, "/me", "/me/bag", "/me/note", "/me/make-offer", "/me/tax", "/notification"];
export const ADMIN_PATHS = ["/admin"];
/** Labels apart from the public pages' (a visitor's `/feed` and `/chat` are benched too). */
export const memberLabel = (path: string) => `member ${path}`;
export const adminLabel = (path: string) => `admin ${path}`;
export const isMemberLabel = (label: string) => label.startsWith("member ") || label.startsWith("admin ");

export function memberBenchedPages(
  appUrl: string,
  sessions: Pick<MemberSessions, "member" | "admin" | "memberStorage" | "adminStorage">,
): BenchedPage[] {
  return [
    ...MEMBER_PATHS.map((path) => ({
      label: memberLabel(path),
      url: appUrl + path,
      headers: { Cookie: sessions.member },
      localStorage: sessions.memberStorage,
    })),
    ...ADMIN_PATHS.map((path) => ({
      label: adminLabel(path),
      url: appUrl + path,
      headers: { Cookie: sessions.admin },
      localStorage: sessions.adminStorage,
    })),
  ];
}

/** Seeds the member into the embedded database of `dataDir` (migrated first), while no server has it open. */
export async function seedMemberDataDir(dataDir: string, options: { feed: boolean }): Promise<SeededMember & { seconds: number }> {
  const started = performance.now();
  const connection = await openDatabase({ dataDir });
  try {
    await migrateDatabase(connection);
    if (options.feed) await seedCommunity(connection.db, FEED_SEED);
    const seeded = await seedMember(connection.db);
    return { ...seeded, seconds: (performance.now() - started) / 1000 };
  } finally {
    await connection.close();
  }
}

export function describeSeed(seeded: SeededMember & { seconds: number }): string {
  return `bench: seeded the member ${seeded.memberUid} in ${seeded.seconds.toFixed(1)} s (${Object.entries(seeded.counts)
    .map(([name, count]) => `${name} ${count}`)
    .join(", ")}), the admin ${seeded.adminUid}, ${seeded.onlineUids.length} members to be online`;
}

/**
 * The members online in the room: one socket each, from the address each signed in from, subscribed
 * to the room's topic (its presence counts them) until `close`.
 */
export async function holdRoomOnline(
  appUrl: string,
  online: MemberSessions["online"],
  roomId = BENCH_ROOM,
): Promise<{ close: () => void }> {
  const url = `${appUrl.replace(/^http/, "ws")}/ws`;
  const topic = `room:${roomId}`;
  const sockets: WebSocket[] = [];
  const close = () => sockets.forEach((socket) => socket.terminate());
  try {
    await Promise.all(
      online.map(
        ({ uid, cookie, localAddress }) =>
          new Promise<void>((resolve, reject) => {
            const socket = new WebSocket(url, { headers: { Origin: appUrl, Cookie: cookie }, localAddress, handshakeTimeout: 15_000 });
            sockets.push(socket);
            const timer = setTimeout(() => reject(new Error(`${uid}: no answer to subscribing to ${topic}`)), 15_000);
            socket.once("open", () => socket.send(JSON.stringify({ type: "subscribe", topic })));
            socket.on("message", (data) => {
              const frame = JSON.parse(String(data)) as { type: string; topic?: string; code?: string };
              if (frame.type === "subscribed" && frame.topic === topic) {
                clearTimeout(timer);
                resolve();
              } else if (frame.type === "error") {
                clearTimeout(timer);
                reject(new Error(`${uid}: ${frame.code ?? "error"} on ${frame.topic ?? "the socket"}`));
              }
            });
            socket.once("error", (error) => {
              clearTimeout(timer);
              reject(error);
            });
          }),
      ),
    );
  } catch (error) {
    close();
    throw error;
  }
  return { close };
}

/** Each benched page answers the signed-in reader 200 (a session the server refused would measure the sign-in page). */
export async function checkSignedInPages(pages: readonly BenchedPage[]): Promise<void> {
  for (const page of pages) {
    const response = await fetch(page.url, { headers: page.headers, redirect: "manual", signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${page.label} answered ${response.status} signed in: nothing to measure`);
  }
}

export interface MemberResults {
  floor: PageSummary;
  pages: MemberPageResult[];
}

/** The Lighthouse medians of the floor and the member pages, with each page's first-load JS, from one run's results. */
export function memberResults(
  runs: Map<BenchedPage, CalibratedRun[]>,
  firstLoads: ReadonlyMap<string, number>,
  floorLabel = "floor",
): MemberResults {
  let floor: PageSummary | undefined;
  const pages: MemberPageResult[] = [];
  for (const [page, list] of runs) {
    if (list.length === 0) continue;
    const mid = summarizeRuns(list.map((run) => run.mid));
    if (page.label === floorLabel) floor = mid;
    else if (isMemberLabel(page.label)) pages.push({ label: page.label, mid, firstLoadKb: firstLoads.get(page.label) });
  }
  if (!floor) throw new Error("the floor was not measured");
  return { floor, pages };
}

/** The run's calibrated multiplier: the median of its Lighthouse runs' (each run's index ÷ 450). */
export function runMultiplier(runs: Map<BenchedPage, CalibratedRun[]>): number {
  const all = [...runs.values()].flat().map((run) => run.mid.multiplier);
  return median(all);
}

/** First-load JS of each member page, signed in, as the browser loads it. */
export async function memberFirstLoads(browser: Browser, pages: readonly BenchedPage[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const page of pages) {
    const url = new URL(page.url);
    const { kb } = await browserFirstLoad(browser, url.origin, url.pathname + url.search, page.headers?.Cookie, page.localStorage);
    sizes.set(page.label, kb);
  }
  return sizes;
}

function composerLabel(): string {
  const chat = JSON.parse(readFileSync("locales/vi/chat.json", "utf8")) as { composer?: { label?: string } };
  const label = chat.composer?.label;
  if (!label) throw new Error("locales/vi/chat.json has no composer.label");
  return label;
}

export async function memberTransitions(
  browser: Browser,
  appUrl: string,
  sessions: Pick<MemberSessions, "member" | "memberStorage">,
  multiplier: number,
  runs: number,
): Promise<TransitionsResult> {
  return benchTransitions(browser, {
    baseUrl: appUrl,
    cookie: sessions.member,
    storage: sessions.memberStorage,
    multiplier,
    runs,
    roomPath: ROOM_PATH,
    composerLabel: composerLabel(),
    onSample: (label, run, ms, parts) =>
      console.log(
        `bench: ${label} run ${run}/${runs}: ${Math.round(ms)} ms at ×${multiplier.toFixed(2)}` +
          (parts ? ` (requested at ${parts.request} ms, first byte at ${parts.firstByte} ms, painted at ${parts.painted} ms)` : ""),
      ),
  });
}

/** Prints the members' tables; answers the summary line and whether every budget held. */
export function reportMembers(
  results: MemberResults | undefined,
  transitions: TransitionsResult | undefined,
  settings: { lighthouseRuns: number; transitionRuns: number; floorFirstLoadKb?: number; firstLoads?: ReadonlyMap<string, number> },
): { line: string; pass: boolean } {
  const parts: string[] = [];
  let pass = true;
  if (!results && settings.firstLoads) {
    console.log(`\nMembers' pages: first-load JS as the browser loads it signed in (gzip -9; no Lighthouse runs)\n`);
    const verdicts = [...settings.firstLoads].map(([label, kb]) => ({ label, verdict: firstLoadVerdict(kb) }));
    printTable(
      ["page", `first-load JS ≤ ${MEMBER_FIRST_LOAD_BUDGET_KB} KB`],
      verdicts.map(({ label, verdict }) => [label, `${verdict.pass ? "PASS" : "FAIL"} ${verdict.value}`]),
    );
    const passing = verdicts.filter(({ verdict }) => verdict.pass).length;
    pass &&= passing === verdicts.length;
    parts.push(`members' first-load JS: ${passing}/${verdicts.length}`);
  }
  if (results) {
    console.log(
      `\nMembers' pages (signed in, a realistic member, ${MEMBER_SEED.online} members online in ${BENCH_ROOM}): Lighthouse mobile, ` +
        `calibrated, medians of ${settings.lighthouseRuns} runs interleaved with the floor; first-load JS as the browser loads it signed in (gzip -9)\n`,
    );
    printTable(MEMBER_HEADERS, [
      floorRow(results.floor, settings.floorFirstLoadKb),
      ...results.pages.map((page) => memberRow(page, results.floor)),
    ]);
    const passing = memberPagesPassing(results.pages, results.floor);
    pass &&= passing === results.pages.length;
    parts.push(`members' pages: budgets met on ${passing}/${results.pages.length}`);
  }
  if (transitions) {
    console.log(
      `\nMoving between members' pages and sending a message (Chromium, CPU ×${transitions.multiplier.toFixed(2)}` +
        (transitions.multiplier < 1 ? ": the host is slower than the phone now, so not slowed at all" : "") +
        `, ` +
        `medians of ${settings.transitionRuns})\n`,
    );
    const verdicts = [...transitions.steps, transitions.send];
    printTable(TRANSITION_HEADERS, verdicts.map(transitionRow));
    const passing = verdicts.filter((verdict) => verdict.pass).length;
    pass &&= passing === verdicts.length;
    parts.push(`transitions ≤ 200 ms: ${passing}/${verdicts.length}`);
  }
  return { line: parts.join("; "), pass };
}

async function main(): Promise<number> {
  process.chdir(fileURLToPath(new URL("..", import.meta.url)));
  const started = Date.now();
  const lighthouseRuns = positiveIntFromEnv("BENCH_LIGHTHOUSE_RUNS", 5);
  const transitionRuns = positiveIntFromEnv("BENCH_TRANSITION_RUNS", 5);
  const withFeed = flagFromEnv("BENCH_MEMBER_FEED", true);
  const withLighthouse = flagFromEnv("BENCH_MEMBER_LIGHTHOUSE", true);
  const withTransitions = flagFromEnv("BENCH_MEMBER_TRANSITIONS", true);
  return benchInScratch("bench-member", 2, async ({ floorBuild, dataDir, servers, onEnd }) => {
    const seeded = await seedMemberDataDir(dataDir, { feed: withFeed });
    console.log(describeSeed(seeded));
    const { appUrl, floorUrl } = await startBenchServers(floorBuild, dataDir, servers);
    const sessions = await signInAll(appUrl, seeded);
    const online = await holdRoomOnline(appUrl, sessions.online);
    onEnd(online.close);
    console.log(`bench: our server on ${appUrl}, the floor on ${floorUrl}; ${sessions.online.length} members online in ${BENCH_ROOM}`);

    const memberPages = memberBenchedPages(appUrl, sessions);
    await checkSignedInPages(memberPages);
    const browser = await launchChromium();
    onEnd(() => browser.close());
    const firstLoads = await memberFirstLoads(browser, memberPages);
    const floorFirstLoad = await browserFirstLoad(browser, floorUrl, "/");

    let results: MemberResults | undefined;
    let multiplier: number;
    if (withLighthouse) {
      const pages: BenchedPage[] = [{ label: "floor", url: `${floorUrl}/` }, ...memberPages];
      const runs = await interleavedRuns(pages, lighthouseRuns, false, (page, run, { mid }) =>
        console.log(
          `bench: Lighthouse run ${run}/${lighthouseRuns} ${page.label}: index ${mid.benchmarkIndex}, ×${mid.multiplier.toFixed(2)}: ` +
            `perf ${mid.performance}, TBT ${Math.round(mid.tbt)} ms, main thread ${(mid.mainThread / 1000).toFixed(2)} s, LCP ${(mid.lcp / 1000).toFixed(2)} s`,
        ),
      );
      results = memberResults(runs, firstLoads);
      multiplier = runMultiplier(runs);
    } else {
      const host = await hostMultiplier(browser);
      console.log(`bench: host benchmark index ${host.index}: CPU ×${host.multiplier.toFixed(2)}`);
      multiplier = host.multiplier;
    }
    const transitions = withTransitions ? await memberTransitions(browser, appUrl, sessions, multiplier, transitionRuns) : undefined;

    const report = reportMembers(results, transitions, {
      lighthouseRuns,
      transitionRuns,
      floorFirstLoadKb: floorFirstLoad.kb,
      firstLoads,
    });
    console.log(`\nbench: ${report.line}; took ${Math.round((Date.now() - started) / 60_000)} min`);
    return report.pass ? 0 : 1;
  });
}

if (import.meta.main) process.exitCode = await main();
