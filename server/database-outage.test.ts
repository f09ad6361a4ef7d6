import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnreachable } from "../db/client.ts";
import { interruptibleProxy } from "../db/testing.ts";
import { ensureContent } from "./content/content-store.ts";
import { call, createTestApp, signUpMember, silentLogger, TEST_ORIGIN, type TestApp } from "./testing.ts";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { WebSocket } from "ws";
import { attachSocketServer, type SocketServer } from "./realtime/socket-server.ts";
import { realtimeTopics } from "./realtime-topics.ts";

describe("isDatabaseUnreachable", () => {
  it("knows a refused, cut or restarting database, as thrown or wrapped, and nothing else", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(isDatabaseUnreachable(refused)).toBe(true);
    expect(isDatabaseUnreachable(new Error("Failed query: select 1", { cause: refused }))).toBe(true);
    expect(isDatabaseUnreachable(new AggregateError([refused], "connect failed"))).toBe(true);
    expect(isDatabaseUnreachable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe(
      true,
    );
    expect(isDatabaseUnreachable(Object.assign(new Error("the database system is starting up"), { code: "57P03" }))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error("duplicate key value"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnreachable(new Error("something else"))).toBe(false);
    expect(isDatabaseUnreachable("ECONNREFUSED")).toBe(false);
  });
});

/**
 * The app reaches PostgreSQL through a relay the test cuts: as when the database server is down or
 * restarting. Requests are answered 503 with Retry-After (not 500), readiness says unavailable, and
 * once the database is back everything answers again without a restart.
 */
describe.runIf(process.env.TEST_DATABASE_URL)("while PostgreSQL cannot be reached", () => {
  let t: TestApp;
  let relay: Awaited<ReturnType<typeof interruptibleProxy>>;
  let cookie = "";
  let server: Server;
  let sockets: SocketServer;
  let socketUrl = "";

  beforeAll(async () => {
    t = await createTestApp(
      "postgres",
      { DB_STATEMENT_TIMEOUT_MS: "2000" },
      {
        connectVia: async (url) => {
          relay = await interruptibleProxy(url);
          return relay.url;
        },
      },
    );
    await t.database.connection.withMaintenanceSession((db) => ensureContent(db, silentLogger));
    ({ cookie } = await signUpMember(t, "Người Chờ"));
    server = createServer(getRequestListener(t.app.fetch));
    sockets = attachSocketServer(server, {
      hub: t.hub,
      db: t.db,
      auth: t.auth,
      logger: silentLogger,
      allowedOrigins: [TEST_ORIGIN],
      topics: realtimeTopics(t.db),
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    socketUrl = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
  });
  afterAll(async () => {
    await sockets?.close();
    await new Promise((done) => server?.close(done));
    await relay?.close();
    await t?.dispose();
  });

  it("answers 503 with Retry-After to the API, pages and readiness, then recovers by itself", async () => {
    expect((await call(t.app, "/api/v1/search?q=giap")).status).toBe(200);
    const ready = await call(t.app, "/api/ready");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: "up", bus: "local", degraded: [] });

    await relay.cut();

    const search = await call(t.app, "/api/v1/search?q=giap");
    expect(search.status).toBe(503);
    expect(search.headers.get("Retry-After")).toBe("5");
    expect(await search.json()).toEqual({
      error: { code: "unavailable", message: "The site is briefly unavailable. Try again in a moment.", details: { retryAfter: 5 } },
    });
    // A signed-in member's page load reads the session first: the page says the site is briefly away, in their language.
    const page = await call(t.app, "/feed", { headers: { Accept: "text/html", Cookie: `${cookie}; locale=en-US` } });
    expect(page.status).toBe(503);
    expect(page.headers.get("Retry-After")).toBe("5");
    expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain("<h1>Briefly unavailable</h1>");
    expect(html).toContain('<a href="/feed">Try again</a>');
    expect(html).not.toMatch(/ECONNREFUSED|at .*\.ts:\d+/);
    // A member's socket is not opened as a visitor's meanwhile: 503, and the client tries again later.
    const refused = await new Promise<number>((done, fail) => {
      const socket = new WebSocket(`${socketUrl}`, { headers: { Origin: TEST_ORIGIN, Cookie: cookie } });
      socket.once("unexpected-response", (_request, response) => done(response.statusCode ?? 0));
      socket.once("open", () => fail(new Error("the socket opened")));
      socket.once("error", () => undefined);
    });
    expect(refused).toBe(503);
    // Signing in needs the database too: 503 with Retry-After, as the rest of the API.
    const signIn = await call(t.app, "/api/auth/sign-in/email", { body: { email: "nguoi-cho@example.vn", password: "mat-khau-that-dai" } });
    expect(signIn.status).toBe(503);
    expect(signIn.headers.get("Retry-After")).toBe("5");
    expect((await signIn.json()).error.code).toBe("unavailable");

    const down = await call(t.app, "/api/ready");
    expect(down.status).toBe(503);
    expect(down.headers.get("Retry-After")).toBe("5");
    expect(await down.json()).toEqual({ status: "unavailable", database: "down", bus: "local", degraded: [] });

    await relay.restore();

    await expect.poll(async () => (await call(t.app, "/api/ready")).status, { timeout: 10_000 }).toBe(200);
    expect((await call(t.app, "/api/v1/search?q=giap")).status).toBe(200);
    const profile = await call(t.app, "/api/profile", { cookie });
    expect(profile.status).toBe(200);
  });

  it("survives losing a connection a transaction holds: the transaction fails, the process goes on", async () => {
    let cut!: () => void;
    const cutting = new Promise<void>((done) => (cut = done));
    const holding = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      cut();
      // The connection is in use, idle in its transaction, when the server goes away.
      await new Promise((done) => setTimeout(done, 200));
      await tx.execute(sql`select 2`);
    });
    await cutting;
    await relay.cut();
    const failure = await holding.then(
      () => null,
      (error: unknown) => error,
    );
    expect(isDatabaseUnreachable(failure)).toBe(true);
    await relay.restore();
    await expect.poll(async () => (await call(t.app, "/api/ready")).status, { timeout: 10_000 }).toBe(200);
  });

  it("answers 503 for a request whose connection the server terminates, and the next one works", async () => {
    // An administrator (or a restart) ends every connection of the app's database.
    const admin = await t.database.openAnother();
    try {
      await admin.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
    } finally {
      await admin.close();
    }
    // The pool drops the ended connections as it finds them and opens new ones: a request on an ended
    // connection may be answered 503 (try again), never 500.
    const statuses: number[] = [];
    await expect
      .poll(
        async () => {
          statuses.push((await call(t.app, "/api/v1/search?q=giap")).status);
          return statuses.at(-1);
        },
        { timeout: 10_000 },
      )
      .toBe(200);
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect((await call(t.app, "/api/ready")).status).toBe(200);
  });
});
