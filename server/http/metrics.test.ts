import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, type TestApp } from "../testing.ts";

const TOKEN = "metrics-token-0123456789";

describe("/metrics", () => {
  let t: TestApp;
  let closed: TestApp | undefined;

  beforeAll(async () => {
    t = await createTestApp("pglite", { METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await t?.dispose();
    await closed?.dispose();
  });

  const scrape = (authorization?: string) => call(t.app, "/metrics", { headers: authorization ? { Authorization: authorization } : {} });

  it("asks for the token: 401 without it or with another, and says how", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-0123456789", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const refused = await scrape(authorization);
      expect(refused.status).toBe(401);
      expect(refused.headers.get("WWW-Authenticate")).toBe('Bearer realm="metrics"');
      expect(await refused.json()).toEqual({ error: { code: "unauthenticated", message: expect.any(String) } });
    }
  });

  it("reports requests by route and status with their latency, the database pool, the bus, the sockets and the process", async () => {
    await call(t.app, "/api/health");
    await call(t.app, "/api/users/no-such-member");
    await call(t.app, "/no/such/path/at/all");
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/openmetrics-text; version=1.0.0; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const text = await response.text();
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/health",status="200"\} 1$/m);
    // A path parameter is counted under its route's pattern, an unknown path as `other`: labels stay few.
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/users\/:uid",status="404"\} 1$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="other",status="\d{3}"\} 1$/m);
    expect(text).not.toContain("no-such-member");
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/health"\} 1$/m);
    expect(text).toMatch(/^db_pool_connections\{state="open"\} 1$/m);
    expect(text).toMatch(/^db_pool_connections\{state="waiting"\} 0$/m);
    expect(text).toMatch(/^realtime_bus_transport\{transport="local"\} 1$/m);
    expect(text).toMatch(/^realtime_bus_degraded\{part="redis"\} 0$/m);
    expect(text).toMatch(/^websocket_connections 0$/m);
    expect(text).toMatch(/^websocket_subscriptions 0$/m);
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text.trimEnd().endsWith("# EOF")).toBe(true);
  });

  it("is not there without METRICS_TOKEN (the path is an unknown page like any other)", async () => {
    closed = await createTestApp("pglite");
    expect(closed.app.routes.some((route) => route.path === "/metrics")).toBe(false);
    expect(t.app.routes.some((route) => route.path === "/metrics")).toBe(true);
  });
});
