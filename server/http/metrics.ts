/**
 * `/metrics` in the OpenMetrics text format (prom-client), for Prometheus or any scraper: requests
 * by route (rate and latency), the render cache's hits and misses, WebSocket connections and
 * subscriptions, how realtime events cross processes (and their lag), the database pool, and the
 * process itself (CPU, memory, event-loop delay). Behind `METRICS_TOKEN`; labels are bounded (a
 * route is the API route's pattern, a page's path from the route table, or `other`).
 */
import { timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, openMetricsContentType } from "prom-client";
import { pages } from "../../universal/routing/route-table.ts";
import type { DatabaseConnection } from "../../db/client.ts";
import type { RealtimeHub } from "../realtime/hub.ts";

export interface SocketGauges {
  readonly size: number;
  readonly subscriptionCount: number;
}

export interface Metrics {
  registry: Registry<typeof openMetricsContentType>;
  /** Counts and times every request (mount before the routes). */
  middleware: MiddlewareHandler;
  /** The sockets of this process, once they are attached to the HTTP server. */
  watchSockets(sockets: SocketGauges): void;
}

const pagePaths = new Set(pages.map((page) => page.path));

/** A bounded label for a request: the API route's pattern, a known page's path, or what kind of file it is. */
export function routeLabel(c: Context): string {
  const { path } = c.req;
  const pattern = c.req.routePath;
  if (path.startsWith("/api/")) return pattern === "/*" || pattern === "*" ? "/api/other" : pattern;
  if (pagePaths.has(path)) return path;
  if (path.endsWith("_payload.json")) {
    const page = path.slice(0, -"_payload.json".length).replace(/\/$/, "") || "/";
    return pagePaths.has(page) ? `${page} (payload)` : "other (payload)";
  }
  if (path.startsWith("/assets/")) return "/assets";
  if (path === "/ws") return "/ws";
  return "other";
}

export function createMetrics({ hub, database }: { hub: RealtimeHub; database: DatabaseConnection }): Metrics {
  const registry = new Registry<typeof openMetricsContentType>();
  registry.setContentType(openMetricsContentType);
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "http_requests",
    help: "HTTP requests answered, by method, route and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request (to the response's headers), by method and route",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const renderCache = new Counter({
    name: "render_cache_requests",
    help: "Pages answered from the render cache (hit) or rendered for it (miss)",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  let sockets: SocketGauges | undefined;
  new Gauge({
    name: "websocket_connections",
    help: "Open /ws connections of this process",
    registers: [registry],
    collect() {
      this.set(sockets?.size ?? 0);
    },
  });
  new Gauge({
    name: "websocket_subscriptions",
    help: "Topic subscriptions of this process's open /ws connections",
    registers: [registry],
    collect() {
      this.set(sockets?.subscriptionCount ?? 0);
    },
  });
  new Gauge({
    name: "realtime_bus_transport",
    help: "How realtime events cross processes now: 1 for the transport in use (redis, notify, local)",
    labelNames: ["transport"] as const,
    registers: [registry],
    collect() {
      const { bus } = hub.health();
      for (const transport of ["redis", "notify", "local"] as const) this.set({ transport }, transport === bus ? 1 : 0);
    },
  });
  new Gauge({
    name: "realtime_bus_degraded",
    help: "1 while a part that carries realtime events is away (redis), else 0",
    labelNames: ["part"] as const,
    registers: [registry],
    collect() {
      this.set({ part: "redis" }, hub.health().degraded.includes("redis") ? 1 : 0);
    },
  });
  new Gauge({
    name: "realtime_bus_lag_seconds",
    help: "How long this process's last ping through the bus took to come back (absent without a bus)",
    registers: [registry],
    collect() {
      const { lagMs } = hub.health();
      if (lagMs === null) this.reset();
      else this.set(lagMs / 1_000);
    },
  });
  new Gauge({
    name: "db_pool_connections",
    help: "Database connections of this process: open, idle, and requests waiting for one",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const use = database.poolUse();
      this.set({ state: "open" }, use.size);
      this.set({ state: "idle" }, use.idle);
      this.set({ state: "waiting" }, use.waiting);
    },
  });

  const middleware: MiddlewareHandler = async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const route = routeLabel(c);
      const method = c.req.method;
      requests.inc({ method, route, status: String(c.res.status) });
      latency.observe({ method, route }, (performance.now() - started) / 1_000);
      const cache = c.res.headers.get("X-Render-Cache");
      if (cache === "hit" || cache === "miss") renderCache.inc({ result: cache });
    }
  };

  return { registry, middleware, watchSockets: (watched) => (sockets = watched) };
}

/** Whether `authorization` is `Bearer <token>`, compared in constant time. */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = Buffer.from(authorization?.startsWith("Bearer ") ? authorization.slice(7).trim() : "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
