import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "../../db/testing.ts";
import type { Report } from "../../universal/moderation/moderation-schemas.ts";
import type { HubEvent } from "../realtime/hub.ts";
import { call, createTestApp, signUpMember, type TestApp, type TestMember } from "../testing.ts";
import { POINTS_BY_REASON } from "../../universal/contribution/contribution-levels.ts";

describe.each(testEngines)("the moderation queue on %s", (engine) => {
  let t: TestApp;
  let clientIds = 0;

  async function send(who: TestMember, room: string, text: string): Promise<number> {
    const response = await call(t.app, `/api/chat/rooms/${room}/messages`, {
      cookie: who.cookie,
      body: { text, clientId: `moderation-${++clientIds}-${Date.now()}` },
    });
    expect(response.status).toBe(201);
    return (await response.json()).data.id;
  }

  const report = (who: TestMember, id: number | string, reason = "Spam", kind = "message") =>
    call(t.app, "/api/reports", { cookie: who.cookie, body: { kind, id, reason } });

  async function queue(who: TestMember, query = ""): Promise<{ data: Report[]; open: number }> {
    const response = await call(t.app, `/api/reports${query}`, { cookie: who.cookie });
    expect(response.status).toBe(200);
    return response.json();
  }

  const resolve = (who: TestMember, id: number, action: string, note = "") =>
    call(t.app, `/api/reports/${id}/resolve`, { cookie: who.cookie, body: { action, note } });

  let author: TestMember;
  let reporter: TestMember;
  let second: TestMember;
  let moderator: TestMember;
  let admin: TestMember;

  beforeAll(async () => {
    t = await createTestApp(engine, { SIGN_UP_LIMIT_PER_HOUR: "1000", CHAT_RATE_MAX: "50" });
    author = await signUpMember(t, "Kẻ Phá");
    reporter = await signUpMember(t, "Lan");
    second = await signUpMember(t, "Minh");
    moderator = await signUpMember(t, "Nga", { role: "moderator" });
    admin = await signUpMember(t, "Oanh", { role: "admin" });
  });
  afterAll(() => t.dispose());

  it("counts each member once on one open report of a message, and shows it in context to moderators only", async () => {
    await send(author, "global-vi", "Trước đó");
    const bad = await send(author, "global-vi", "Mua vàng giá rẻ tại trang lừa đảo");
    await send(second, "global-vi", "Sau đó");

    const first = await report(reporter, bad, "  Lừa đảo  ");
    expect(first.status).toBe(201);
    const filed = (await first.json()).data;
    expect(filed).toMatchObject({ kind: "message", targetId: String(bad), status: "open", count: 1 });
    // The same member again (a retried request) changes nothing; another member counts.
    expect((await (await report(reporter, bad, "again")).json()).data).toMatchObject({ id: filed.id, count: 1 });
    expect((await (await report(second, String(bad), "Spam")).json()).data).toMatchObject({ id: filed.id, count: 2 });

    expect((await call(t.app, "/api/reports", { cookie: reporter.cookie })).status).toBe(403);
    expect((await call(t.app, "/api/reports")).status).toBe(401);
    const { data, open } = await queue(moderator);
    expect(open).toBeGreaterThanOrEqual(1);
    const item = data.find((entry) => entry.id === filed.id);
    expect(item).toMatchObject({
      kind: "message",
      targetId: String(bad),
      reason: "Lừa đảo",
      reporter: { uid: reporter.uid, displayName: "Lan" },
      count: 2,
      status: "open",
      resolution: null,
    });
    expect(item?.reasons.map((entry) => entry.reason)).toEqual(["Lừa đảo", "Spam"]);
    expect(item?.context).toMatchObject({
      author: { uid: author.uid, displayName: "Kẻ Phá" },
      text: "Mua vàng giá rẻ tại trang lừa đảo",
      link: "/chat?room=global-vi",
      removed: false,
    });
    const around = item?.context?.around ?? [];
    expect(around.find((line) => line.target)?.text).toBe("Mua vàng giá rẻ tại trang lừa đảo");
    expect(around.map((line) => line.text)).toEqual(expect.arrayContaining(["Trước đó", "Sau đó"]));
  });

  it("refuses what cannot be reported: own messages, unknown or unseen ones, bad input", async () => {
    const own = await send(reporter, "global-vi", "Của tôi");
    expect((await report(reporter, own)).status).toBe(400);
    expect((await report(reporter, 999_999_999)).status).toBe(404);
    // A direct conversation's message is unseen (404, not 403) by anyone outside it.
    const { id: room } = (await (await call(t.app, "/api/chat/direct", { cookie: author.cookie, body: { uid: second.uid } })).json()).data;
    const secret = await send(author, room, "Riêng tư");
    expect((await report(reporter, secret)).status).toBe(404);
    expect((await report(second, secret, "Quấy rối")).status).toBe(201);
    expect((await report(reporter, own, "   ")).status).toBe(400);
    expect((await report(reporter, own, "x".repeat(501))).status).toBe(400);
    expect((await report(reporter, own, "Spam", "planet")).status).toBe(400);
    const visitor = await call(t.app, "/api/reports", { body: { kind: "message", id: own, reason: "Spam" } });
    expect(visitor.status).toBe(401);
    const body = await visitor.json();
    expect(body.error.code).toBe("unauthenticated");
  });

  it("hides a message: it leaves the room, the room hears it, the report closes with the note, and the audit log has it", async () => {
    const bad = await send(author, "global-vi", "Quảng cáo rác");
    const { data: filed } = await (await report(reporter, bad)).json();
    const events: HubEvent[] = [];
    const stop = t.hub.listen("room:global-vi", (event) => events.push(event));

    expect((await resolve(reporter, filed.id, "hide")).status).toBe(403);
    const resolved = await resolve(moderator, filed.id, "hide", "Quảng cáo");
    expect(resolved.status).toBe(200);
    expect((await resolved.json()).data).toEqual({ id: filed.id, status: "resolved", action: "hide" });
    stop();
    expect(events).toContainEqual(expect.objectContaining({ type: "message-deleted", messageId: bad }));

    const history = (await (await call(t.app, "/api/chat/rooms/global-vi/messages", { cookie: reporter.cookie })).json()).data;
    expect(history.map((message: { id: number }) => message.id)).not.toContain(bad);
    // Another moderator resolving it too is told it is done (409), and nothing more happens.
    expect((await resolve(admin, filed.id, "delete")).status).toBe(409);

    const { data: closed } = await queue(moderator, "?status=resolved");
    const item = closed.find((entry) => entry.id === filed.id);
    expect(item?.resolution).toMatchObject({ action: "hide", note: "Quảng cáo", by: { uid: moderator.uid } });
    expect(item?.context).toMatchObject({ text: "Quảng cáo rác", removed: true });
    expect((await queue(moderator)).data.map((entry) => entry.id)).not.toContain(filed.id);

    expect((await call(t.app, "/api/audit", { cookie: moderator.cookie })).status).toBe(403);
    const audit = (await (await call(t.app, "/api/audit", { cookie: admin.cookie })).json()).data;
    expect(audit[0]).toMatchObject({
      action: "report.hide",
      targetKind: "message",
      targetId: String(bad),
      note: "Quảng cáo",
      actor: { uid: moderator.uid },
    });
    // The hidden message can no longer be reported.
    expect((await report(second, bad)).status).toBe(404);
  });

  it("deletes a message's text for good, and dismisses a report leaving the message as it was", async () => {
    const gone = await send(author, "global-vi", "Nội dung độc hại");
    const kept = await send(author, "global-vi", "Tin bình thường");
    const { data: one } = await (await report(reporter, gone)).json();
    const { data: two } = await (await report(reporter, kept)).json();
    expect((await resolve(moderator, one.id, "delete", "Xóa")).status).toBe(200);
    expect((await resolve(moderator, two.id, "dismiss")).status).toBe(200);
    const { data: closed } = await queue(moderator, "?status=resolved");
    expect(closed.find((entry) => entry.id === one.id)?.context).toMatchObject({ text: "", removed: true });
    expect(closed.find((entry) => entry.id === two.id)?.context).toMatchObject({ text: "Tin bình thường", removed: false });
    const history = (await (await call(t.app, "/api/chat/rooms/global-vi/messages", { cookie: reporter.cookie })).json()).data;
    const ids = history.map((message: { id: number }) => message.id);
    expect(ids).toContain(kept);
    expect(ids).not.toContain(gone);
    // A dismissed message reported again opens a new report.
    const again = (await (await report(second, kept)).json()).data;
    expect(again.id).not.toBe(two.id);
    expect(again.count).toBe(1);
  });

  it("gives each member whose report is upheld contribution points once, and none for a dismissed report", async () => {
    const first = await signUpMember(t, "Quân");
    const other = await signUpMember(t, "Sơn");
    const points = async (who: TestMember) => (await (await call(t.app, `/api/users/${who.uid}`)).json()).data.points;
    const upheld = await send(author, "global-vi", "Lừa đảo");
    const dismissed = await send(author, "global-vi", "Chào cả nhà");
    const { data: filed } = await (await report(first, upheld)).json();
    await report(other, upheld);
    const { data: ignored } = await (await report(first, dismissed)).json();
    expect((await resolve(moderator, filed.id, "hide")).status).toBe(200);
    expect((await resolve(moderator, ignored.id, "dismiss")).status).toBe(200);
    expect(await points(first)).toBe(POINTS_BY_REASON["report-upheld"]);
    expect(await points(other)).toBe(POINTS_BY_REASON["report-upheld"]);
    expect(await points(author)).toBe(0);
  });

  it("refuses bad decisions: an unknown action or report, a note too long", async () => {
    const bad = await send(author, "global-vi", "Một tin nữa");
    const { data: filed } = await (await report(reporter, bad)).json();
    expect((await resolve(moderator, filed.id, "ban")).status).toBe(400);
    expect((await resolve(moderator, filed.id, "hide", "x".repeat(501))).status).toBe(400);
    expect((await resolve(moderator, 987_654_321, "hide")).status).toBe(404);
    expect((await call(t.app, "/api/reports/abc/resolve", { cookie: moderator.cookie, body: { action: "hide" } })).status).toBe(404);
    expect((await queue(moderator)).data.find((entry) => entry.id === filed.id)?.status).toBe("open");
  });

  it("shows moderators a reported direct message with what came before it, never what the two said after", async () => {
    const { id: room } = (await (await call(t.app, "/api/chat/direct", { cookie: author.cookie, body: { uid: reporter.uid } })).json())
      .data;
    await send(author, room, "Trước báo cáo");
    const bad = await send(author, room, "Tin bị báo cáo");
    const { data: filed } = await (await report(reporter, bad, "Quấy rối")).json();
    await new Promise((done) => setTimeout(done, 5));
    await send(reporter, room, "Chuyện riêng sau đó");
    const item = (await queue(moderator, "?limit=100")).data.find((entry) => entry.id === filed.id);
    expect(item?.context?.link).toBeNull();
    expect(item?.context?.around.map((line) => line.text)).toEqual(["Trước báo cáo", "Tin bị báo cáo"]);
  });

  it("pages the queue by cursor, oldest open report first", async () => {
    const ids: number[] = [];
    for (const text of ["Một", "Hai", "Ba"]) {
      const message = await send(author, "global-en-US", text);
      ids.push((await (await report(second, message)).json()).data.id);
    }
    const all = (await queue(moderator, "?limit=100")).data.map((entry) => entry.id);
    expect(all).toEqual([...all].sort((a, b) => a - b));
    const firstPage = (await queue(moderator, "?limit=2")).data.map((entry) => entry.id);
    const next = (await queue(moderator, `?limit=100&cursor=${firstPage.at(-1)}`)).data.map((entry) => entry.id);
    expect([...firstPage, ...next]).toEqual(all);
    expect(all).toEqual(expect.arrayContaining(ids));
  });

  it("writes an admin's tag and title change to the audit log", async () => {
    const titled = await signUpMember(t, "Tâm");
    const changed = await call(t.app, `/api/admin/users/${titled.uid}/badges`, {
      cookie: admin.cookie,
      body: { tag: "vip", title: "Hiệp sĩ" },
    });
    expect(changed.status).toBe(200);
    const audit = (await (await call(t.app, "/api/audit", { cookie: admin.cookie })).json()).data;
    expect(audit[0]).toEqual(
      expect.objectContaining({ action: "user.set-badges", targetId: titled.uid, actor: expect.objectContaining({ uid: admin.uid }) }),
    );
  });

  it("writes moderators' chat decisions and admins' role changes to the audit log", async () => {
    const muted = await signUpMember(t, "Phúc");
    expect(
      (await call(t.app, "/api/chat/rooms/global-vi/mutes", { cookie: moderator.cookie, body: { uid: muted.uid, minutes: 5 } })).status,
    ).toBe(201);
    expect((await call(t.app, `/api/admin/users/${muted.uid}/role`, { cookie: admin.cookie, body: { role: "moderator" } })).status).toBe(
      200,
    );
    const audit = (await (await call(t.app, "/api/audit", { cookie: admin.cookie })).json()).data;
    expect(audit.slice(0, 2)).toEqual([
      expect.objectContaining({ action: "user.set-role", targetId: muted.uid, actor: expect.objectContaining({ uid: admin.uid }) }),
      expect.objectContaining({ action: "chat.mute", targetId: muted.uid, actor: expect.objectContaining({ uid: moderator.uid }) }),
    ]);
  });
});
