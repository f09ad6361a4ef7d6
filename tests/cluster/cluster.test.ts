/**
 * `npm run test:cluster`: two app processes behind nginx on a new PostgreSQL database and a Redis of
 * their own (tests/cluster/cluster.ts): 200 players for 60 s, then what players see when a part
 * goes away under load: Redis stopped, the database cut, one process killed. Needs TEST_DATABASE_URL, nginx and
 * redis-server; the production build is made first when it is stale.
 */
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild } from "../../scripts/ensure-build.ts";
import { METRICS_TOKEN, startCluster, type Cluster } from "./cluster.ts";
import { cpuMilliseconds, loadTable, signUpPlayers, startLoad, WRITES, type Account, type LoadReport, type RunningLoad } from "./load.ts";
import { expectLedgerKept, readiness, RoomClient, send, signUp, writeReport } from "./players.ts";

/** The load of record: 200 players for 60 s through nginx (smaller by these settings for a quick try). */
const PLAYERS = Number(process.env.CLUSTER_PLAYERS ?? 200);
const LOAD_SECONDS = Number(process.env.CLUSTER_LOAD_SECONDS ?? 60);
/** The same load on one process, for the comparison. */
const SOLO_SECONDS = Number(process.env.CLUSTER_SOLO_SECONDS ?? 20);
/** Players going on while parts fail. */
const FAULT_PLAYERS = Number(process.env.CLUSTER_FAULT_PLAYERS ?? 100);
const has = (command: string, flag: string) => spawnSync(command, [flag]).status === 0;
const ready = Boolean(process.env.TEST_DATABASE_URL) && has("nginx", "-v") && has("redis-server", "--version");

interface Measured extends LoadReport {
  processes: number;
  /** The app processes' CPU time per answered request. */
  cpuMsPerRequest: number;
}

/** Runs the load through `origin` and measures the app processes' CPU meanwhile. */
async function measureLoad(cluster: Cluster, origin: string, processes: number, seconds: number, accounts: Account[]): Promise<Measured> {
  const pids = cluster.apps.slice(0, processes).map((app) => app.child.pid as number);
  const before = pids.map(cpuMilliseconds);
  const report = await startLoad({ origin, publicOrigin: cluster.origin, accounts, seconds }).finished;
  const cpu = pids.reduce((sum, pid, index) => sum + cpuMilliseconds(pid) - (before[index] ?? 0), 0);
  return { ...report, processes, cpuMsPerRequest: Math.round((cpu / report.requests) * 100) / 100 };
}

const summary = (run: Measured) =>
  `${run.processes} process${run.processes > 1 ? "es" : ""}: ${run.users} players for ${run.seconds} s, ${run.requests} requests, ${run.perSecond} per second, ${run.cpuMsPerRequest} ms of app CPU per request`;

