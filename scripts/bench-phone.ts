/**
 * The phone part of `npm run bench` alone, for working on a page: the floor and the given paths
 * (default: the pages), calibrated Lighthouse runs interleaved, medians, and where the
 * median run's main-thread time went. No budgets, no seeds beyond the demo pack; `npm run bench`
 * remains the measure of record.
 *
 *   node scripts/bench-phone.ts [path …]   (BENCH_LIGHTHOUSE_RUNS, default 3)
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { summarizeRuns } from "./bench-budgets.ts";
import { assertChromium, calibratedRun, type BenchedPage, type CalibratedRun } from "./bench-lighthouse.ts";
import { benchedPaths } from "./bench-pages.ts";
import { buildFloor, freePort, HOST, startApp, startFloor, stop, waitUntilAnswering, type Served } from "./bench-servers.ts";
import { printTable } from "./bench-table.ts";
import { ensureBuild } from "./ensure-build.ts";

process.chdir(fileURLToPath(new URL("..", import.meta.url)));
const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const scratch = mkdtempSync(join(tmpdir(), "bench-phone-"));
const servers: Served[] = [];
try {
  assertChromium();
  ensureBuild();
  buildFloor(join(scratch, "floor"));
  const appPort = await freePort();
  const floorPort = await freePort();
  const dataDir = join(scratch, "data");
  mkdirSync(dataDir);
  const app = startApp(appPort, dataDir);
  servers.push(app);
  const floor = startFloor(join(scratch, "floor"), floorPort);
  servers.push(floor);
  const appUrl = `http://${HOST}:${appPort}`;
  await waitUntilAnswering(appUrl + "/api/health", app);
  await waitUntilAnswering(`http://${HOST}:${floorPort}/`, floor);
  const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : benchedPaths();
  const pages: BenchedPage[] = [
    { label: "floor", url: `http://${HOST}:${floorPort}/` },
    ...paths.map((path) => ({ label: path, url: appUrl + path })),
  ];
  const results = new Map<BenchedPage, CalibratedRun[]>(pages.map((page) => [page, []]));
  for (let run = 1; run <= runs; run++)
    for (const page of pages) {
      const result = await calibratedRun(page, run, false);
      results.get(page)?.push(result);
      console.log(
        `${page.label} run ${run}: ×${result.mid.multiplier.toFixed(2)} perf ${result.mid.performance} TBT ${Math.round(result.mid.tbt)} ` +
          `main ${(result.mid.mainThread / 1000).toFixed(2)} s LCP ${(result.mid.lcp / 1000).toFixed(2)} s CLS ${result.mid.cls.toFixed(3)} a11y ${result.mid.accessibility}`,
      );
    }
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
