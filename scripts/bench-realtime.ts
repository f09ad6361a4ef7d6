/**
 * `npm run bench:realtime`: the realtime budgets (docs/bench.md), on loopback, from one run.
 *
 * Two app processes (the production build, as `npm start` runs it) share one new PostgreSQL
 * database and fan out through Redis. Members sign up through the real API; their WebSocket clients
 * (1,000 by default, half on each process, spread over worker threads) subscribe to one room; a
 * sender posts 10 messages a second for 60 s through `POST /api/chat/rooms/{id}/messages`, each
 * with a client id, to both processes in turn. Halfway, one process gets `kill -9`: its clients
 * reconnect to the other and resume from the last id they saw; a send the killed process never
 * answered is retried on the other with the same client id.
 *
 * Measured: delivery latency (send → each client's receipt) p50/p95/p99, messages lost
 * (acknowledged with 201 but never received) and duplicated (received twice), per client;
 * reconnect time; memory per idle connection (a process's heap and RSS before and after its
 * clients connect, then subscribe); where the CPU time went. Budgets: p99 ≤ 100 ms outside the
 * failover window, 0 lost, 0 duplicated; exits 1 when one fails, 2 when it could not measure.
 *
 * Flags: --clients 1000 --seconds 60 --rate 10 --workers 2 --accounts <clients> --kill-at <seconds/2>
 * (0: no kill). Environment: BENCH_DATABASE_URL (a PostgreSQL URL whose user may create databases;
 * default postgres://postgres@127.0.0.1:5432/postgres), REDIS_URL (default redis://127.0.0.1:6379).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { Redis } from "ioredis";
import pg from "pg";
import type { ClientSpec, Command, Reconnect, WorkerInput, WorkerReply, WorkerResult } from "../bench/realtime/clients.ts";
import type { LoopReply, MemoryReply, ProbeReply, ProbeRequest } from "../bench/realtime/server.ts";
import {
  bytes,
  count,
  FAILOVER_BUDGET_MS,
  LATENCY_P99_BUDGET_MS,
  ms,
  shareOf,
  spread,
  spreadText,
  table,
  type Row,
  type Share,
} from "../bench/realtime/stats.ts";
import { freePort, HOST, stop } from "./bench-servers.ts";
import { ensureBuild } from "./ensure-build.ts";

const ROOM = "global-vi";
const PASSWORD = "mat-khau-that-dai";
const SIGN_UP_CONCURRENCY = 8;
/** The API's write bucket is 60 requests a minute per account (not configurable): each sender stays at 40. */
const SENDS_PER_SENDER_PER_MINUTE = 40;
const SEND_ATTEMPTS = 6;
const STARTUP_TIMEOUT_MS = 120_000;
const DRAIN_TIMEOUT_MS = 20_000;
const CLOCK_TICKS = 100;
const MEMORY_SETTLE_MS = 1_000;
/** Past this share of the machine's CPU used by others, the report says the host was busy. */
const BUSY_HOST_SHARE = 0.25;

interface Options {
  clients: number;
  seconds: number;
  rate: number;
  workers: number;
  accounts: number;
  killAt: number;
}

function options(): Options {
  const { values } = parseArgs({
    options: {
      clients: { type: "string", default: "1000" },
      seconds: { type: "string", default: "60" },
      rate: { type: "string", default: "10" },
      workers: { type: "string", default: String(Math.max(2, availableParallelism())) },
      accounts: { type: "string" },
      "kill-at": { type: "string" },
    },
    strict: true,
  });
  const number = (name: string, raw: string | undefined, min: number) => {
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min) throw new Error(`--${name} must be a number ≥ ${min}, got ${JSON.stringify(raw)}`);
    return value;
  };
  const clients = Math.round(number("clients", values.clients, 2));
  const seconds = number("seconds", values.seconds, 1);
  const killAt = values["kill-at"] === undefined ? seconds / 2 : number("kill-at", values["kill-at"], 0);
  if (killAt >= seconds) throw new Error("--kill-at must fall within --seconds (0: no kill)");
  return {
    clients,
    seconds,
    rate: number("rate", values.rate, 0.1),
    workers: Math.round(number("workers", values.workers, 1)),
    accounts: Math.min(clients, Math.round(number("accounts", values.accounts ?? String(clients), 1))),
    killAt,
  };
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);
const sleep = (milliseconds: number) => new Promise((done) => setTimeout(done, milliseconds));
const started = Date.now();
const log = (message: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${message}`);

/* ---------------------------------------------------------------- servers */

interface AppServer {
  name: string;
  child: ChildProcess;
  origin: string;
  alive: boolean;
  output: () => string;
  errors: string[];
  probe<T extends ProbeReply>(request: ProbeRequest): Promise<T>;
}

function startServer(name: string, port: number, env: Record<string, string>): Promise<AppServer> {
  const child = spawn(process.execPath, ["--expose-gc", "bench/realtime/server.ts"], {
    env: { ...process.env, ...env, PORT: String(port), HOST },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let output = "";
  let pending = "";
  const errors: string[] = [];
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
    pending += chunk.toString();
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) if (line.includes('"level":"error"') && errors.length < 20) errors.push(line.slice(0, 400));
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const waiting = new Map<string, ((reply: ProbeReply) => void)[]>();
  child.on("message", (reply: ProbeReply) => waiting.get(reply.type)?.shift()?.(reply));
  const server: AppServer = {
    name,
    child,
    origin: `http://${HOST}:${port}`,
    alive: true,
    output: () => output,
    errors,
    probe<T extends ProbeReply>(request: ProbeRequest) {
      return new Promise<T>((done, fail) => {
        const list = waiting.get(request.type) ?? [];
        waiting.set(request.type, list);
        list.push((reply) => done(reply as T));
        if (!child.send(request)) fail(new Error(`${name}: the probe could not be sent`));
      });
    },
  };
  return new Promise((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`${name} did not start within ${STARTUP_TIMEOUT_MS / 1000} s:\n${output}`)),
      STARTUP_TIMEOUT_MS,
    );
    waiting.set("ready", [
      () => {
        clearTimeout(timer);
        done(server);
      },
    ]);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      server.alive = false;
      fail(new Error(`${name} exited during startup (${code ?? signal}):\n${output}`));
    });
  });
}