describe.runIf(ready)("two app processes behind nginx", () => {
  let cluster: Cluster;
  let cookie = "";

  beforeAll(async () => {
    ensureBuild();
    cluster = await startCluster({ adminUrl: process.env.TEST_DATABASE_URL ?? "" });
    cookie = await signUp(cluster.origin);
  }, 300_000);
  afterAll(async () => {
    await cluster?.close();
  });

  it("serves pages, the API and readiness through nginx from both processes", async () => {
    for (let index = 0; index < 6; index += 1) {
      const page = await fetch(`${cluster.origin}/class`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("<html");
    }
    expect(await readiness(cluster.origin)).toEqual({
      status: 200,
      body: { status: "ready", database: "up", bus: "redis", degraded: [] },
    });
    // Each process answered some of them (nginx spreads by least connections).
    for (const app of cluster.apps) {
      const metrics = await (await fetch(`${app.origin}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      expect(metrics).toMatch(/^http_requests_total\{method="GET",route="\/class",status="200"\} [1-9]/m);
    }
  });

  it(
    `carries ${PLAYERS} players for ${LOAD_SECONDS} s through nginx without an error, on one process and on two`,
    async () => {
      const accounts = await signUpPlayers(cluster.origin, PLAYERS);
      // One process first (its own nginx), then both: the same players, the same mix.
      const solo = await measureLoad(cluster, cluster.soloOrigin, 1, SOLO_SECONDS, accounts);
      const both = await measureLoad(cluster, cluster.origin, 2, LOAD_SECONDS, accounts);
      const text = [
        `# Cluster load (${new Date().toISOString()})`,
        "",
        `- ${summary(solo)}`,
        `- ${summary(both)}`,
        "",
        "Two processes, by kind:",
        "",
        loadTable(both),
        "",
        "One process, by kind:",
        "",
        loadTable(solo),
        "",
      ].join("\n");
      writeReport("load", text, { solo, both });
      for (const run of [solo, both]) {
        expect(run.failures, summary(run)).toEqual([]);
        await expectLedgerKept(cluster.databaseUrl, run.ledger);
      }
      expect(both.ledger.chat.size + both.ledger.posts.size + both.ledger.offers.size).toBeGreaterThan(0);
    },
    (SOLO_SECONDS + LOAD_SECONDS) * 1000 + 240_000,
  );

  describe(`under the load of ${FAULT_PLAYERS} players, while parts fail`, () => {
    let load: RunningLoad;
    /** The windows (load time, ms) in which a part was down: failures outside them are errors. */
    const outages: { part: string; from: number; to: number }[] = [];
    const outage = async <T>(part: string, work: () => Promise<T>): Promise<T> => {
      const from = load.elapsed();
      try {
        return await work();
      } finally {
        outages.push({ part, from, to: load.elapsed() });
      }
    };

    beforeAll(async () => {
      const accounts = await signUpPlayers(cluster.origin, FAULT_PLAYERS, "fault");
      load = startLoad({ origin: cluster.origin, publicOrigin: cluster.origin, accounts, seconds: 900, retryWrites: true });
    }, 120_000);
    afterAll(async () => {
      await load?.stop();
    }, 120_000);

    it("keeps chat going between the processes through NOTIFY while Redis is away, and uses Redis again once it is back", async () => {
      const [a, b] = cluster.apps as [(typeof cluster.apps)[0], (typeof cluster.apps)[0]];
      const onB = new RoomClient(`${b.origin.replace(/^http/, "ws")}/ws`, cookie);
      await onB.connect();
      try {
        await onB.received(await send(a.origin, cluster.origin, cookie, "trước khi Redis dừng"));
        const from = load.elapsed();
        await cluster.stopRedis();
        await expect
          .poll(async () => (await readiness(a.origin)).body, { timeout: 15_000 })
          .toMatchObject({ status: "degraded", bus: "notify" });
        expect((await fetch(`${cluster.origin}/class`)).status).toBe(200);
        const away = await send(a.origin, cluster.origin, cookie, "khi Redis vắng mặt");
        await onB.received(away);
        await cluster.startRedis();
        await expect
          .poll(async () => (await readiness(a.origin)).body, { timeout: 20_000 })
          .toMatchObject({ status: "ready", bus: "redis" });
        await expect
          .poll(async () => (await readiness(b.origin)).body, { timeout: 20_000 })
          .toMatchObject({ status: "ready", bus: "redis" });
        const back = await send(a.origin, cluster.origin, cookie, "Redis đã trở lại");
        await onB.received(back);
        await new Promise((done) => setTimeout(done, 500));
        expect(onB.ids.filter((id) => id === away || id === back)).toHaveLength(2);
        // Pages and the API kept answering the players all along.
        const to = load.elapsed();
        const during = load.failuresSoFar().filter((failure) => failure.at >= from && failure.at <= to);
        expect(during).toEqual([]);
      } finally {
        onB.close();
      }
    });

    it("answers 503 while the database is away, then ready again within 10 s of its return, without a restart", async () => {
      const back = await outage("database", async () => {
        await cluster.cutDatabase();
        await expect.poll(async () => (await readiness(cluster.origin)).status, { timeout: 15_000 }).toBe(503);
        const page = await fetch(`${cluster.origin}/class?while-away`);
        expect([200, 503]).toContain(page.status);
        await cluster.restoreDatabase();
        const restored = performance.now();
        await expect.poll(async () => (await readiness(cluster.origin)).status, { timeout: 10_000, interval: 250 }).toBe(200);
        return performance.now() - restored;
      });
      expect(back).toBeLessThanOrEqual(10_000);
      for (const app of cluster.apps) expect(app.child.exitCode).toBeNull();
      await send(cluster.origin, cluster.origin, cookie, "sau khi cơ sở dữ liệu trở lại");
    });

    it("a killed process's socket reconnects through nginx to the other and resumes without losing a message", async () => {
      const [a] = cluster.apps as [(typeof cluster.apps)[0]];
      const onA = new RoomClient(`${a.origin.replace(/^http/, "ws")}/ws`, cookie);
      await onA.connect();
      const before = await send(cluster.origin, cluster.origin, cookie, "trước sự cố");
      await onA.received(before);
      const closed = onA.closed;
      const missed: number[] = [];
      await outage("process", async () => {
        await cluster.stopApp(0, "SIGKILL");
        await closed;
        // Sent while the client is away: acknowledged by the process still up (nginx skips the dead one).
        for (let index = 0; index < 3; index += 1) missed.push(await send(cluster.origin, cluster.origin, cookie, `khi vắng ${index}`));
      });
      const again = new RoomClient(`${cluster.origin.replace(/^http/, "ws")}/ws`, cookie);
      await again.connect(before);
      try {
        for (const id of missed) await again.received(id);
        // Other players' messages interleave; this client's own, in order, none missing or twice.
        expect(again.ids.filter((id) => missed.includes(id))).toEqual(missed);
        expect(new Set(again.ids).size).toBe(again.ids.length);
      } finally {
        again.close();
        await outage("process", () => cluster.startApp(0));
      }
    });

    it("keeps every write it acknowledged, once, and fails nothing outside the outages", async () => {
      const report = await load.stop();
      writeReport(
        "faults",
        [
          `# Cluster load while parts fail (${new Date().toISOString()})`,
          "",
          `${report.users} players, ${report.seconds} s, ${report.requests} requests; outages: ${outages.map((o) => `${o.part} ${o.from}–${o.to} ms`).join(", ")}; ${report.failures.length} failed attempts`,
          "",
          loadTable(report),
          "",
        ].join("\n"),
        { report, outages },
      );
      await expectLedgerKept(cluster.databaseUrl, report.ledger);
      // A write that failed while a part was down was sent again and taken once.
      const lost = report.failures.filter((failure) => WRITES.includes(failure.kind) && !failure.recovered);
      expect(lost).toEqual([]);
      // Whatever was down, nothing was answered 500: a part away is a 503 (or nginx's 502 for a request a dying process held).
      expect(report.failures.filter((failure) => failure.status === 500)).toEqual([]);
      // Reads fail only while the database is away or a process dies (a request it held), and only for a moment.
      const grace = 5_000;
      const outside = report.failures.filter((failure) => !outages.some((o) => failure.at >= o.from && failure.at <= o.to + grace));
      expect(outside).toEqual([]);
      expect(report.ledger.chat.size).toBeGreaterThan(0);
    }, 120_000);
  });
});
