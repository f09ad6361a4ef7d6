/**
 * Two real server processes on one PostgreSQL database: a message sent through one reaches a `/ws`
 * client of the other, through Redis pub/sub (when `REDIS_URL` is set) and through PostgreSQL
 * `LISTEN/NOTIFY`. Runs only with `TEST_DATABASE_URL`.
 *
 * Each process runs `boot()` from server/boot.ts, as `npm start` does (configuration, migrations,
 * the API, `/ws`, the bus chosen from the environment), with no pages: the production build is not
 * needed, and a process is up in about a second. Nothing waits a fixed time: the test waits for a
 * process's "listening" line, a socket's `subscribed` frame, a message's frame.
 */
import { stop } from "../../scripts/bench-servers.ts";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import type { ServerFrame } from "../../universal/realtime/protocol.ts";

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const HOST = "127.0.0.1";
const WAIT_MS = 30_000;
const ROOM = "global-vi";
/** The project's Node (24, the `node` devDependency); bare `node` on PATH may be older. */
const NODE = existsSync(resolve("node_modules/.bin/node")) ? resolve("node_modules/.bin/node") : process.execPath;
const BOOT = `
const { boot } = await import(${JSON.stringify(pathToFileURL(resolve("server/boot.ts")).href)});
await boot({ build: () => Promise.reject(new Error("this process serves the API and /ws only")) });
`;

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, HOST);
  await once(probe, "listening");
  const address = probe.address();
  await new Promise((done) => probe.close(done));
  if (address === null || typeof address === "string") throw new Error("no free port");
  return address.port;
}

interface AppProcess {
  child: ChildProcess;
  origin: string;
  output: () => string;
}

/** Starts one server process and resolves once it logs that it listens. */
async function startProcess(env: Record<string, string>): Promise<AppProcess> {
  const port = await freePort();
  const child = spawn(NODE, ["--input-type=module", "-e", BOOT], {
    env: { ...process.env, ...env, PORT: String(port), HOST, NODE_ENV: "production", LOG_LEVEL: "info", PUBLIC_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let pending = "";
  const started = new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no "listening" within ${WAIT_MS} ms:\n${output}`)), WAIT_MS);
    child.stdout?.on("data", (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8_000);
      pending += chunk.toString();
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        if (!line.startsWith("{")) continue;
        if ((JSON.parse(line) as { msg?: string }).msg === "listening") {
          clearTimeout(timer);
          done();
        }
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8_000)));
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`the server exited during startup (${code ?? signal}):\n${output}`));
    });
  });
  await started;
  return { child, origin: `http://${HOST}:${port}`, output: () => output };
}

/** A `/ws` client that keeps every frame and can wait for one. */
class Client {
  readonly frames: ServerFrame[] = [];
  private readonly socket: WebSocket;
  private waiters: { match: (frame: ServerFrame) => boolean; done: (frame: ServerFrame) => void }[] = [];

  constructor(origin: string, cookie: string) {
    this.socket = new WebSocket(`${origin.replace(/^http/, "ws")}/ws`, { headers: { Origin: origin, Cookie: cookie } });
    this.ended = new Promise((done) => this.socket.once("close", (code, reason) => done({ code, reason: String(reason), at: Date.now() })));
    this.socket.on("message", (data) => {
      const frame = JSON.parse(String(data)) as ServerFrame;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((waiter) => !(waiter.match(frame) && (waiter.done(frame), true)));
    });
  }

  /** The close code and reason, and when it came (ms). */
  readonly ended: Promise<{ code: number; reason: string; at: number }>;

  async open(): Promise<void> {
    await new Promise<void>((done, fail) => this.socket.once("open", () => done()).once("error", fail));
  }

  waitFor(match: (frame: ServerFrame) => boolean, what: string): Promise<ServerFrame> {
    const seen = this.frames.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`no ${what} within ${WAIT_MS} ms; frames: ${JSON.stringify(this.frames)}`)), WAIT_MS);
      this.waiters.push({
        match,
        done: (frame) => {
          clearTimeout(timer);
          done(frame);
        },
      });
    });
  }

  async subscribe(topic: string): Promise<void> {
    this.socket.send(JSON.stringify({ type: "subscribe", topic }));
    await this.waitFor((frame) => frame.type === "subscribed" && frame.topic === topic, `"subscribed" on ${topic}`);
  }

  messageIds(): number[] {
    return this.frames.flatMap((frame) => (frame.type === "message" ? [frame.id] : []));
  }

  close(): void {
    this.socket.terminate();
  }
}

