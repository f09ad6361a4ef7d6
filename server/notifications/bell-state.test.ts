/** The bell a member's page is rendered with: the unread count and the newest notification's id, in one read. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authUsers, notifications } from "../../db/schema/index.ts";
import { createTestDatabase, testEngines, type TestDatabase } from "../../db/testing.ts";
import { bellState } from "./notifications.ts";

describe.each(testEngines)("bellState on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const db = database.connection.db;
    await db.insert(authUsers).values([
      { id: "bell-a", name: "A", email: "bell-a@example.vn" },
      { id: "bell-b", name: "B", email: "bell-b@example.vn" },
    ]);
  });
  afterAll(() => database.dispose());

  it("is zero and no id for a member with no notification yet", async () => {
    expect(await bellState(database.connection.db, "bell-a")).toEqual({ unread: 0, lastId: null });
  });

  it("counts the unread ones and names the newest, read or not, of that member only", async () => {
    const db = database.connection.db;
    const row = (uid: string, readAt: number | null) => ({ uid, kind: "like", actorUid: null, link: null, data: {}, createdAt: 1, readAt });
    const inserted = await db
      .insert(notifications)
      .values([row("bell-a", null), row("bell-a", 5), row("bell-a", null), row("bell-a", 7), row("bell-b", null)])
      .returning({ id: notifications.id, uid: notifications.uid });
    const newestOfA = Math.max(...inserted.filter((one) => one.uid === "bell-a").map((one) => one.id));
    expect(await bellState(db, "bell-a")).toEqual({ unread: 2, lastId: newestOfA });
    expect((await bellState(db, "bell-b")).unread).toBe(1);
  });
});
