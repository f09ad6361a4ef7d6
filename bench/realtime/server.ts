/**
 * One app server of the realtime bench: the production build, started as `npm start` starts it
 * (`build/server/index.js`'s `start()`, configured by the environment: PORT, DATABASE_URL,
 * REDIS_URL…), plus a probe the bench reads over the IPC channel: memory after a full collection
 * (run with `--expose-gc`), the event loop's delay, and the process's CPU time.
 *
 * Spawned by scripts/bench-realtime.ts (`node --expose-gc bench/realtime/server.ts`, with IPC).
 */
import { resolve } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

export type ProbeRequest = { type: "memory" } | { type: "loop-reset" } | { type: "loop" };

export interface MemoryReply {
  type: "memory";
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

export interface LoopReply {
  type: "loop";
  /** Event-loop delay since the last reset, ms. */
  delay: { p50: number; p99: number; max: number };
  /** Share of the time the loop was busy since the last reset (0–1). */
  utilization: number;
  /** CPU time of the process since the last reset, ms. */
  cpuMs: number;
}

export type ProbeReply = MemoryReply | LoopReply | { type: "loop-reset" } | { type: "ready" };

const app = (await import(pathToFileURL(resolve("build/server/index.js")).href)) as { start: () => Promise<unknown> };
await app.start();

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
let since = { elu: performance.eventLoopUtilization(), cpu: process.cpuUsage() };

const collect = (globalThis as { gc?: () => void }).gc;
const reply = (message: ProbeReply) => process.send?.(message);

process.on("message", (request: ProbeRequest) => {
  switch (request.type) {
    case "memory": {
      // Twice: the first collection may leave what finalizers free for the second.
      collect?.();
      collect?.();
      const usage = process.memoryUsage();
      reply({ type: "memory", rss: usage.rss, heapUsed: usage.heapUsed, external: usage.external, arrayBuffers: usage.arrayBuffers });
      break;
    }
    case "loop-reset":
      delay.reset();
      since = { elu: performance.eventLoopUtilization(), cpu: process.cpuUsage() };
      reply({ type: "loop-reset" });
      break;
    case "loop": {
      const cpu = process.cpuUsage(since.cpu);
      reply({
        type: "loop",
        delay: { p50: delay.percentile(50) / 1e6, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 },
        utilization: performance.eventLoopUtilization(since.elu).utilization,
        cpuMs: (cpu.user + cpu.system) / 1000,
      });
      break;
    }
  }
});
reply({ type: "ready" });
