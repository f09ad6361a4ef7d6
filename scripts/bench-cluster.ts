/**
 * `npm run bench:cluster`: what each kind of request costs, for the capacity plan
 * (docs/operations.md). The cluster of the tests (tests/cluster/cluster.ts: the production build
 * behind nginx, on a new PostgreSQL database and a Redis of its own); one process answers, through
 * its own nginx, 20 players doing one kind of thing at a time for 8 s. Measured per kind: requests
 * per second, p50/p95, and CPU per request of the app process and of the PostgreSQL backends serving
 * it (from /proc). Writes test-results/cluster/costs.md. Loopback only; exits 2 when it could not
 * measure.
 *
 * Environment: BENCH_DATABASE_URL (a PostgreSQL URL whose user may create databases; default
 * postgres://postgres@127.0.0.1:5432/postgres), CLUSTER_COST_SECONDS (8), CLUSTER_COST_PLAYERS (20).
 */
import pg from "pg";
import { ensureBuild } from "./ensure-build.ts";
import { startCluster } from "../tests/cluster/cluster.ts";
import { cpuMilliseconds, KINDS, signUpPlayers, startLoad, type Kind } from "../tests/cluster/load.ts";
import { writeReport } from "../tests/cluster/players.ts";

const SECONDS = Number(process.env.CLUSTER_COST_SECONDS ?? 8);
const PLAYERS = Number(process.env.CLUSTER_COST_PLAYERS ?? 20);
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** CPU time so far of every PostgreSQL backend serving `database`, by pid. */
async function backendCpu(client: pg.Client, database: string): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [
    database,
  ]);
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      cpu.set(pid, cpuMilliseconds(pid));
    } catch {
      // The backend ended between the query and the read.
    }
  }
  return cpu;
}

async function main(): Promise<number> {
  ensureBuild();
  const cluster = await startCluster({ adminUrl });
  const database = new URL(cluster.databaseUrl).pathname.slice(1);
  const watcher = new pg.Client({ connectionString: cluster.databaseUrl });
  await watcher.connect();
  try {
    const app = cluster.apps[0]?.child.pid;
    if (!app) return 2;
    const rows: string[] = [];
    const data: Record<string, unknown>[] = [];
    // Fresh players for each kind: each starts with its account's limits untouched.
    for (const kind of KINDS.filter((entry): entry is Exclude<Kind, "offer-cancel"> => entry !== "offer-cancel")) {
      const accounts = await signUpPlayers(cluster.origin, PLAYERS, `cost-${kind}`);
      // A short warm-up, so that a kind's first compilations and cache fills are not counted.
      await startLoad({ origin: cluster.soloOrigin, publicOrigin: cluster.origin, accounts: accounts.slice(0, 2), seconds: 1, only: kind })
        .finished;
      const appBefore = cpuMilliseconds(app);
      const dbBefore = await backendCpu(watcher, database);
      const report = await startLoad({ origin: cluster.soloOrigin, publicOrigin: cluster.origin, accounts, seconds: SECONDS, only: kind })
        .finished;
      const appMs = cpuMilliseconds(app) - appBefore;
      const dbAfter = await backendCpu(watcher, database);
      const dbMs = [...dbAfter].reduce((sum, [pid, after]) => sum + after - (dbBefore.get(pid) ?? 0), 0);
      const figures = report.kinds[kind];
      const answered = figures.count;
      if (answered === 0 || report.failures.length > 0) {
        console.error(`bench:cluster: ${kind}: ${answered} answered, ${report.failures.length} failed`);
        return 2;
      }
      const per = (ms: number) => Math.round((ms / answered) * 10) / 10;
      data.push({
        kind,
        answered,
        perSecond: report.perSecond,
        p50: figures.p50,
        p95: figures.p95,
        appCpuMs: per(appMs),
        dbCpuMs: per(dbMs),
      });
      rows.push(`| ${kind} | ${answered} | ${report.perSecond} | ${figures.p50} | ${figures.p95} | ${per(appMs)} | ${per(dbMs)} |`);
      console.log(`bench:cluster: ${kind}: ${report.perSecond}/s, app ${per(appMs)} ms, database ${per(dbMs)} ms per request`);
    }
    writeReport(
      "costs",
      [
        `# What each request costs (${new Date().toISOString()})`,
        "",
        `One process behind nginx, ${PLAYERS} players doing one thing at a time without pause, ${SECONDS} s each; CPU from /proc.`,
        "",
        "| kind | requests | per second | p50 ms | p95 ms | app CPU ms/request | PostgreSQL CPU ms/request |",
        "|---|---|---|---|---|---|---|",
        ...rows,
        "",
      ].join("\n"),
      data,
    );
    return 0;
  } finally {
    await watcher.end();
    await cluster.close();
  }
}

process.exitCode = await main().catch((error: unknown) => {
  console.error("bench:cluster could not measure:", error);
  return 2;
});
