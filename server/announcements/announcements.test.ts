/** The team's announcements (issue 44): checked input, a limit, banners on every process, and each member notified once by the job. */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, authUsers, notifications, users } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import { ANNOUNCEMENTS_OPEN_MAX } from "../../universal/announcements/announcement-limits.ts";
import { call, createTestApp, secondProcessDb, signUpMember, type TestApp, type TestMember } from "../testing.ts";
import { createBannerStore, notifyAnnouncementBatch } from "./announcements.ts";

const HOUR = 3_600_000;

describe.each(testEngines)("announcements on %s", (engine) => {
  let t: TestApp;
  let admin: TestMember;
  let member: TestMember;

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signUpMember(t, "Quản Trị", { role: "admin" });
    member = await signUpMember(t, "Thành Viên");
  });
  afterAll(() => t?.dispose());

  const post = async (body: unknown, cookie = admin.cookie) => {
    const response = await call(t.app, "/api/admin/announcements", { body, cookie });
    return { status: response.status, body: await response.json() };
  };
  const running = (overrides: Record<string, unknown> = {}) => ({
    text: { vi: "Bảo trì lúc 14:00", en: "Maintenance at 14:00" },
    startsAt: new Date(Date.now() - HOUR).toISOString(),
    endsAt: new Date(Date.now() + HOUR).toISOString(),
    ...overrides,
  });

  it("posts one in both languages, shows it as a banner on every process while it runs, and audits it", async () => {
    // Another process's copy, told over the same hub.
    const elsewhere = createBannerStore(t.db, t.hub);
    await elsewhere.ready;
    const { status, body } = await post(running());
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ text: { vi: "Bảo trì lúc 14:00", en: "Maintenance at 14:00" }, notify: false, notifiedAt: null });
    await vi.waitFor(() => expect(elsewhere.banners("en-US")).toEqual([{ id: body.data.id, text: "Maintenance at 14:00" }]));
    expect(elsewhere.banners("vi")).toEqual([{ id: body.data.id, text: "Bảo trì lúc 14:00" }]);
    expect(elsewhere.key()).toBe(String(body.data.id));
    // Not before it starts, not after it ends.
    expect(elsewhere.banners("vi", Date.now() - 2 * HOUR)).toEqual([]);
    expect(elsewhere.banners("vi", Date.now() + 2 * HOUR)).toEqual([]);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, "announcement.create"));
    expect(entry).toMatchObject({ actorUid: admin.uid, targetKind: "announcement", targetId: String(body.data.id) });

    const listed = await (await call(t.app, "/api/admin/announcements", { cookie: admin.cookie })).json();
    expect(listed.data.map((item: { id: number }) => item.id)).toContain(body.data.id);

    const removed = await call(t.app, `/api/admin/announcements/${body.data.id}`, { method: "DELETE", cookie: admin.cookie });
    expect(removed.status).toBe(200);
    await vi.waitFor(() => expect(elsewhere.banners("vi")).toEqual([]));
    expect((await call(t.app, `/api/admin/announcements/${body.data.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(404);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, "announcement.delete"))).toHaveLength(1);
  });

  it("answers 400 naming the field for a bad announcement", async () => {
    const now = Date.now();
    for (const [body, field] of [
      [running({ text: { vi: "", en: "x" } }), "text.vi"],
      [running({ text: { vi: "x", en: "y".repeat(281) } }), "text.en"],
      [running({ text: { vi: "x" } }), "text.en"],
      [running({ endsAt: new Date(now - 2 * HOUR).toISOString() }), "endsAt"],
      [running({ startsAt: new Date(now + HOUR).toISOString(), endsAt: new Date(now + 100 * 24 * HOUR).toISOString() }), "endsAt"],
      [running({ startsAt: new Date(now - 3 * HOUR).toISOString(), endsAt: new Date(now - HOUR).toISOString() }), "endsAt"],
      [running({ startsAt: "tomorrow" }), "startsAt"],
      [running({ notify: "yes" }), "notify"],
    ] as const) {
      const { status, body: answer } = await post(body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(answer.error.details.field, JSON.stringify(body)).toBe(field);
    }
    expect((await post(running(), member.cookie)).status).toBe(403);
  });

  it(`keeps at most ${ANNOUNCEMENTS_OPEN_MAX} not yet ended`, async () => {
    const made: number[] = [];
    for (let index = 0; index < ANNOUNCEMENTS_OPEN_MAX; index++) {
      const { status, body } = await post(running({ text: { vi: `Tin ${index}`, en: `News ${index}` } }));
      expect(status).toBe(201);
      made.push(body.data.id);
    }
    const refused = await post(running());
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("quota-exceeded");
    for (const id of made) await call(t.app, `/api/admin/announcements/${id}`, { method: "DELETE", cookie: admin.cookie });
  });

  it("notifies every member once, in batches, however many processes run the job", async () => {
    // 450 more members, written directly: three batches of 200, 200 and the rest.
    const now = Date.now();
    const many = Array.from({ length: 450 }, (_, index) => `bulk-${String(index).padStart(4, "0")}`);
    await t.db.insert(authUsers).values(many.map((id) => ({ id, name: id, email: `${id}@example.vn` })));
    await t.db.insert(users).values(many.map((uid) => ({ uid, email: `${uid}@example.vn`, displayName: uid, createdAt: now })));
    const { body } = await post(running({ notify: true, text: { vi: "Sự kiện mới", en: "A new event" } }));
    // Two processes' jobs at once, until neither finds anything to send.
    const other = await secondProcessDb(t);
    let sent = 0;
    for (;;) {
      const [a, b] = await Promise.all([notifyAnnouncementBatch(t.db, t.hub), notifyAnnouncementBatch(other, t.hub)]);
      sent += a + b;
      if (a === 0 && b === 0) break;
    }
    const [{ count: members } = { count: 0 }] = await t.db.select({ count: sql<number>`count(*)::int` }).from(users);
    expect(sent).toBe(members);
    const rows = await t.db
      .select({ uid: notifications.uid, count: sql<number>`count(*)::int` })
      .from(notifications)
      .where(eq(notifications.kind, "announcement"))
      .groupBy(notifications.uid);
    expect(rows).toHaveLength(members);
    expect(rows.every((row) => row.count === 1)).toBe(true);
    const [mine] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, "announcement"), eq(notifications.uid, member.uid)));
    expect(mine?.data).toMatchObject({ announcementId: body.data.id, textVi: "Sự kiện mới", textEn: "A new event" });
    const listed = await (await call(t.app, "/api/admin/announcements", { cookie: admin.cookie })).json();
    expect(listed.data.find((item: { id: number }) => item.id === body.data.id).notifiedAt).not.toBeNull();
    expect(await notifyAnnouncementBatch(t.db, t.hub)).toBe(0);
  });
});
