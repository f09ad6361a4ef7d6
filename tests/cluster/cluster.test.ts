/**
 * `npm run test:cluster`: two app processes behind nginx on a new PostgreSQL database and a Redis of
 * their own (tests/cluster/cluster.ts), and what players see when a part goes away: Redis stopped,
 * the database's connections ended, one process killed. Needs TEST_DATABASE_URL, nginx and
 * redis-server; the production build is made first when it is stale.
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import type { ServerFrame } from "../../universal/realtime/protocol.ts";
import { ensureBuild } from "../../scripts/ensure-build.ts";
import { METRICS_TOKEN, startCluster, type Cluster } from "./cluster.ts";

const ROOM = "global-vi";
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

  it("keeps chat going between the processes through NOTIFY while Redis is away, and uses Redis again once it is back", async () => {
    const [a, b] = cluster.apps as [(typeof cluster.apps)[0], (typeof cluster.apps)[0]];
    const onB = new RoomClient(`${b.origin.replace(/^http/, "ws")}/ws`, cookie);
    await onB.connect();
    try {
      await onB.received(await send(a.origin, cluster.origin, cookie, "trước khi Redis dừng"));
      await cluster.stopRedis();
      await expect
        .poll(async () => (await readiness(a.origin)).body, { timeout: 15_000 })
        .toMatchObject({ status: "degraded", bus: "notify" });
      expect((await fetch(`${cluster.origin}/class`)).status).toBe(200);
      const away = await send(a.origin, cluster.origin, cookie, "khi Redis vắng mặt");
      await onB.received(away);
      await cluster.startRedis();
      await expect.poll(async () => (await readiness(a.origin)).body, { timeout: 20_000 }).toMatchObject({ status: "ready", bus: "redis" });
      await expect.poll(async () => (await readiness(b.origin)).body, { timeout: 20_000 }).toMatchObject({ status: "ready", bus: "redis" });
      const back = await send(a.origin, cluster.origin, cookie, "Redis đã trở lại");
      await onB.received(back);
      await new Promise((done) => setTimeout(done, 500));
      expect(onB.ids.filter((id) => id === away || id === back)).toHaveLength(2);
    } finally {
      onB.close();
    }
  });

  it("answers 503 while the database's connections are ended, then ready again without a restart", async () => {
    const ended = await cluster.endDatabaseConnections();
    expect(ended).toBeGreaterThan(0);
    await expect.poll(async () => (await readiness(cluster.origin)).status, { timeout: 10_000 }).toBe(200);
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
    await cluster.stopApp(0, "SIGKILL");
    await closed;
    // Sent while the client is away: acknowledged by the process still up (nginx skips the dead one).
    const missed = [];
    for (let index = 0; index < 3; index += 1) missed.push(await send(cluster.origin, cluster.origin, cookie, `khi vắng ${index}`));
    const again = new RoomClient(`${cluster.origin.replace(/^http/, "ws")}/ws`, cookie);
    await again.connect(before);
    try {
      for (const id of missed) await again.received(id);
      expect(again.ids).toEqual(missed);
    } finally {
      again.close();
      await cluster.startApp(0);
    }
  });
});