async function post(origin: string, path: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${origin}${path}`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
}

async function signUp(origin: string): Promise<string> {
  const response = await post(origin, "/api/auth/sign-up/email", {
    email: `two-process-${randomUUID()}@example.vn`,
    password: "mat-khau-that-dai",
    name: "Hai Tiến Trình",
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function send(origin: string, cookie: string, text: string): Promise<number> {
  const response = await post(origin, `/api/chat/rooms/${ROOM}/messages`, { text, clientId: randomUUID() }, cookie);
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

const buses: [string, string | undefined][] = [
  ["Redis pub/sub", redisUrl],
  ["PostgreSQL LISTEN/NOTIFY", ""],
];

describe.skipIf(!databaseUrl).each(buses)("two server processes on one PostgreSQL database, through %s", (_name, busUrl) => {
  const skip = busUrl === undefined;
  const name = `mt_test_${randomBytes(6).toString("hex")}`;
  const processes: AppProcess[] = [];
  const clients: Client[] = [];

  beforeAll(async () => {
    if (skip) return;
    await adminQuery(`CREATE DATABASE ${name}`);
    const url = new URL(databaseUrl ?? "");
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.href, REDIS_URL: busUrl ?? "", AUTH_SECRET: randomBytes(36).toString("base64") };
    // One after the other: the first migrates and loads the demo pack. (Started at once on a new
    // database, both load the pack and one exits on a duplicate key: ensureContent takes no lock.)
    processes.push(await startProcess(env));
    processes.push(await startProcess(env));
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await Promise.all(processes.map(stop));
    if (!skip) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it.skipIf(skip)("a message sent through either process reaches a socket of the other, once, in order", async () => {
    const [a, b] = processes as [AppProcess, AppProcess];
    const cookie = await signUp(a.origin);
    const onA = new Client(a.origin, cookie);
    const onB = new Client(b.origin, cookie);
    clients.push(onA, onB);
    await Promise.all([onA.open(), onB.open()]);
    await Promise.all([onA.subscribe(`room:${ROOM}`), onB.subscribe(`room:${ROOM}`)]);

    const first = await send(a.origin, cookie, `qua A ${randomUUID()}`);
    await onB.waitFor((frame) => frame.type === "message" && frame.id === first, `message ${first} on B`);
    const second = await send(b.origin, cookie, `qua B ${randomUUID()}`);
    await onA.waitFor((frame) => frame.type === "message" && frame.id === second, `message ${second} on A`);
    await onB.waitFor((frame) => frame.type === "message" && frame.id === second, `message ${second} on B`);

    // Each socket's stream is ordered: had the first come twice, the copy would be before the second.
    expect(onA.messageIds()).toEqual([first, second]);
    expect(onB.messageIds()).toEqual([first, second]);
  });

  it.skipIf(skip)("a sign-out through one process closes the session's socket on the other within 2 s (4401)", async () => {
    const [a, b] = processes as [AppProcess, AppProcess];
    const cookie = await signUp(a.origin);
    const onB = new Client(b.origin, cookie);
    clients.push(onB);
    await onB.open();
    await onB.subscribe(`room:${ROOM}`);
    expect((await post(a.origin, "/api/auth/sign-out", {}, cookie)).status).toBe(200);
    // Within 2 s of the answer (the close may even come first).
    const since = Date.now();
    const ended = await onB.ended;
    expect(ended).toMatchObject({ code: 4401, reason: "signed-out" });
    expect(ended.at - since).toBeLessThan(2_000);
  });
});
