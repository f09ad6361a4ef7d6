/** The audit log (issue 44): append-only in the database, filtered and exported through /api/admin/audit. */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import { parseCsv } from "../../universal/csv.ts";
import { recordAudit } from "../moderation/audit-log.ts";
import { call, createTestApp, signUpMember, type TestApp, type TestMember } from "../testing.ts";
import { deleteAccount } from "../users/delete-account.ts";

describe.each(testEngines)("the audit log on %s", (engine) => {
  let t: TestApp;
  let admin: TestMember;
  let moderator: TestMember;
  let member: TestMember;
  let target: TestMember;

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signUpMember(t, "Quản Trị", { role: "admin" });
    moderator = await signUpMember(t, "Điều Hành", { role: "moderator" });
    member = await signUpMember(t, "Thành Viên");
    target = await signUpMember(t, "Mục Tiêu");
  });
  afterAll(() => t?.dispose());

  const audit = async (query: string, cookie = admin.cookie) => {
    const response = await call(t.app, `/api/admin/audit${query}`, { cookie });
    return { status: response.status, body: await response.json() };
  };

  it("records who, what, the target, before and after, and the address a decision came from", async () => {
    const changed = await call(t.app, `/api/admin/users/${target.uid}/role`, {
      body: { role: "moderator" },
      cookie: admin.cookie,
      peer: "203.0.113.9",
    });
    expect(changed.status).toBe(200);
    const { body } = await audit(`?action=user.set-role&targetId=${target.uid}`);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      actor: { uid: admin.uid, displayName: "Quản Trị" },
      action: "user.set-role",
      target: { kind: "member", id: target.uid },
      before: { role: "user" },
      after: { role: "moderator" },
      ip: "203.0.113.9",
      note: null,
    });
    expect(new Date(body.data[0].at).toISOString()).toBe(body.data[0].at);
  });

  it("refuses to change or remove an entry, even from inside the database; an account's deletion only forgets the actor", async () => {
    const [entry] = await t.db.select({ id: auditLog.id }).from(auditLog).limit(1);
    if (!entry) throw new Error("no entry");
    const refused = async (statement: PromiseLike<unknown>) => {
      const error = await Promise.resolve(statement).then(
        () => null,
        (thrown: unknown) => thrown as Error & { cause?: Error },
      );
      expect(`${error?.message} ${error?.cause?.message}`).toMatch(/audit_log is append-only/);
    };
    await refused(t.db.update(auditLog).set({ note: "rewritten" }).where(eq(auditLog.id, entry.id)));
    await refused(t.db.update(auditLog).set({ actorUid: null, note: "rewritten" }).where(eq(auditLog.id, entry.id)));
    await refused(t.db.delete(auditLog).where(eq(auditLog.id, entry.id)));
    await refused(t.db.execute(sql`truncate audit_log`));

    const leaving = await signUpMember(t, "Sắp Rời", { role: "admin" });
    await recordAudit(t.db, {
      actorUid: leaving.uid,
      action: "user.unban",
      targetKind: "member",
      targetId: member.uid,
      after: { banned: false },
    });
    await deleteAccount(t.db, leaving.uid);
    const left = await t.db.select().from(auditLog).where(eq(auditLog.targetId, member.uid));
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ actorUid: null, action: "user.unban", after: { banned: false } });
  });

  it("filters by actor, action, target and time, newest first, a page at a time", async () => {
    for (let index = 0; index < 3; index++)
      await recordAudit(
        t.db,
        { actorUid: moderator.uid, action: "chat.slow-mode", targetKind: "room", targetId: "global-vi", after: { seconds: index } },
        Date.parse("2026-11-02T18:00:00Z") + index,
      );
    const first = await audit(`?actor=${moderator.uid}&targetKind=room&targetId=global-vi&limit=2`);
    expect(first.body.data.map((entry: { after: { seconds: number } }) => entry.after.seconds)).toEqual([2, 1]);
    const second = await audit(`?actor=${moderator.uid}&targetKind=room&limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.data.map((entry: { after: { seconds: number } }) => entry.after.seconds)).toEqual([0]);
    expect(second.body.nextCursor).toBeNull();
    // 18:00 UTC on the 2nd is 01:00 on the 3rd in game time (UTC+7): a date is a whole game day.
    expect((await audit("?action=chat.slow-mode&from=2026-11-03&to=2026-11-03")).body.data).toHaveLength(3);
    expect((await audit("?action=chat.slow-mode&to=2026-11-02")).body.data).toHaveLength(0);
    expect((await audit("?action=chat.slow-mode&from=2026-11-02T18:00:00.001Z")).body.data).toHaveLength(2);
  });

  it("shows a moderator the moderation decisions only, and a member nothing", async () => {
    const seen = (await audit("?limit=100", moderator.cookie)).body.data.map((entry: { action: string }) => entry.action);
    expect(seen).toContain("chat.slow-mode");
    expect(seen).not.toContain("user.set-role");
    expect((await audit("?action=user.set-role", moderator.cookie)).body.data).toEqual([]);
    expect((await audit("", member.cookie)).status).toBe(403);
    expect((await call(t.app, "/api/admin/audit.csv", { cookie: member.cookie })).status).toBe(403);
    expect((await call(t.app, "/api/admin/audit")).status).toBe(401);
  });

  it("answers a bad filter with 400 naming the field", async () => {
    for (const [query, field] of [
      ["?action=user.fly", "action"],
      ["?from=yesterday", "from"],
      ["?targetKind=planet", "targetKind"],
      ["?from=2026-11-05&to=2026-11-01", "from"],
    ] as const) {
      const { status, body } = await audit(query);
      expect(status, query).toBe(400);
      expect(body.error.code).toBe("invalid-argument");
      expect(body.error.details?.field ?? body.error.details?.issues?.[0]?.path?.[0], query).toBe(field);
    }
  });

  it("exports the same filters as CSV, one line an entry, formulas defused", async () => {
    await recordAudit(t.db, {
      actorUid: admin.uid,
      action: "user.ban",
      targetKind: "member",
      targetId: member.uid,
      note: '=HYPERLINK("x")',
      before: { banned: false, until: null },
      after: { banned: true, until: null },
    });
    const response = await call(t.app, `/api/admin/audit.csv?action=user.ban&targetId=${member.uid}`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = Buffer.from(await response.arrayBuffer());
    // The UTF-8 byte order mark first, for spreadsheets that would otherwise guess the encoding.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(bytes.toString("utf8"));
    expect(header?.join(",")).toBe("id,at,actorUid,actorName,action,targetKind,targetId,before,after,ip,note");
    expect(rows).toHaveLength(1);
    const [, at, actorUid, actorName, action, targetKind, targetId, before, after, , note] = rows[0] ?? [];
    expect([actorUid, actorName, action, targetKind, targetId]).toEqual([admin.uid, "Quản Trị", "user.ban", "member", member.uid]);
    expect(Date.parse(at ?? "")).not.toBeNaN();
    expect(JSON.parse(before ?? "")).toEqual({ banned: false, until: null });
    expect(JSON.parse(after ?? "")).toEqual({ banned: true, until: null });
    // Written as '=HYPERLINK… so that a spreadsheet shows it rather than runs it.
    expect(note).toBe('\'=HYPERLINK("x")');
    // A moderator's export leaves the admins' decisions out.
    const moderators = await (await call(t.app, "/api/admin/audit.csv", { cookie: moderator.cookie })).text();
    expect(moderators).not.toContain("user.ban");
    expect(moderators).toContain("chat.slow-mode");
  });
});
