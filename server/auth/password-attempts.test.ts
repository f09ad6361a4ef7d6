import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../../db/testing.ts";
import { beginPasswordAttempt, endPasswordAttempt, PASSWORD_ATTEMPTS } from "./password-attempts.ts";

const T0 = Date.UTC(2026, 10, 1);
const seconds = (n: number) => n * 1000;

describe.each(testEngines)("password attempts on %s", (engine) => {
  let database: TestDatabase;
  afterEach(async () => {
    await database?.dispose();
  });

  /** Fails `count` checks in a row at `now`, each granted. */
  async function fail(account: string, count: number, now: number) {
    for (let n = 0; n < count; n++) {
      expect(await beginPasswordAttempt(database.connection.db, account, now)).toEqual({ allowed: true });
      await endPasswordAttempt(database.connection.db, account, "wrong");
    }
  }

  it("grants the free failures, then one check per wait that doubles up to the cap", async () => {
    database = await createTestDatabase(engine);
    const db = database.connection.db;
    await fail("an@example.vn", PASSWORD_ATTEMPTS.freeFailures + 1, T0);
    let now = T0;
    const waits: number[] = [];
    for (let n = 1; n <= 12; n++) {
      const refused = await beginPasswordAttempt(db, "AN@example.vn", now + seconds(1) - 1);
      expect(refused.allowed).toBe(false);
      const wait = refused.allowed ? 0 : refused.retryAfter;
      waits.push(wait);
      now += seconds(wait);
      // Refusals are not counted: the wait does not grow while the account is waiting.
      expect(await beginPasswordAttempt(db, "an@example.vn", now - 1)).toMatchObject({ allowed: false, retryAfter: 1 });
      expect(await beginPasswordAttempt(db, "an@example.vn", now)).toEqual({ allowed: true });
      await endPasswordAttempt(db, "an@example.vn", "wrong");
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
  });

  it("lets the right password in after the wait, and a right password clears the count", async () => {
    database = await createTestDatabase(engine);
    const db = database.connection.db;
    await fail("binh@example.vn", PASSWORD_ATTEMPTS.freeFailures + 1, T0);
    expect(await beginPasswordAttempt(db, "binh@example.vn", T0 + seconds(2))).toEqual({ allowed: true });
    await endPasswordAttempt(db, "binh@example.vn", "right");
    await fail("binh@example.vn", PASSWORD_ATTEMPTS.freeFailures + 1, T0 + seconds(2));
  });

  it("takes back an attempt whose password was never checked", async () => {
    database = await createTestDatabase(engine);
    const db = database.connection.db;
    await fail("chi@example.vn", PASSWORD_ATTEMPTS.freeFailures, T0);
    for (let n = 0; n < 3; n++) {
      expect(await beginPasswordAttempt(db, "chi@example.vn", T0)).toEqual({ allowed: true });
      await endPasswordAttempt(db, "chi@example.vn", "unchecked");
    }
    await fail("chi@example.vn", 1, T0);
    expect(await beginPasswordAttempt(db, "chi@example.vn", T0)).toMatchObject({ allowed: false, retryAfter: 2 });
  });

  it("forgets failures after a quiet day", async () => {
    database = await createTestDatabase(engine);
    const db = database.connection.db;
    await fail("dung@example.vn", PASSWORD_ATTEMPTS.freeFailures + 1, T0);
    expect((await beginPasswordAttempt(db, "dung@example.vn", T0 + seconds(1))).allowed).toBe(false);
    const nextDay = T0 + seconds(PASSWORD_ATTEMPTS.forgetAfterSeconds);
    await fail("dung@example.vn", PASSWORD_ATTEMPTS.freeFailures + 1, nextDay);
  });

  it("lets only one of many concurrent guesses through once the free failures are spent", async () => {
    database = await createTestDatabase(engine);
    await fail("em@example.vn", PASSWORD_ATTEMPTS.freeFailures, T0);
    const others = engine === "postgres" ? await Promise.all([1, 2, 3].map(() => database.openAnother())) : [];
    const connections = [database.connection, ...others];
    const decisions = await Promise.all(
      Array.from({ length: 20 }, (_, n) => beginPasswordAttempt(connections[n % connections.length]!.db, "em@example.vn", T0)),
    );
    await Promise.all(others.map((connection) => connection.close()));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(1);
  });

  it("keeps accounts apart", async () => {
    database = await createTestDatabase(engine);
    await fail("giang@example.vn", PASSWORD_ATTEMPTS.freeFailures + 1, T0);
    await fail("hoa@example.vn", PASSWORD_ATTEMPTS.freeFailures + 1, T0);
  });
});
