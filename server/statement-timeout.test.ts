import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { testEngines } from "../db/testing.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { ensureContent } from "./content/content-store.ts";
import { call, createTestApp, signUp, silentLogger, type TestApp } from "./testing.ts";

const LIMIT_MS = 1_000;
const EMAIL = "an@example.vn";
const PASSWORD = "correct horse battery";

describe("DB_STATEMENT_TIMEOUT_MS", () => {
  it("defaults to 5 seconds and takes 100 ms to 10 minutes", () => {
    expect(loadConfig({}).DB_STATEMENT_TIMEOUT_MS).toBe(5_000);
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: "250" }).DB_STATEMENT_TIMEOUT_MS).toBe(250);
    for (const value of ["0", "99", "600001", "1.5", "soon"])
      expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: value })).toThrowError(ConfigError);
  });
});

describe.each(testEngines)("a request whose statement outlasts DB_STATEMENT_TIMEOUT_MS on %s", (engine) => {
  let t: TestApp;
  let holder: Database;

  beforeAll(async () => {
    t = await createTestApp(engine, { DB_STATEMENT_TIMEOUT_MS: String(LIMIT_MS) });
    await t.database.connection.withMaintenanceSession((db) => ensureContent(db, silentLogger));
    await signUp(t.app, EMAIL, PASSWORD);
    // PostgreSQL: another connection locks the entries, so the search's statement waits on the lock
    // and runs past the limit. PGlite runs one statement at a time: an open transaction stands for
    // a slow statement ahead in the line.
    holder = engine === "postgres" ? (await t.database.openAnother()).db : t.db;
  });
  afterAll(() => t?.dispose());

  /** Runs `during` while the search's table cannot be read; the hold ends when `during` does. */
  const whileHeld = <T>(during: () => Promise<T>): Promise<T> =>
    holder.transaction(async (tx) => {
      await tx.execute(engine === "postgres" ? sql`lock table content_entries in access exclusive mode` : sql`select 1`);
      return during();
    });

  const signIn = () => call(t.app, "/api/auth/sign-in/email", { body: { email: EMAIL, password: PASSWORD } });

  it("is answered 503 unavailable, not a hang or a 500, and sign-in works after", async () => {
    const started = performance.now();
    const response = await whileHeld(() => call(t.app, "/api/v1/search?q=giap"));
    expect(performance.now() - started).toBeLessThan(LIMIT_MS + 3_000);
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
    expect(await response.json()).toEqual({
      error: { code: "unavailable", message: expect.stringMatching(/try again/i), details: { retryAfter: 5 } },
    });

    expect((await signIn()).status).toBe(200);
    expect((await call(t.app, "/api/v1/search?q=giap")).status).toBe(200);
  });

  it.runIf(engine === "postgres")("leaves sign-in free while the slow search waits", async () => {
    const [search, signedIn] = await whileHeld(() => Promise.all([call(t.app, "/api/v1/search?q=giap"), signIn()]));
    expect(signedIn.status).toBe(200);
    expect(search.status).toBe(503);
  });
});
