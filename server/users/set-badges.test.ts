import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "../../db/testing.ts";
import { call, createTestApp, signUpMember, type TestApp } from "../testing.ts";
import { awardPoints } from "../contribution/contribution.ts";

describe.each(testEngines)("an admin's tag and title on %s", (engine) => {
  let t: TestApp;
  let admin: string;
  let member: string;
  let memberUid: string;
  let guides = 0;

  const badges = (body: unknown, uid = memberUid) => call(t.app, `/api/admin/users/${uid}/badges`, { cookie: admin, body });
  const profile = async () => (await (await call(t.app, `/api/users/${memberUid}`)).json()).data;
  const publish = async (count: number) => {
    for (let index = 0; index < count; index++) {
      await awardPoints(t.db, { uid: memberUid, reason: "guide-published", source: `guide-${++guides}` });
    }
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { SIGN_UP_LIMIT_PER_HOUR: "1000" });
    admin = (await signUpMember(t, "Quản Trị", { email: "badges-admin@example.vn", role: "admin" })).cookie;
    ({ cookie: member, uid: memberUid } = await signUpMember(t, "Thành Viên", { email: "badges-member@example.vn" }));
  });
  afterAll(() => t?.dispose());

  it("starts a member at level 1 with the default tag and title", async () => {
    expect(await profile()).toMatchObject({ level: 1, tag: "member", title: "member", points: 0 });
  });

  it("keeps a title given by hand while the level rises, and gives it back to the level on request", async () => {
    const given = await badges({ tag: "creator", title: "Hiệp sĩ" });
    expect(given.status).toBe(200);
    expect(await given.json()).toEqual({ uid: memberUid, tag: "creator", title: "Hiệp sĩ", titleByAdmin: true });
    await publish(8);
    expect(await profile()).toMatchObject({ level: 5, tag: "creator", title: "Hiệp sĩ", points: 160 });

    const back = await badges({ title: null });
    expect(await back.json()).toMatchObject({ tag: "creator", title: "helper", titleByAdmin: false });
    await publish(5);
    expect(await profile()).toMatchObject({ level: 6, title: "helper" });
    // A tag alone leaves the title following the level.
    await badges({ tag: "vip" });
    await publish(28);
    expect(await profile()).toMatchObject({ tag: "vip", level: 10, title: "contributor" });
  });

  it("refuses a change that is empty, too long, holds control characters or names no one, and is the admin's alone", async () => {
    for (const body of [{}, { tag: "" }, { title: "x".repeat(41) }, { tag: "a\u0007b" }, { level: 3 }, { tag: 5 }]) {
      expect((await badges(body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await badges({ tag: "vip" }, "no-such-member")).status).toBe(404);
    expect((await call(t.app, `/api/admin/users/${memberUid}/badges`, { cookie: member, body: { title: "Vua" } })).status).toBe(403);
    expect((await call(t.app, `/api/admin/users/${memberUid}/badges`, { body: { title: "Vua" } })).status).toBe(401);
  });
});
