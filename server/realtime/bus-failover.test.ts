import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../testing.ts";
import { failoverBus, postgresBus, type Bus } from "./bus.ts";
import { interruptibleProxy } from "../../db/testing.ts";

const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** A Redis of the test's own, which it stops and starts again on the same port (as an outage would). */
function ownRedis(port: number) {
  let child: ChildProcess | undefined;
  return {
    async start() {
      child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "pipe" });
      await new Promise<void>((ready, fail) => {
        child?.stdout?.on("data", (data: Buffer) => {
          if (String(data).includes("Ready to accept connections")) ready();
        });
        child?.once("exit", (code) => fail(new Error(`redis-server exited with ${code}`)));
      });
    },
    async stop() {
      const stopping = child;
      child = undefined;
      if (!stopping || stopping.exitCode !== null) return;
      await new Promise((done) => {
        stopping.once("exit", done);
        stopping.kill("SIGKILL");
      });
    },
  };
}

/** Two processes' buses on one channel: what each receives, in order. */
describe.runIf(hasRedisServer && process.env.TEST_DATABASE_URL)("the failover bus (Redis, and NOTIFY when Redis is away)", () => {
  const redis = { server: undefined as ReturnType<typeof ownRedis> | undefined, url: "" };
  const channel = `failover_${randomUUID().replaceAll("-", "")}`;
  let a: Bus;
  let b: Bus;
  let c: Bus | undefined;
  const heardByC: string[] = [];
  const heardByB: string[] = [];
  const heardByA: string[] = [];
  let gapsOfB = 0;

  beforeAll(async () => {
    const port = await freePort();
    redis.server = ownRedis(port);
    redis.url = `redis://127.0.0.1:${port}`;
    await redis.server.start();
    const database = process.env.TEST_DATABASE_URL ?? "";
    a = failoverBus(redis.url, postgresBus(database, silentLogger, channel), silentLogger, channel);
    b = failoverBus(redis.url, postgresBus(database, silentLogger, channel), silentLogger, channel);
    await a.subscribe((payload) => heardByA.push(payload));
    await b.subscribe((payload) => heardByB.push(payload));
    b.onGap(() => (gapsOfB += 1));
  });
  afterAll(async () => {
    await Promise.allSettled([a?.close(), b?.close(), c?.close()]);
    await redis.server?.stop();
  });

  /** Publishes on A until B has heard `text` (a bus is not a queue: what is published while B's subscription is being made is not kept). */
  const arrives = async (text: string) => {
    await a.publish(text);
    await expect.poll(() => heardByB.includes(text), { timeout: 10_000 }).toBe(true);
  };

  it("carries events through Redis while it answers, each once", async () => {
    expect(a.health()).toEqual({ transport: "redis", degraded: [] });
    await arrives("through redis");
    // A's own event reaches A too (the hub drops its own), once.
    await expect.poll(() => heardByA.filter((each) => each === "through redis").length).toBe(1);
    expect(heardByB.filter((each) => each === "through redis")).toHaveLength(1);
  });

  it("goes through NOTIFY at once when Redis stops, says so, and reports a gap", async () => {
    const gapsBefore = gapsOfB;
    await redis.server?.stop();
    // Published as Redis goes away, before this process has noticed: it still arrives.
    await a.publish("as redis stops");
    await expect.poll(() => heardByB.filter((each) => each === "as redis stops").length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => a.health(), { timeout: 10_000 }).toEqual({ transport: "notify", degraded: ["redis"] });
    await expect.poll(() => b.health(), { timeout: 10_000 }).toEqual({ transport: "notify", degraded: ["redis"] });
    expect(gapsOfB).toBeGreaterThan(gapsBefore);
    // A process that starts now, while Redis is away, hears the others through NOTIFY meanwhile.
    c = failoverBus(redis.url, postgresBus(process.env.TEST_DATABASE_URL ?? "", silentLogger, channel), silentLogger, channel);
    await c.subscribe((payload) => heardByC.push(payload));
    expect(c.health()).toEqual({ transport: "notify", degraded: ["redis"] });
    for (let index = 0; index < 20; index += 1) await a.publish(`while away ${index}`);
    await expect.poll(() => heardByC.filter((each) => each.startsWith("while away")).length, { timeout: 10_000 }).toBe(20);
    await expect.poll(() => heardByB.filter((each) => each.startsWith("while away")).length, { timeout: 10_000 }).toBe(20);
    // In the order sent, none twice.
    expect(heardByB.filter((each) => each.startsWith("while away"))).toEqual(
      Array.from({ length: 20 }, (_, index) => `while away ${index}`),
    );
  });

  it("uses Redis again once it is back, and nothing arrives twice while both ways are used", async () => {
    await redis.server?.start();
    await expect.poll(() => a.health(), { timeout: 15_000 }).toEqual({ transport: "redis", degraded: [] });
    await expect.poll(() => b.health(), { timeout: 15_000 }).toEqual({ transport: "redis", degraded: [] });
    // Just back: events go both ways for a few seconds (while the others subscribe again); each arrives once.
    for (let index = 0; index < 20; index += 1) await a.publish(`back ${index}`);
    await expect.poll(() => heardByB.filter((each) => each.startsWith("back")).length, { timeout: 10_000 }).toBe(20);
    await new Promise((done) => setTimeout(done, 500));
    expect(heardByB.filter((each) => each.startsWith("back"))).toHaveLength(20);
    expect(new Set(heardByB).size).toBe(heardByB.length);
    // The process that started while Redis was away subscribed once it came: past the both-ways
    // window, events reach it through Redis alone.
    await expect.poll(() => c?.health(), { timeout: 15_000 }).toEqual({ transport: "redis", degraded: [] });
    await new Promise((done) => setTimeout(done, 6_500));
    await a.publish("through redis alone");
    await expect.poll(() => heardByC.filter((each) => each === "through redis alone").length, { timeout: 10_000 }).toBe(1);
    expect(new Set(heardByC).size).toBe(heardByC.length);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("the NOTIFY bus after its connection is cut", () => {
  it("listens again on one connection: each event arrives once, and readiness saw it away", async () => {
    const relay = await interruptibleProxy(process.env.TEST_DATABASE_URL ?? "");
    const channel = `cut_${randomUUID().replaceAll("-", "")}`;
    const listener = postgresBus(relay.url, silentLogger, channel);
    const sender = postgresBus(process.env.TEST_DATABASE_URL ?? "", silentLogger, channel);
    const heard: string[] = [];
    try {
      await listener.subscribe((payload) => heard.push(payload));
      await relay.cut();
      await expect.poll(() => listener.health().degraded).toEqual(["notify"]);
      await relay.restore();
      // A publish on the listening bus itself while it reconnects, as a process's own events would.
      await listener.publish("during").catch(() => undefined);
      await expect.poll(() => listener.health().degraded, { timeout: 15_000 }).toEqual([]);
      await new Promise((done) => setTimeout(done, 2_500));
      await sender.publish("after");
      await expect.poll(() => heard.filter((each) => each === "after").length, { timeout: 10_000 }).toBe(1);
      await new Promise((done) => setTimeout(done, 300));
      expect(heard.filter((each) => each === "after")).toHaveLength(1);
    } finally {
      await Promise.allSettled([listener.close(), sender.close()]);
      await relay.close();
    }
  });
});
