import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { authSessions } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import { createTestApp, secondProcessDb, signUpMember, type TestApp } from "../testing.ts";
import { SESSION_MAX_AGE_SECONDS } from "./create-auth.ts";
import { deleteEndedSessions } from "./session-sweep.ts";

const DAY = 24 * 60 * 60 * 1000;

describe.each(testEngines)("the sweep of ended sessions on %s", (engine) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.dispose();
  });

  it("deletes expired sessions and those past the absolute lifetime, keeps the rest, and runs in two processes at once", async () => {
    t = await createTestApp(engine);
    const members = await Promise.all(["Một", "Hai", "Ba"].map((name) => signUpMember(t, name)));
    const [expired, outlived, live] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
    await t.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.userId, expired.uid));
    await t.db
      .update(authSessions)
      .set({ createdAt: new Date(Date.now() - SESSION_MAX_AGE_SECONDS * 1000 - DAY) })
      .where(eq(authSessions.userId, outlived.uid));
    const counts = await Promise.all([deleteEndedSessions(t.db), deleteEndedSessions(await secondProcessDb(t))]);
    expect(counts[0] + counts[1]).toBe(2);
    const left = await t.db.select({ userId: authSessions.userId }).from(authSessions);
    expect(left.map((row) => row.userId)).toEqual([live.uid]);
    expect(await deleteEndedSessions(t.db)).toBe(0);
  });
});
