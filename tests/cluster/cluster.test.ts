/**
 * `npm run test:cluster`: two app processes behind nginx on a new PostgreSQL database and a Redis of
 * their own (tests/cluster/cluster.ts), and what players see when a part goes away: Redis stopped,
 * the database's connections ended, one process killed. Needs TEST_DATABASE_URL, nginx and
 * redis-server; the production build is made first when it is stale.
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import type { ServerFrame } from "../../universal/realtime/protocol.ts";
import { ensureBuild } from "../../scripts/ensure-build.ts";
import { METRICS_TOKEN, startCluster, type Cluster } from "./cluster.ts";
import { cpuMilliseconds, loadTable, ROOM, signUpPlayers, startLoad, type Ledger, type LoadReport, type RunningLoad } from "./load.ts";

/** The load of record: 200 players for 60 s through nginx (smaller by these settings for a quick try). */
const PLAYERS = Number(process.env.CLUSTER_PLAYERS ?? 200);
const LOAD_SECONDS = Number(process.env.CLUSTER_LOAD_SECONDS ?? 60);
/** The same load on one process, for the comparison. */
const SOLO_SECONDS = Number(process.env.CLUSTER_SOLO_SECONDS ?? 20);
/** Players going on while parts fail. */
const FAULT_PLAYERS = Number(process.env.CLUSTER_FAULT_PLAYERS ?? 100);
const REPORT_DIR = "test-results/cluster";
const has = (command: string, flag: string) => spawnSync(command, [flag]).status === 0;
const ready = Boolean(process.env.TEST_DATABASE_URL) && has("nginx", "-v") && has("redis-server", "--version");

/** A `/ws` client that keeps the room's message ids and can wait for one. */
class RoomClient {
  readonly ids: number[] = [];
  private socket!: WebSocket;
  private waiters: { id: number; done: () => void }[] = [];

  private readonly url: string;
  private readonly cookie: string;

  constructor(url: string, cookie: string) {
    this.url = url;
    this.cookie = cookie;
  }

  async connect(after?: number): Promise<void> {
    const origin = this.url.replace(/^ws/, "http").replace(/\/ws$/, "");
    this.socket = new WebSocket(this.url, { headers: { Origin: origin, Cookie: this.cookie } });
    await new Promise<void>((done, fail) => this.socket.once("open", () => done()).once("error", fail));
    const subscribed = new Promise<void>((done) => {
      this.socket.on("message", (data) => {
        const frame = JSON.parse(String(data)) as ServerFrame;
        if (frame.type === "subscribed" && frame.topic === `room:${ROOM}`) done();
        if (frame.type === "message" && frame.topic === `room:${ROOM}`) {
          this.ids.push(frame.id);
          this.waiters = this.waiters.filter((waiter) => !(waiter.id === frame.id && (waiter.done(), true)));
        }
      });
    });
    this.socket.send(JSON.stringify({ type: "subscribe", topic: `room:${ROOM}`, ...(after === undefined ? {} : { after }) }));
    await subscribed;
  }

  get closed(): Promise<void> {
    return this.socket.readyState === WebSocket.CLOSED ? Promise.resolve() : new Promise((done) => this.socket.once("close", () => done()));
  }

  received(id: number): Promise<void> {
    if (this.ids.includes(id)) return Promise.resolve();
    return new Promise((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`message ${id} not received; got ${this.ids.join(",")}`)), 15_000);
      this.waiters.push({
        id,
        done: () => {
          clearTimeout(timer);
          done();
        },
      });
    });
  }

  close(): void {
    this.socket.terminate();
  }
}

async function signUp(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/json" },
    body: JSON.stringify({ email: `cluster-${randomUUID()}@example.vn`, password: "mat-khau-that-dai", name: "Cụm Máy" }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** Posts a chat message through `origin` (the answer it got, and the message's id when it was taken). */
async function send(origin: string, publicOrigin: string, cookie: string, text: string, clientId = randomUUID()): Promise<number> {
  const response = await fetch(`${origin}/api/chat/rooms/${ROOM}/messages`, {
    method: "POST",
    headers: { Origin: publicOrigin, "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ text, clientId }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

const readiness = async (origin: string) => {
  const response = await fetch(`${origin}/api/ready`);
  return {
    status: response.status,
    body: (await response.json()) as { status: string; bus: string; database: string; degraded: string[] },
  };
};

/** What the database holds of `ledger`: every acknowledged write, each once, under the id it was answered with. */
async function expectLedgerKept(databaseUrl: string, ledger: Ledger): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const [table, written] of [
      ["chat_messages", ledger.chat],
      ["posts", ledger.posts],
      ["offers", ledger.offers],
    ] as const) {
      const { rows } = await client.query<{ client_id: string; id: string }>(
        `select client_id, id from ${table} where client_id = any($1)`,
        [[...written.keys()]],
      );
      const found = new Map<string, number[]>();
      for (const row of rows) found.set(row.client_id, [...(found.get(row.client_id) ?? []), Number(row.id)]);
      const wrong = [...written].filter(([clientId, id]) => found.get(clientId)?.join() !== String(id));
      expect(wrong, `${table}: acknowledged but missing, twice or under another id`).toEqual([]);
    }
    const { rows } = await client.query<{ id: string }>("select id from offers where id = any($1) and status <> 'cancelled'", [
      [...ledger.cancelled],
    ]);
    expect(rows, "offers whose cancel was acknowledged but are not cancelled").toEqual([]);
  } finally {
    await client.end();
  }
}

interface Measured extends LoadReport {
  processes: number;
  /** The app processes' CPU time per answered request. */
  cpuMsPerRequest: number;
}

/** Runs the load through `origin` and measures the app processes' CPU meanwhile. */
async function measureLoad(
  cluster: Cluster,
  origin: string,
  processes: number,
  players: LoadReport["users"],
  seconds: number,
  accounts: Parameters<typeof startLoad>[0]["accounts"],
): Promise<Measured> {
  const pids = cluster.apps.slice(0, processes).map((app) => app.child.pid as number);
  const before = pids.map(cpuMilliseconds);
  const report = await startLoad({ origin, publicOrigin: cluster.origin, accounts: accounts.slice(0, players), seconds }).finished;
  const cpu = pids.reduce((sum, pid, index) => sum + cpuMilliseconds(pid) - (before[index] ?? 0), 0);
  return { ...report, processes, cpuMsPerRequest: Math.round((cpu / report.requests) * 100) / 100 };
}

function writeReport(name: string, text: string, data: unknown): void {
  mkdirSync(REPORT_DIR, { recursive: true });
  writeFileSync(`${REPORT_DIR}/${name}.md`, text);
  writeFileSync(
    `${REPORT_DIR}/${name}.json`,
    JSON.stringify(data, (_, value) => (value instanceof Map ? value.size : value instanceof Set ? value.size : value), 2),
  );
  console.log(text);
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
      const solo = await measureLoad(cluster, cluster.soloOrigin, 1, PLAYERS, SOLO_SECONDS, accounts);
      const both = await measureLoad(cluster, cluster.origin, 2, PLAYERS, LOAD_SECONDS, accounts);
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
      const lost = report.failures.filter(
        (failure) => ["post", "chat", "offer-open", "offer-cancel"].includes(failure.kind) && !failure.recovered,
      );
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