/* ---------------------------------------------------------------- accounts and sending */

function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function post(server: AppServer, path: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${server.origin}${path}`, {
    method: "POST",
    headers: { Origin: server.origin, "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
}

async function signUpAll(servers: AppServer[], total: number, tag: string): Promise<string[]> {
  const cookies: string[] = new Array(total);
  let next = 0;
  const lane = async () => {
    while (next < total) {
      const index = next++;
      const server = servers[index % servers.length] as AppServer;
      const response = await post(server, "/api/auth/sign-up/email", {
        email: `bench-${tag}-${index}@example.vn`,
        password: PASSWORD,
        name: `Bench ${index}`,
      });
      if (response.status !== 200) throw new Error(`sign-up ${index} on ${server.name}: ${response.status} ${await response.text()}`);
      cookies[index] = cookiesOf(response);
    }
  };
  await Promise.all(Array.from({ length: SIGN_UP_CONCURRENCY }, lane));
  return cookies;
}

interface Sent {
  seq: number;
  sentAt: number;
  id?: number;
  ackMs?: number;
  attempts: number;
  failure?: string;
}

async function sendOne(servers: AppServer[], cookie: string, seq: number, tag: string): Promise<Sent> {
  const sentAt = nowUs();
  const sent: Sent = { seq, sentAt, attempts: 0 };
  const body = { text: `bench ${seq} ${sentAt}`, clientId: `bench-${tag}-${seq}` };
  while (sent.attempts < SEND_ATTEMPTS) {
    const alive = servers.filter((server) => server.alive);
    const server = alive[(seq + sent.attempts) % alive.length] as AppServer;
    sent.attempts += 1;
    try {
      const response = await post(server, `/api/chat/rooms/${ROOM}/messages`, body, cookie);
      if (response.status === 201) {
        sent.id = ((await response.json()) as { data: { id: number } }).data.id;
        sent.ackMs = (nowUs() - sentAt) / 1000;
        delete sent.failure;
        return sent;
      }
      sent.failure = `${response.status} from ${server.name}: ${(await response.text()).slice(0, 200)}`;
      if (response.status < 500) return sent;
    } catch (error) {
      // The process died under the request: the same client id again, on another process.
      sent.failure = `${server.name}: ${(error as Error).message}`;
    }
    await sleep(50 * sent.attempts);
  }
  return sent;
}

/* ---------------------------------------------------------------- workers */

interface ClientWorker {
  worker: Worker;
  size: number;
  ask<T extends WorkerReply>(command: Command, expect: T["type"]): Promise<T>;
}

function startWorker(input: WorkerInput): ClientWorker {
  const worker = new Worker(new URL("../bench/realtime/clients.ts", import.meta.url), { workerData: input });
  const waiting = new Map<string, ((reply: WorkerReply) => void)[]>();
  let failure: Error | undefined;
  worker.on("message", (reply: WorkerReply) => waiting.get(reply.type)?.shift()?.(reply));
  worker.on("error", (error) => {
    failure = error;
    log(`a client worker failed: ${error.stack ?? error.message}`);
  });
  return {
    worker,
    size: input.clients.length,
    ask<T extends WorkerReply>(command: Command, expect: T["type"]) {
      if (failure) return Promise.reject(failure);
      return new Promise<T>((done) => {
        const list = waiting.get(expect) ?? [];
        waiting.set(expect, list);
        list.push((reply) => done(reply as T));
        worker.postMessage(command);
      });
    },
  };
}

/* ---------------------------------------------------------------- CPU accounting */

/** CPU ticks per process (utime + stime) and the machine's busy ticks, from /proc. */
function cpuSnapshot(): { pids: Map<number, { comm: string; ticks: number }>; busy: number; interrupts: number } {
  const pids = new Map<number, { comm: string; ticks: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const comm = stat.slice(stat.indexOf("(") + 1, close);
      const fields = stat.slice(close + 2).split(" ");
      pids.set(Number(entry), { comm, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // Gone meanwhile.
    }
  }
  const cpu = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "").trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = cpu;
  return { pids, busy: user + nice + system + irq + softirq + steal, interrupts: irq + softirq };
}

/**
 * CPU time per process over a phase, sampled every second so that processes that end during it (a
 * killed app process, a database connection the pool closed) keep what they used until their last
 * sample, and processes that start during it count from zero.
 */
class CpuMeter {
  private readonly first = new Map<number, number>();
  private last = new Map<number, { comm: string; ticks: number }>();
  private busyFirst = 0;
  private busyLast = 0;
  private interruptsFirst = 0;
  private interruptsLast = 0;
  private timer: NodeJS.Timeout | undefined;
  /** Samples of the watched processes' ticks, for their CPU over a part of the phase. */
  private readonly series: { at: number; ticks: Map<number, number> }[] = [];
  private readonly watched: number[];

  constructor(watched: number[]) {
    this.watched = watched;
  }

  start(): void {
    const snapshot = cpuSnapshot();
    for (const [pid, { ticks }] of snapshot.pids) this.first.set(pid, ticks);
    this.last = new Map(snapshot.pids);
    this.busyFirst = this.busyLast = snapshot.busy;
    this.interruptsFirst = this.interruptsLast = snapshot.interrupts;
    this.record(snapshot);
    this.timer = setInterval(() => this.sample(), 500);
  }

  private record(snapshot: ReturnType<typeof cpuSnapshot>): void {
    const ticks = new Map<number, number>();
    for (const pid of this.watched) {
      const now = snapshot.pids.get(pid);
      if (now) ticks.set(pid, now.ticks);
    }
    this.series.push({ at: nowUs(), ticks });
  }

  sample(): void {
    const snapshot = cpuSnapshot();
    for (const [pid, now] of snapshot.pids) {
      if (!this.first.has(pid)) this.first.set(pid, 0);
      this.last.set(pid, now);
    }
    this.busyLast = snapshot.busy;
    this.interruptsLast = snapshot.interrupts;
    this.record(snapshot);
  }

  stop(): void {
    clearInterval(this.timer);
    this.sample();
  }

  /** CPU seconds of the processes `select` picks. */
  seconds(select: (pid: number, comm: string) => boolean): number {
    let ticks = 0;
    for (const [pid, now] of this.last) if (select(pid, now.comm)) ticks += now.ticks - (this.first.get(pid) ?? now.ticks);
    return ticks / CLOCK_TICKS;
  }

  /** The share of one core a watched process used from the last sample at or before `from` to the first at or after `to` (µs). */
  coreShare(pid: number, from: number, to: number): number {
    const start = this.series.findLast((sample) => sample.at <= from && sample.ticks.has(pid));
    const end =
      this.series.find((sample) => sample.at >= to && sample.ticks.has(pid)) ?? this.series.findLast((sample) => sample.ticks.has(pid));
    if (!start || !end || end.at <= start.at) return Number.NaN;
    return ((end.ticks.get(pid) as number) - (start.ticks.get(pid) as number)) / CLOCK_TICKS / ((end.at - start.at) / 1e6);
  }

  /** Busy CPU seconds of the whole machine (the kernel included). */
  busy(): number {
    return (this.busyLast - this.busyFirst) / CLOCK_TICKS;
  }

  /** CPU seconds in interrupts, mostly the loopback network's packet processing (softirq). */
  interrupts(): number {
    return (this.interruptsLast - this.interruptsFirst) / CLOCK_TICKS;
  }
}

/** Transactions the bench database has committed or rolled back so far (PostgreSQL's statistics, flushed about every second). */
async function transactions(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ count: string }>(
    "select xact_commit + xact_rollback as count from pg_stat_database where datname = current_database()",
  );
  return Number(rows[0]?.count ?? 0);
}

/* ---------------------------------------------------------------- the run */

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

interface Memory {
  before: MemoryReply;
  firstConnected: MemoryReply;
  connected: MemoryReply;
  firstSubscribed: MemoryReply;
  subscribed: MemoryReply;
  /** Clients of this process in the second half, and in all. */
  secondHalf: number;
  connections: number;
}

const FIRST_HALF: Share = [0, 0.5];
const SECOND_HALF: Share = [0.5, 1];

async function main(): Promise<number> {
  const settings = options();
  const adminUrl = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
  const tag = randomBytes(4).toString("hex");
  const database = `bench_realtime_${process.pid}`;
  const servers: AppServer[] = [];
  const workers: ClientWorker[] = [];
  let created = false;

  const cleanup = async () => {
    await Promise.allSettled(workers.map((each) => each.worker.terminate()));
    await Promise.allSettled(servers.map(stop));
    if (created) {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch((error: Error) =>
        console.error(`could not drop ${database}: ${error.message}`),
      );
      created = false;
    }
  };
  const interrupted = (signal: NodeJS.Signals) => {
    log(`${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);

  try {
    ensureBuild();
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect().catch((error: Error) => {
      throw new Error(`Redis at ${redisUrl} is not reachable (${error.message}); set REDIS_URL`);
    });
    await redis.quit();
    await adminQuery(adminUrl, `CREATE DATABASE ${database}`).catch((error: Error) => {
      throw new Error(`could not create ${database} through ${adminUrl} (${error.message}); set BENCH_DATABASE_URL`);
    });
    created = true;
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${database}`;

    const env = {
      DATABASE_URL: databaseUrl.href,
      REDIS_URL: redisUrl,
      AUTH_SECRET: randomBytes(36).toString("base64"),
      NODE_ENV: "production",
      LOG_LEVEL: "error",
      PUBLIC_URL: "",
      SMTP_URL: "",
      MAIL_OUTBOX: "0",
      SETUP_LINK_FILE: "",
      SIGN_UP_LIMIT_PER_HOUR: "10000",
      // 1,015 sign-ups before the measure: at the default hash cost they took seven minutes of a
      // 2-core host; the lowest cost the settings allow makes them seconds (hashing is not measured here).
      PASSWORD_HASH_COST: "14",
      // Every client connects from 127.0.0.1 within seconds: the per-address connection rate is lifted.
      WS_CONNECTIONS_PER_MINUTE_PER_ADDRESS: "0",
      // One sender posts far more than a member may: the chat limit is raised; the API's write bucket
      // (60 a minute per account, no setting) is met by spreading the sends over several accounts.
      CHAT_RATE_MAX: "1000",
      CHAT_RATE_WINDOW_SECONDS: "1",
    };
    // One after the other: the first migrates and loads the demo pack, which two processes starting
    // at once on a new database both try (ensureContent takes no lock).
    for (const name of ["A", "B"]) {
      servers.push(await startServer(name, await freePort(), env));
      log(`process ${name} listening on ${servers.at(-1)?.origin} (pid ${servers.at(-1)?.child.pid})`);
    }

    const senderCount = Math.max(1, Math.ceil((settings.rate * 60) / SENDS_PER_SENDER_PER_MINUTE));
    let stepStart = Date.now();
    const senderCookies = await signUpAll(servers, senderCount, `${tag}-sender`);
    const accountCookies = await signUpAll(servers, settings.accounts, tag);
    const signUpSeconds = (Date.now() - stepStart) / 1000;
    log(`${count(senderCount + settings.accounts)} accounts signed up in ${signUpSeconds.toFixed(1)} s`);

    const specs: ClientSpec[] = Array.from({ length: settings.clients }, (_, index) => ({
      cookie: accountCookies[index % settings.accounts] as string,
      server: index % servers.length,
    }));
    const perServer = servers.map((_, server) => specs.filter((spec) => spec.server === server).length);
    const workerCount = Math.min(settings.workers, settings.clients);
    const workerSpecs = Array.from({ length: workerCount }, (_, index) => specs.filter((_, client) => client % workerCount === index));
    for (const clients of workerSpecs) {
      workers.push(
        startWorker({
          topic: `room:${ROOM}`,
          servers: servers.map((server) => ({ url: `${server.origin.replace(/^http/, "ws")}/ws`, origin: server.origin })),
          clients,
        }),
      );
    }

    // After a pause for the work under way to end, the least of three readings (each after a full collection).
    const memory = async () => {
      await sleep(MEMORY_SETTLE_MS);
      return Promise.all(
        servers.map(async (server) => {
          const readings: MemoryReply[] = [];
          for (let reading = 0; reading < 3; reading += 1) readings.push(await server.probe<MemoryReply>({ type: "memory" }));
          return readings.reduce((least, each) => (each.heapUsed + each.external < least.heapUsed + least.external ? each : least));
        }),
      );
    };
    // Clients connect in two halves, then subscribe in two halves, with the memory read between:
    // per connection is the second half's growth over its count, so that what the first connection
    // or subscription of a process sets up once (the room's feed, caches) is not counted per connection.
    let connectSeconds = 0;
    let subscribeSeconds = 0;
    const connect = async (share: Share) => {
      const start = Date.now();
      const replies = await Promise.all(
        workers.map((each) => each.ask<Extract<WorkerReply, { type: "connected" }>>({ type: "connect", share }, "connected")),
      );
      const failed = replies.flatMap((reply) => reply.failed);
      if (failed.length > 0) throw new Error(`${failed.length} clients could not connect, e.g. ${failed.slice(0, 3).join("; ")}`);
      connectSeconds += (Date.now() - start) / 1000;
    };
    const subscribe = async (share: Share) => {
      const start = Date.now();
      await Promise.all(workers.map((each) => each.ask({ type: "subscribe", share }, "subscribed")));
      subscribeSeconds += (Date.now() - start) / 1000;
    };
    const readings = [await memory()];
    for (const step of [() => connect(FIRST_HALF), () => connect(SECOND_HALF), () => subscribe(FIRST_HALF), () => subscribe(SECOND_HALF)]) {
      await step();
      readings.push(await memory());
    }
    log(`${count(settings.clients)} clients connected in ${connectSeconds.toFixed(1)} s, subscribed in ${subscribeSeconds.toFixed(1)} s`);
    const secondHalf = servers.map(
      (_, server) => workerSpecs.flatMap((list) => shareOf(list, SECOND_HALF)).filter((spec) => spec.server === server).length,
    );
    const memories: Memory[] = servers.map((_, index) => {
      const [before, firstConnected, connected, firstSubscribed, subscribed] = readings.map((each) => each[index] as MemoryReply) as [
        MemoryReply,
        MemoryReply,
        MemoryReply,
        MemoryReply,
        MemoryReply,
      ];
      return {
        before,
        firstConnected,
        connected,
        firstSubscribed,
        subscribed,
        secondHalf: secondHalf[index] as number,
        connections: perServer[index] as number,
      };
    });

    // The send phase.
    await Promise.all([
      ...servers.map((server) => server.probe({ type: "loop-reset" })),
      ...workers.map((each) => each.ask({ type: "loop-reset" }, "loop-reset")),
    ]);
    const stats = new pg.Client({ connectionString: databaseUrl.href });
    await stats.connect();
    const xacts = { start: await transactions(stats), kill: 0, end: 0 };
    const meter = new CpuMeter(servers.map((server) => server.child.pid as number));
    meter.start();
    const benchCpuBefore = process.cpuUsage();
    const total = Math.round(settings.rate * settings.seconds);
    const interval = 1000 / settings.rate;
    const sends: Promise<Sent>[] = [];
    const loops = new Map<AppServer, LoopReply>();
    let killedAt: number | undefined;
    let sentBeforeKill = 0;
    const victim = servers[1] as AppServer;
    log(
      `sending ${count(total)} messages, ${settings.rate} a second${settings.killAt > 0 ? `; kill -9 of ${victim.name} at ${settings.killAt} s` : ""}`,
    );
    const phaseStart = performance.now();
    let killed: Promise<void> = Promise.resolve();
    if (settings.killAt > 0) {
      killed = sleep(settings.killAt * 1000).then(async () => {
        loops.set(victim, await victim.probe<LoopReply>({ type: "loop" }));
        meter.sample();
        xacts.kill = await transactions(stats);
        sentBeforeKill = sends.length;
        victim.alive = false;
        killedAt = nowUs();
        victim.child.kill("SIGKILL");
        log(`kill -9 ${victim.name} (pid ${victim.child.pid})`);
      });
    }
    for (let seq = 0; seq < total; seq += 1) {
      const wait = phaseStart + seq * interval - performance.now();
      if (wait > 0) await sleep(wait);
      sends.push(sendOne(servers, senderCookies[seq % senderCount] as string, seq, tag));
      if (seq > 0 && seq % Math.round(settings.rate * 10) === 0) log(`${count(seq)} sent`);
    }
    await killed;
    const results = await Promise.all(sends);
    const acked = results.filter((sent) => sent.id !== undefined);
    const lastAcked = Math.max(0, ...acked.map((sent) => sent.id as number));
    stepStart = Date.now();
    const drained = await Promise.all(
      workers.map((each) =>
        each.ask<Extract<WorkerReply, { type: "caught-up" }>>(
          { type: "await", lastId: lastAcked, timeoutMs: DRAIN_TIMEOUT_MS },
          "caught-up",
        ),
      ),
    );
    const behind = drained.reduce((sum, reply) => sum + reply.behind, 0);
    log(
      `sending done; every client caught up ${behind ? `except ${behind} (after ${DRAIN_TIMEOUT_MS / 1000} s)` : `${((Date.now() - stepStart) / 1000).toFixed(2)} s after the last answer`}`,
    );
    const phaseSeconds = (performance.now() - phaseStart) / 1000;
    for (const server of servers) if (server.alive) loops.set(server, await server.probe<LoopReply>({ type: "loop" }));
    meter.stop();
    const benchCpu = process.cpuUsage(benchCpuBefore);
    // PostgreSQL publishes a backend's counts about every second: wait for them.
    await sleep(1_500);
    xacts.end = await transactions(stats);
    await stats.end();

    const outcomes = await Promise.all(
      workers.map((each) => each.ask<WorkerResult>({ type: "finish", acked: acked.map((sent) => sent.id as number) }, "result")),
    );

    return report({
      settings,
      servers,
      memories,
      results,
      outcomes,
      killedAt,
      phaseSeconds,
      signUpSeconds,
      loops,
      cpu: {
        servers: servers.map((server) => meter.seconds((pid) => pid === server.child.pid)),
        postgres: meter.seconds((_, comm) => comm === "postgres"),
        redis: meter.seconds((_, comm) => comm.startsWith("redis")),
        bench: (benchCpu.user + benchCpu.system) / 1e6,
        busy: meter.busy(),
        interrupts: meter.interrupts(),
      },
      xacts,
      coreShare: (pid, from, to) => meter.coreShare(pid, from, to),
      sentBeforeKill,
      senderCount,
      perServer,
      workerCount,
    });
  } catch (error) {
    console.error(`\nbench:realtime could not measure: ${(error as Error).stack ?? error}`);
    for (const server of servers) if (server.errors.length) console.error(`${server.name} logged:\n${server.errors.join("\n")}`);
    return 2;
  } finally {
    await cleanup();
  }
}

/* ---------------------------------------------------------------- the report */

interface Report {
  settings: Options;
  servers: AppServer[];
  memories: Memory[];
  results: Sent[];
  outcomes: WorkerResult[];
  killedAt: number | undefined;
  phaseSeconds: number;
  signUpSeconds: number;
  loops: Map<AppServer, LoopReply>;
  cpu: { servers: number[]; postgres: number; redis: number; bench: number; busy: number; interrupts: number };
  xacts: { start: number; kill: number; end: number };
  coreShare: (pid: number, from: number, to: number) => number;
  sentBeforeKill: number;
  senderCount: number;
  perServer: number[];
  workerCount: number;
}

function concat(arrays: Float64Array[]): Float64Array {
  const all = new Float64Array(arrays.reduce((sum, each) => sum + each.length, 0));
  let offset = 0;
  for (const each of arrays) {
    all.set(each, offset);
    offset += each.length;
  }
  return all;
}

function report(r: Report): number {
  const { settings, outcomes } = r;
  const acked = r.results.filter((sent) => sent.id !== undefined);
  const unanswered = r.results.filter((sent) => sent.id === undefined);
  const retried = acked.filter((sent) => sent.attempts > 1);
  const reconnects: Reconnect[] = outcomes.flatMap((each) => each.reconnects);
  const unexpected = r.killedAt === undefined ? reconnects : reconnects.filter((each) => each.closedAt < (r.killedAt as number));
  const resumed = r.killedAt === undefined ? [] : reconnects.filter((each) => each.closedAt >= (r.killedAt as number));
  const windowEnd = resumed.length ? Math.max(...resumed.map((each) => each.subscribedAt)) : r.killedAt;

  // Live deliveries, split by the send time: inside the failover window (from the kill to the last
  // client's resumed subscription) or outside it.
  // Outside it, each delivery's time after the sender had its answer: what the fan-out adds to the write.
  const ackBySeq = new Map(r.results.map((sent) => [sent.seq, sent.ackMs]));
  const steady: number[] = [];
  const afterAck: number[] = [];
  const failover: number[] = [];
  const perClient = new Map<number, number[]>();
  for (const [worker, outcome] of outcomes.entries()) {
    for (let index = 0; index < outcome.liveLatency.length; index += 1) {
      const sentAt = outcome.liveSentAt[index] as number;
      const latency = outcome.liveLatency[index] as number;
      const inWindow = r.killedAt !== undefined && windowEnd !== undefined && sentAt >= r.killedAt && sentAt <= windowEnd;
      (inWindow ? failover : steady).push(latency);
      if (!inWindow) {
        const client = (outcome.liveClient[index] as number) * r.workerCount + worker;
        const list = perClient.get(client) ?? [];
        perClient.set(client, list);
        list.push(latency);
      }
      const ack = ackBySeq.get(outcome.liveSeq[index] as number);
      if (!inWindow && ack !== undefined) afterAck.push(latency - ack);
    }
  }
  const steadySpread = spread(steady);
  const allLive = spread(concat(outcomes.map((each) => each.liveLatency)));
  const failoverSpread = spread(failover);
  const replay = spread(concat(outcomes.map((each) => each.replayLatency)));
  const subscribeSpread = spread(concat(outcomes.map((each) => each.subscribeLatency)));
  const lost = outcomes.flatMap((each) => [...each.lost]);
  const duplicated = outcomes.flatMap((each) => [...each.duplicated]);
  const clientP99 = spread([...perClient.values()].map((each) => spread(each).p99));
  const totalLost = lost.reduce((sum, each) => sum + each, 0);
  const totalDuplicated = duplicated.reduce((sum, each) => sum + each, 0);
  const errors = outcomes.flatMap((each) => each.errors);
  const outOfOrder = outcomes.reduce((sum, each) => sum + each.outOfOrder, 0);
  const unacknowledged = outcomes.reduce((sum, each) => sum + each.unacknowledged, 0);
  const reconnectMs = spread(resumed.map((each) => (each.subscribedAt - each.closedAt) / 1000));
  const backoffMs = spread(resumed.map((each) => each.waitedMs));
  const resumeMs = spread(resumed.map((each) => (each.subscribedAt - each.closedAt) / 1000 - each.waitedMs));
  const ackMs = spread(acked.map((sent) => sent.ackMs as number));

  // The second half's growth per connection (or subscription), averaged over the processes.
  const slope = (field: (memory: MemoryReply) => number, from: keyof Memory, to: keyof Memory) => {
    const each = r.memories.map((memory) => (field(memory[to] as MemoryReply) - field(memory[from] as MemoryReply)) / memory.secondHalf);
    return each.reduce((sum, value) => sum + value, 0) / each.length;
  };
  const fromZero = (field: (memory: MemoryReply) => number) => {
    const each = r.memories.map((memory) => (field(memory.connected) - field(memory.before)) / memory.connections);
    return each.reduce((sum, value) => sum + value, 0) / each.length;
  };
  const js = (memory: MemoryReply) => memory.heapUsed + memory.external;
  const rss = (memory: MemoryReply) => memory.rss;

  const p99Pass = steadySpread.count > 0 && steadySpread.p99 <= LATENCY_P99_BUDGET_MS;
  const lostPass = totalLost === 0 && unanswered.length === 0;
  const duplicatedPass = totalDuplicated === 0;
  const protocolPass = errors.length === 0 && outOfOrder === 0 && unexpected.length === 0;
  const killed = r.killedAt !== undefined;
  /** Kill → the last client's `subscribed` on the other process (µs, as every time here). */
  const failoverUs = killed ? (windowEnd ?? Number.POSITIVE_INFINITY) - (r.killedAt as number) : 0;
  const failoverPass = !killed || (resumed.length === (r.perServer[1] ?? 0) && failoverUs <= FAILOVER_BUDGET_MS * 1000);
  const rows: Row[] = [
    {
      measure: `delivery latency p50 / p95 / p99${killed ? ", outside failover" : ""}`,
      value: spreadText(steadySpread),
      budget: `p99 ≤ ${LATENCY_P99_BUDGET_MS} ms`,
      pass: p99Pass,
    },
    { measure: "  deliveries measured", value: count(steadySpread.count) },
    { measure: "  p99 per client: median / worst client", value: `${ms(clientP99.p50)} / ${ms(clientP99.max)}` },
  ];
  if (killed) {
    rows.push(
      { measure: "delivery latency, all live deliveries", value: spreadText(allLive) },
      {
        measure: "delivery latency, sent during failover",
        value: `${spreadText(failoverSpread)}, ${count(failoverSpread.count)} deliveries`,
      },
      { measure: "replayed on resume (before `subscribed`)", value: `${count(replay.count)} deliveries, ${spreadText(replay)}` },
    );
  }
  rows.push(
    {
      measure: "subscribe → subscribed p50 / p95 / p99",
      value: `${spreadText(subscribeSpread)}, ${count(subscribeSpread.count)} subscribes`,
    },
    {
      measure: "messages acknowledged (201)",
      value: `${count(acked.length)} of ${count(r.results.length)}${retried.length ? `, ${retried.length} after a retry on the other process` : ""}`,
    },
    {
      measure: "lost: acknowledged, never received",
      value: `${count(totalLost)} (${count(lost.filter((each) => each > 0).length)} clients)${unanswered.length ? `; ${unanswered.length} sends never acknowledged: ${unanswered[0]?.failure}` : ""}`,
      budget: "0",
      pass: lostPass,
    },
    {
      measure: "duplicated: received twice",
      value: `${count(totalDuplicated)} (${count(duplicated.filter((each) => each > 0).length)} clients)`,
      budget: "0",
      pass: duplicatedPass,
    },
    {
      measure: "protocol: errors, out of order, unexpected drops",
      value: `${errors.length}, ${outOfOrder}, ${unexpected.length}${errors.length ? ` (${errors[0]})` : ""}`,
      budget: "0, 0, 0",
      pass: protocolPass,
    },
    { measure: "received but never acknowledged", value: count(unacknowledged) },
  );
  if (killed) {
    rows.push(
      { measure: "clients resumed on the other process", value: `${count(resumed.length)} of ${count(r.perServer[1] ?? 0)}` },
      { measure: "reconnect: close → subscribed p50/p95/p99", value: spreadText(reconnectMs) },
      { measure: "  of which backoff (the browser's 0.25–0.75 s)", value: spreadText(backoffMs) },
      { measure: "  of which connect + resume", value: spreadText(resumeMs) },
      {
        measure: "failover: kill → last client resumed",
        value: ms(failoverUs / 1000),
        budget: `≤ ${ms(FAILOVER_BUDGET_MS)}, all`,
        pass: failoverPass,
      },
    );
  }
  rows.push(
    { measure: "ack latency: POST → 201 p50/p95/p99", value: spreadText(ackMs) },
    { measure: "delivery − ack of its message p50/p95/p99", value: spreadText(spread(afterAck)) },
    {
      measure: "memory per idle connection, authenticated",
      value: `heap+external ${bytes(slope(js, "firstConnected", "connected"))}, RSS ${bytes(slope(rss, "firstConnected", "connected"))} (from none: ${bytes(fromZero(js))}, ${bytes(fromZero(rss))})`,
    },
    {
      measure: "  a subscription to the room adds",
      value: `heap+external ${bytes(slope(js, "firstSubscribed", "subscribed"))}, RSS ${bytes(slope(rss, "firstSubscribed", "subscribed"))}`,
    },
  );

  const coreSeconds = r.phaseSeconds * availableParallelism();
  const share = (seconds: number) => `${seconds.toFixed(1)} s (${((seconds / coreSeconds) * 100).toFixed(0)} %)`;
  const serverCpu = r.servers.map((server, index) => {
    const loop = r.loops.get(server);
    const until = server.alive ? "" : " until killed";
    return `${server.name}${until} ${share(r.cpu.servers[index] ?? 0)}, loop delay p99 ${loop ? ms(loop.delay.p99) : "–"}, busy ${loop ? (loop.utilization * 100).toFixed(0) : "–"} %`;
  });
  const known = r.cpu.servers.reduce((sum, each) => sum + each, 0) + r.cpu.postgres + r.cpu.redis + r.cpu.bench;
  const rest = Math.max(0, r.cpu.busy - known - r.cpu.interrupts);
  const steadySends = killed ? r.sentBeforeKill : r.results.length;
  const steadyXacts = (killed ? r.xacts.kill : r.xacts.end) - r.xacts.start;
  const perMessage = steadySends ? steadyXacts / steadySends : Number.NaN;
  const stormXacts = r.xacts.end - r.xacts.kill - perMessage * (r.results.length - r.sentBeforeKill);
  const database = `PostgreSQL transactions: ${count(r.xacts.end - r.xacts.start)} in the send phase, ${perMessage.toFixed(1)} per message sent${killed ? " before the kill" : ""}${
    killed && resumed.length
      ? `; the failover added about ${count(Math.round(stormXacts))} (${(stormXacts / resumed.length).toFixed(1)} per resumed client)`
      : ""
  }`;
  const survivor = r.servers.find((server) => server.alive);
  const failoverLoad =
    killed && survivor && windowEnd !== undefined
      ? `\n  during the failover (${ms((windowEnd - (r.killedAt as number)) / 1000)}), ${survivor.name} used ${(r.coreShare(survivor.child.pid as number, r.killedAt as number, windowEnd) * 100).toFixed(0)} % of a core (its one event loop serves every resume)`
      : "";
  const workerLoops = outcomes.map((each) => `p99 ${ms(each.loop.delayP99)} busy ${(each.loop.utilization * 100).toFixed(0)} %`).join("; ");

  console.log(`
Realtime bench: ${count(settings.clients)} clients (${r.perServer.map((each, index) => `${each} on ${r.servers[index]?.name}`).join(", ")}; ${count(settings.accounts)} accounts) in ${r.workerCount} worker threads,
2 app processes on PostgreSQL with Redis fan-out, one room, ${settings.rate} messages/s for ${settings.seconds} s from ${r.senderCount} sender accounts${killed ? `, kill -9 of ${r.servers[1]?.name} at ${settings.killAt} s` : ""}.
Host: ${availableParallelism()} cores, load average ${loadavg()
    .map((each) => each.toFixed(2))
    .join(" ")}. Latency: the sender's send time → the client's receipt (one monotonic clock).

${table(rows)}

Where the CPU went during the send phase (${r.phaseSeconds.toFixed(1)} s × ${availableParallelism()} cores = ${coreSeconds.toFixed(0)} core-seconds):
  app processes: ${serverCpu.join("; ")}${failoverLoad}
  PostgreSQL ${share(r.cpu.postgres)}, Redis ${share(r.cpu.redis)}, this bench (sender + ${r.workerCount} client threads) ${share(r.cpu.bench)}
  client threads' event loops: ${workerLoops}
  the kernel's interrupts (loopback network) ${share(r.cpu.interrupts)}; other processes ${share(rest)}; idle ${share(Math.max(0, coreSeconds - r.cpu.busy))}
  ${database}
`);
  if (rest > coreSeconds * BUSY_HOST_SHARE) {
    console.log(
      `NOTE: other work took ${((rest / coreSeconds) * 100).toFixed(0)} % of the host's CPU during the send phase: the latencies above suffer from it (compare with a run on a quiet host).\n`,
    );
  }
  for (const server of r.servers) if (server.errors.length) console.log(`${server.name} logged errors:\n${server.errors.join("\n")}\n`);

  const pass = p99Pass && lostPass && duplicatedPass && protocolPass && failoverPass;
  console.log(
    pass
      ? `PASS: p99 ${ms(steadySpread.p99)} ≤ ${LATENCY_P99_BUDGET_MS} ms, 0 lost, 0 duplicated${killed ? ` through a kill -9 (failover ${ms(failoverUs / 1000)} ≤ ${ms(FAILOVER_BUDGET_MS)})` : ""}`
      : `FAIL: ${[!p99Pass && `p99 ${ms(steadySpread.p99)} > ${LATENCY_P99_BUDGET_MS} ms`, !lostPass && `${totalLost + unanswered.length} lost`, !duplicatedPass && `${totalDuplicated} duplicated`, !protocolPass && "protocol errors", !failoverPass && `failover ${ms(failoverUs / 1000)} > ${ms(FAILOVER_BUDGET_MS)} or not every client resumed`].filter(Boolean).join(", ")}`,
  );
  return pass ? 0 : 1;
}

process.exitCode = await main();
