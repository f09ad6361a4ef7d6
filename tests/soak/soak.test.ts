/**
 * `npm run test:soak` (kept out of `npm test` for its length): the cluster of tests/cluster/ under a
 * steady load for 10 minutes (players pausing between actions, as people do, and chat sockets open
 * all along), sampling each process's memory and open handles from its `/metrics` every 15 s. After
 * a warm-up they must stay flat: no growth that would, over days, end in a restart. The samples are
 * written to test-results/cluster/soak.md. `SOAK_SECONDS` shortens it for a try, but a run of a
 * minute or two is all warm-up (caches and the JIT still growing) and may fail the flatness checks.
 */
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild } from "../../scripts/ensure-build.ts";
import { METRICS_TOKEN, startCluster, type Cluster } from "../cluster/cluster.ts";
import { loadTable, signUpPlayers, startLoad } from "../cluster/load.ts";
import { expectLedgerKept, RoomClient, writeReport } from "../cluster/players.ts";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const PLAYERS = Number(process.env.SOAK_PLAYERS ?? 60);
const PAUSE_MS = Number(process.env.SOAK_PAUSE_MS ?? 500);
/** Chat sockets held open all along (at most one per account and twenty per address, as the server allows). */
const SOCKETS = Math.min(Number(process.env.SOAK_SOCKETS ?? 10), PLAYERS, 20);
const SAMPLE_MS = 15_000;
const has = (command: string, flag: string) => spawnSync(command, [flag]).status === 0;
const ready = Boolean(process.env.TEST_DATABASE_URL) && has("nginx", "-v") && has("redis-server", "--version");

interface Sample {
  second: number;
  process: number;
  heapMiB: number;
  rssMiB: number;
  handles: number;
  fds: number;
}

/** One process's figures from its `/metrics` (prom-client's default process and Node.js metrics). */
async function sample(origin: string): Promise<Omit<Sample, "second" | "process">> {
  const text = await (await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const value = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)`, "m").exec(text)?.[1] ?? Number.NaN);
  const mib = (bytes: number) => Math.round(bytes / 104_857.6) / 10;
  return {
    heapMiB: mib(value("nodejs_heap_size_used_bytes")),
    rssMiB: mib(value("process_resident_memory_bytes")),
    handles: value("nodejs_active_handles_total"),
    fds: value("process_open_fds"),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

describe.runIf(ready)(`${SECONDS} s of steady load on two processes behind nginx`, () => {
  let cluster: Cluster;

  beforeAll(async () => {
    ensureBuild();
    cluster = await startCluster({ adminUrl: process.env.TEST_DATABASE_URL ?? "" });
  }, 300_000);
  afterAll(async () => {
    await cluster?.close();
  });

  it(
    "keeps each process's memory and open handles flat, with no error",
    async () => {
      const accounts = await signUpPlayers(cluster.origin, PLAYERS, "soak");
      const sockets = accounts
        .slice(0, SOCKETS)
        .map((account) => new RoomClient(`${cluster.origin.replace(/^http/, "ws")}/ws`, account.cookie));
      await Promise.all(sockets.map((socket) => socket.connect()));
      const samples: Sample[] = [];
      const load = startLoad({ origin: cluster.origin, publicOrigin: cluster.origin, accounts, seconds: SECONDS, pauseMs: PAUSE_MS });
      const timer = setInterval(() => {
        const second = Math.round(load.elapsed() / 1000);
        cluster.apps.forEach((app, index) => {
          void sample(app.origin).then((figures) => samples.push({ second, process: index, ...figures }));
        });
      }, SAMPLE_MS);
      const report = await load.finished;
      clearInterval(timer);
      for (const socket of sockets) socket.close();

      // Flat: after the first quarter (caches filling, the JIT warming), the last quarter's median
      // is within a margin of the second quarter's, for every process.
      const verdicts = cluster.apps.map((_, index) => {
        const mine = samples.filter((entry) => entry.process === index);
        const quarter = (from: number, to: number) => mine.filter((entry) => entry.second >= SECONDS * from && entry.second < SECONDS * to);
        const early = quarter(0.25, 0.5);
        const late = quarter(0.75, 1.01);
        const of = (entries: Sample[], key: keyof Sample) => median(entries.map((entry) => entry[key]));
        return {
          process: index,
          heapMiB: [of(early, "heapMiB"), of(late, "heapMiB")],
          rssMiB: [of(early, "rssMiB"), of(late, "rssMiB")],
          handles: [of(early, "handles"), of(late, "handles")],
          fds: [of(early, "fds"), of(late, "fds")],
        };
      });
      const lines = [
        `# Soak (${new Date().toISOString()})`,
        "",
        `${report.users} players pausing ${PAUSE_MS} ms on average, ${SOCKETS} chat sockets, ${report.seconds} s: ${report.requests} requests (${report.perSecond} per second), ${report.failures.length} failed.`,
        "",
        "Second quarter → last quarter (medians), per process:",
        "",
        "| process | heap used MiB | resident MiB | active handles | open fds |",
        "|---|---|---|---|---|",
        ...verdicts.map(
          (v) => `| ${v.process} | ${v.heapMiB.join(" → ")} | ${v.rssMiB.join(" → ")} | ${v.handles.join(" → ")} | ${v.fds.join(" → ")} |`,
        ),
        "",
        "Samples every 15 s:",
        "",
        "| second | process | heap MiB | resident MiB | handles | fds |",
        "|---|---|---|---|---|---|",
        ...samples.map(
          (entry) => `| ${entry.second} | ${entry.process} | ${entry.heapMiB} | ${entry.rssMiB} | ${entry.handles} | ${entry.fds} |`,
        ),
        "",
        loadTable(report),
        "",
      ];
      writeReport("soak", lines.join("\n"), { report, samples, verdicts });

      expect(report.failures).toEqual([]);
      await expectLedgerKept(cluster.databaseUrl, report.ledger);
      for (const verdict of verdicts) {
        const [heapBefore = 0, heapAfter = 0] = verdict.heapMiB;
        const [rssBefore = 0, rssAfter = 0] = verdict.rssMiB;
        expect(heapAfter, `process ${verdict.process}'s heap`).toBeLessThanOrEqual(heapBefore * 1.25 + 8);
        expect(rssAfter, `process ${verdict.process}'s resident memory`).toBeLessThanOrEqual(rssBefore * 1.2 + 16);
        expect(verdict.handles[1] ?? 0, `process ${verdict.process}'s handles`).toBeLessThanOrEqual((verdict.handles[0] ?? 0) + 20);
        expect(verdict.fds[1] ?? 0, `process ${verdict.process}'s open files`).toBeLessThanOrEqual((verdict.fds[0] ?? 0) + 20);
      }
    },
    SECONDS * 1000 + 300_000,
  );
});
