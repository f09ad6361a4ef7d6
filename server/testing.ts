import type { ServerBuild } from "react-router";
import { createTestDatabase, type TestDatabase } from "../db/testing.ts";
import { loadConfig } from "./config.ts";
import { createApp } from "./create-app.ts";
import { createLogger } from "./logger.ts";
import { createServices } from "./services.ts";

export const silentLogger = createLogger("error", {}, () => {});
const noPages = () => Promise.reject(new Error("pages are covered by the browser journeys"));

export const TEST_ORIGIN = "http://localhost:4040";

/** The whole HTTP app on a fresh test database (pages excluded), for integration tests. */
export async function createTestApp(
  engine: "pglite" | "postgres",
  env: Record<string, string> = {},
  options: { clientDir?: string; build?: () => Promise<ServerBuild> } = {},
) {
  const database: TestDatabase = await createTestDatabase(engine);
  const config = loadConfig({ AUTH_SECRET: "test-secret-test-secret-test-secret-0123", ...env });
  const services = await createServices(config, database.connection, silentLogger);
  const app = createApp({
    config,
    logger: silentLogger,
    database: database.connection,
    build: options.build ?? noPages,
    clientDir: options.clientDir,
    auth: services.auth,
    analytics: services.analytics,
  });
  return { app, config, database, db: database.connection.db, ...services, dispose: () => database.dispose() };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A browser-like request to the test app: same-origin, with the cookies it was given. */
export async function call(
  app: TestApp["app"],
  path: string,
  init: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { Origin: TEST_ORIGIN, ...init.headers };
  if (init.cookie) headers.Cookie = init.cookie;
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(init.body);
  }
  return app.request(`${TEST_ORIGIN}${path}`, { method: init.method ?? (body ? "POST" : "GET"), headers, body });
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready to send back. */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

export async function signUp(app: TestApp["app"], email: string, password = "correct horse battery", name = "Tester"): Promise<string> {
  const response = await call(app, "/api/auth/sign-up/email", { body: { email, password, name } });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return cookiesOf(response);
}
