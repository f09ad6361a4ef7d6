/** The admin's members (issue 44): found by folded name and filters a page at a time, read whole, and points adjusted by hand. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, users } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import { call, createTestApp, signUpMember, type TestApp, type TestMember } from "../testing.ts";

describe.each(testEngines)("the admin's members on %s", (engine) => {
  let t: TestApp;
  let admin: TestMember;
  let tuan: TestMember;
  let lan: TestMember;

  beforeAll(async () => {
    t = await createTestApp(engine, { SIGN_UP_LIMIT_PER_HOUR: "500" });
    admin = await signUpMember(t, "Quản Trị", { role: "admin" });
    tuan = await signUpMember(t, "Trần Tuấn");
    lan = await signUpMember(t, "Lan Anh", { role: "moderator" });
    await t.db.update(users).set({ tag: "vip" }).where(eq(users.uid, tuan.uid));
  });
  afterAll(() => t?.dispose());

  const get = async (path: string, cookie = admin.cookie) => {
    const response = await call(t.app, path, { cookie });
    return { status: response.status, body: await response.json() };
  };
  const uids = async (query: string) => ((await get(`/api/admin/users?${query}`)).body.data as { uid: string }[]).map((each) => each.uid);

  it("finds a member by their name without its accents, and filters by role, tag and ban", async () => {
    expect(await uids("q=tuan")).toEqual([tuan.uid]);
    expect(await uids("q=TRAN%20TUAN")).toEqual([tuan.uid]);
    expect(await uids("role=moderator")).toEqual([lan.uid]);
    expect(await uids("tag=vip")).toEqual([tuan.uid]);
    expect(await uids("role=user&q=lan")).toEqual([]);
    expect(await call(t.app, `/api/admin/users/${tuan.uid}/ban`, { body: { reason: "Lừa đảo" }, cookie: admin.cookie })).toHaveProperty(
      "status",
      200,
    );
    expect(await uids("banned=true")).toEqual([tuan.uid]);
    expect(await uids("banned=false")).not.toContain(tuan.uid);
    await call(t.app, `/api/admin/users/${tuan.uid}/ban`, { method: "DELETE", cookie: admin.cookie });
    for (const query of ["role=god", "banned=maybe", "cursor=yesterday"])
      expect((await get(`/api/admin/users?${query}`)).status, query).toBe(400);
  });

  it("pages by cursor, newest first, without repeating or skipping anyone", async () => {
    for (let index = 0; index < 55; index++) await signUpMember(t, `Người ${index}`);
    const first = await get("/api/admin/users");
    expect(first.body.data).toHaveLength(50);
    const second = await get(`/api/admin/users?cursor=${encodeURIComponent(first.body.nextCursor)}`);
    const all = [...first.body.data, ...second.body.data].map((each: { uid: string }) => each.uid);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(58);
    expect(second.body.nextCursor).toBeNull();
  });

  it("reads a member whole: profile, activity, ban and active sessions", async () => {
    const poster = await signUpMember(t, "Người Đăng");
    expect(
      (
        await call(t.app, "/api/feed/posts", {
          body: { body: "Xin chào", lang: "vi", clientId: "admin-members-post-1" },
          cookie: poster.cookie,
        })
      ).status,
    ).toBe(201);
    const { status, body } = await get(`/api/admin/users/${poster.uid}`);
    expect(status).toBe(200);
    expect(body.data.profile).toMatchObject({ uid: poster.uid, displayName: "Người Đăng", role: "user", points: 0 });
    expect(body.data.activity).toEqual({ posts: 1, comments: 0, chatMessages: 0, offers: 0, guides: 0 });
    expect(body.data.ban).toBeNull();
    // The spec's profile fields, times as the profile keeps them (milliseconds).
    expect(body.data.profile).toHaveProperty("photoURL");
    expect(typeof body.data.profile.createdAt).toBe("number");
    expect(body.data.profile).toHaveProperty("updatedAt");
    expect(body.data.profile).toHaveProperty("lastLoginAt");
    expect(body.data.sessions).toHaveLength(1);
    expect(body.data.sessions[0]).toHaveProperty("expiresAt");
    // A banned member: the ban and its reason; their sessions ended with it.
    const banned = await get(`/api/admin/users/${tuan.uid}`);
    expect(banned.body.data.sessions).toEqual([]);
    expect((await get("/api/admin/users/nobody-here")).status).toBe(404);
    // A ban that would have ended already is refused, naming its end; nothing changes.
    const past = await call(t.app, `/api/admin/users/${poster.uid}/ban`, {
      body: { reason: "Spam", until: new Date(Date.now() - 60_000).toISOString() },
      cookie: admin.cookie,
    });
    expect(past.status).toBe(400);
    expect((await past.json()).error.details).toMatchObject({ field: "until" });
    expect((await get(`/api/admin/users/${poster.uid}`)).body.data.sessions).toHaveLength(1);
    expect((await get(`/api/admin/users/${poster.uid}`, lan.cookie)).status).toBe(403);
  });

  it("adjusts points by hand with a reason: the level follows, never below 0, once per client id, audited", async () => {
    const adjust = (body: unknown) => call(t.app, `/api/admin/users/${lan.uid}/points`, { body, cookie: admin.cookie });
    const given = await adjust({ delta: 170, reason: "Giải đấu tháng 11", clientId: "points-award-0001" });
    expect(given.status).toBe(200);
    expect((await given.json()).data).toEqual({ points: 170, level: 5, applied: 170 });
    // A retried request (same client id) changes nothing more.
    expect((await (await adjust({ delta: 170, reason: "Giải đấu tháng 11", clientId: "points-award-0001" })).json()).data.points).toBe(170);
    const taken = await (await adjust({ delta: -500, reason: "Gian lận", clientId: "points-take-00001" })).json();
    expect(taken.data).toEqual({ points: 0, level: 1, applied: -170 });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, "user.points"));
    expect(entries.map((entry) => [entry.note, entry.before, entry.after])).toEqual([
      ["Giải đấu tháng 11", { points: 0 }, { points: 170, level: 5 }],
      ["Gian lận", { points: 170 }, { points: 0, level: 1 }],
    ]);
    for (const body of [{ delta: 0, reason: "x" }, { delta: 5 }, { delta: 1.5, reason: "x" }, { delta: 5, reason: "" }]) {
      const refused = await adjust(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
  });
});
