/**
 * The phone part of `npm run bench` alone, for working on a page: the floor and the given paths
 * (default: the pages), calibrated Lighthouse runs interleaved, medians, and where the
 * median run's main-thread time went. No budgets, no seeds beyond the demo pack; `npm run bench`
 * remains the measure of record.
 *
 * With `BENCH_COMPARE_URL` (another server, for example a build of an older commit started on another
 * port), each path is also measured there, interleaved in the same run: an A/B on a noisy host.
 *
 *   node scripts/bench-phone.ts [path …]   (BENCH_LIGHTHOUSE_RUNS, default 3; BENCH_COMPARE_URL)
 *
 * A feed path (`/feed`, `/feed?id=seeded` for the seeded post) seeds 10,000 posts first, as `npm run bench` does.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { summarizeRuns } from "./bench-budgets.ts";
import { interleavedRuns, type BenchedPage } from "./bench-lighthouse.ts";
import { seedFeedForPaths } from "./bench-feed.ts";
import { floorAndPages, stop, type Served } from "./bench-servers.ts";
import { printTable } from "./bench-table.ts";

process.chdir(fileURLToPath(new URL("..", import.meta.url)));
const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const compareUrl = process.env.BENCH_COMPARE_URL?.replace(/\/$/, "");
const scratch = mkdtempSync(join(tmpdir(), "bench-phone-"));
const servers: Served[] = [];
try {
  const ours: BenchedPage[] = await floorAndPages(scratch, process.argv.slice(2), servers, seedFeedForPaths);
  const pages = compareUrl
    ? ours.flatMap((page) => {
        if (page.label === "floor") return [page];
        return [page, { label: `compare ${page.label}`, url: compareUrl + new URL(page.url).pathname + new URL(page.url).search }];
      })
    : ours;
  const results = await interleavedRuns(pages, runs, false, (page, run, { mid }) =>
    console.log(
      `${page.label} run ${run}: ×${mid.multiplier.toFixed(2)} perf ${mid.performance} TBT ${Math.round(mid.tbt)} ` +
        `main ${(mid.mainThread / 1000).toFixed(2)} s LCP ${(mid.lcp / 1000).toFixed(2)} s CLS ${mid.cls.toFixed(3)} a11y ${mid.accessibility}`,
    ),
  );
  printTable(
    ["page", "perf", "a11y", "TBT ms", "main s", "LCP s", "CLS", "groups (last run)", "scripts (last run)"],
    pages.map((page) => {
      const list = results.get(page) ?? [];
      const mid = summarizeRuns(list.map((run) => run.mid));
      const last = list.at(-1)?.mid;
      return [
        page.label,
        String(Math.round(mid.performance)),
        String(Math.round(mid.accessibility)),
        String(Math.round(mid.tbt)),
        (mid.mainThread / 1000).toFixed(2),
        (mid.lcp / 1000).toFixed(2),
        mid.cls.toFixed(3),
        (last?.mainThreadGroups ?? [])
          .slice(0, 5)
          .map((group) => `${group.group} ${Math.round(group.ms)}`)
          .join(", "),
        (last?.scripts ?? [])
          .slice(0, 4)
          .map((script) => `${script.url.replace(/^https?:\/\/[^/]+/, "")} ${Math.round(script.totalMs)}/${Math.round(script.scriptingMs)}`)
          .join(", "),
      ];
    }),
  );
} finally {
  await Promise.all(servers.map(stop));
  rmSync(scratch, { recursive: true, force: true });
}
