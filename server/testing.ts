import type { ServerBuild } from "react-router";
import { openDatabase } from "../db/client.ts";
import { createTestDatabase, type TestDatabase } from "../db/testing.ts";
import { loadConfig } from "./config.ts";
import { createApp } from "./create-app.ts";
import { createLogger, type Logger } from "./logger.ts";
import { createHub, type RealtimeHub } from "./realtime/hub.ts";
import { createServices } from "./services.ts";
import { setRole } from "./users/set-role.ts";
import type { Role } from "../universal/auth/permissions.ts";

export const silentLogger = createLogger("error", {}, () => {});
const noPages = () => Promise.reject(new Error("pages are covered by the browser journeys"));

export const TEST_ORIGIN = "http://localhost:4040";

/** The whole HTTP app on a fresh test database (pages excluded), for integration tests. */
export async function createTestApp(
  engine: "pglite" | "postgres",
  env: Record<string, string> = {},
  options: {
    clientDir?: string;
    build?: () => Promise<ServerBuild>;
    logger?: Logger;
    hub?: RealtimeHub;
    /** PostgreSQL only: the app reaches its (migrated) database at this address instead (a relay a test can cut). */
    connectVia?: (url: string) => Promise<string>;
  } = {},
) {
  const logger = options.logger ?? silentLogger;
  // Passwords are hashed at the lowest cost the settings allow (N = 2^14, ~70 ms instead of ~600 ms):
  // the suite signs up hundreds of members. The hashing tests pass the real cost.
  const config = loadConfig({ AUTH_SECRET: "test-secret-test-secret-test-secret-0123", PASSWORD_HASH_COST: "14", ...env });
  const created: TestDatabase = await createTestDatabase(engine, { statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS });
  const database: TestDatabase =
    options.connectVia && created.url ? await reachedVia(created, options.connectVia, config.DB_STATEMENT_TIMEOUT_MS) : created;
  const hub = options.hub ?? createHub();
  const services = await createServices(config, database.connection, logger, hub);
  const app = createApp({
    hub,
    config,
    logger,
    database: database.connection,
    build: options.build ?? noPages,
    clientDir: options.clientDir,
    auth: services.auth,
    analytics: services.analytics,
  });
  return { app, config, database, hub, db: database.connection.db, ...services, dispose: () => database.dispose() };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The database as another server process sees it: on PostgreSQL a connection pool of its own (a
 * scheduled job run "in two processes at once" runs on both pools); PGlite serves one process.
 */
export async function secondProcessDb(t: TestApp): Promise<TestApp["db"]> {
  return t.database.connection.kind === "postgres" ? (await t.database.openAnother()).db : t.db;
}

/** The same test database, with its main connection opened through another address. */
async function reachedVia(
  database: TestDatabase,
  via: (url: string) => Promise<string>,
  statementTimeoutMs: number,
): Promise<TestDatabase> {
  const connection = await openDatabase({ url: await via(database.url ?? "") }, { statementTimeoutMs });
  return {
    ...database,
    connection,
    async dispose() {
      await connection.close();
      await database.dispose();
    },
  };
}

/** What `@hono/node-server` hands the app about the socket: here, a peer at `remoteAddress`. */
export function socketPeer(remoteAddress = "127.0.0.1") {
  return { incoming: { socket: { remoteAddress, remotePort: 50_000, remoteFamily: remoteAddress.includes(":") ? "IPv6" : "IPv4" } } };
}

/**
 * A browser-like request to the test app: same-origin, with the cookies it was given, from a socket
 * peer on this machine (`peer` names another).
 */
export async function call(
  app: TestApp["app"],
  path: string,
  init: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string>; peer?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { Origin: TEST_ORIGIN, ...init.headers };
  if (init.cookie) headers.Cookie = init.cookie;
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(init.body);
  }
  return app.request(`${TEST_ORIGIN}${path}`, { method: init.method ?? (body ? "POST" : "GET"), headers, body }, socketPeer(init.peer));
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready to send back. */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/**
 * Signs up `email` (named after its local part unless `name` is given: a name an admin or moderator
 * holds is reserved, so members made by one test do not share one).
 */
export async function signUp(
  app: TestApp["app"],
  email: string,
  password = "correct horse battery",
  name = `Tester ${email.split("@")[0]}`,
): Promise<string> {
  const response = await call(app, "/api/auth/sign-up/email", { body: { email, password, name } });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return cookiesOf(response);
}

/** A signed-up member as the tests use one: the cookie to send as them, and who they are. */
export interface TestMember {
  cookie: string;
  uid: string;
  email: string;
  name: string;
}

let members = 0;

/**
 * Signs up a member called `name` (at an address of their own unless `email` is given), makes their
 * profile as the app does after sign-in, and gives them `role` when it is not "user".
 */
export async function signUpMember(
  t: TestApp,
  name: string,
  options: { role?: Role; email?: string; password?: string } = {},
): Promise<TestMember> {
  const email = options.email ?? `member-${++members}@example.vn`;
  const cookie = await signUp(t.app, email, options.password, name);
  const synced = await call(t.app, "/api/profile/sync", { method: "POST", body: {}, cookie });
  if (synced.status !== 200) throw new Error(`profile sync failed: ${synced.status} ${await synced.text()}`);
  const { uid } = (await synced.json()) as { uid: string };
  if (options.role && options.role !== "user") await setRole(t.db, { uid }, options.role);
  return { cookie, uid, email, name };
}
