import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "../../db/testing.ts";
import { activeNotificationKinds, mayNotifyInBrowser } from "../../universal/notifications/notification-kinds.ts";
import type { HubEvent } from "../realtime/hub.ts";
import { call, createTestApp, signUpMember, type TestApp, type TestMember } from "../testing.ts";
import { markRoomNotificationsRead } from "./notifications.ts";

const PATH = "/api/notifications/preferences";

describe.each(testEngines)("notification preferences on %s", (engine) => {
  let t: TestApp;
  let clientIds = 0;

  const preferencesOf = async (who: TestMember) => {
    const response = await call(t.app, PATH, { cookie: who.cookie });
    expect(response.status).toBe(200);
    return (await response.json()).data;
  };
  const put = (who: TestMember, body: unknown) => call(t.app, PATH, { method: "PUT", cookie: who.cookie, body });
  const send = async (who: TestMember, room: string, text: string) => {
    const response = await call(t.app, `/api/chat/rooms/${room}/messages`, {
      cookie: who.cookie,
      body: { text, clientId: `prefs-client-${++clientIds}` },
    });
    expect(response.status).toBe(201);
    return (await response.json()).data.id as number;
  };
  const inbox = async (who: TestMember) =>
    (await (await call(t.app, "/api/notifications", { cookie: who.cookie })).json()) as {
      data: { kind: string; read: boolean; data: { messageId: number } }[];
      unread: number;
    };
  const directRoom = async (from: TestMember, to: TestMember) =>
    (await (await call(t.app, "/api/chat/direct", { cookie: from.cookie, body: { uid: to.uid } })).json()).data.id as string;

  /** Every active kind on (a browser notification only for the kinds that may have one), but the changes named. */
  const defaults = (changes: Partial<Record<string, { inApp: boolean; browser: boolean }>> = {}) =>
    activeNotificationKinds.map((kind) => ({ kind, inApp: true, browser: mayNotifyInBrowser(kind), ...changes[kind] }));

  beforeAll(async () => {
    t = await createTestApp(engine, { SIGN_UP_LIMIT_PER_HOUR: "1000", CHAT_RATE_MAX: "50" });
  });
  afterAll(() => t.dispose());

  it("lists every active kind, on by default, to the member only", async () => {
    expect((await call(t.app, PATH)).status).toBe(401);
    const visitorPut = await call(t.app, PATH, { method: "PUT", body: { kind: "mention", inApp: false, browser: false } });
    expect(visitorPut.status).toBe(401);
    expect((await visitorPut.json()).error.code).toBe("unauthenticated");

    const an = await signUpMember(t, "An");
    expect(await preferencesOf(an)).toEqual(defaults());
  });

  it("stores one kind or several for the signed-in member, never for the uid a body names", async () => {
    const binh = await signUpMember(t, "Bình");
    const chi = await signUpMember(t, "Chi");
    const saved = await put(binh, { kind: "mention", inApp: false, browser: false });
    expect(saved.status).toBe(200);
    expect((await saved.json()).data).toEqual(defaults({ mention: { inApp: false, browser: false } }));
    expect(
      (
        await put(binh, [
          { kind: "direct-message", inApp: true, browser: false },
          { kind: "mention", inApp: true, browser: true },
        ])
      ).status,
    ).toBe(200);
    expect(await preferencesOf(binh)).toEqual(defaults({ "direct-message": { inApp: true, browser: false } }));

    // Someone else's uid in the body is refused, not applied to them.
    const other = await put(binh, { kind: "mention", inApp: false, browser: false, uid: chi.uid });
    expect(other.status).toBe(400);
    expect(await preferencesOf(chi)).toEqual(defaults());
  });

  it.each([
    ["an unknown kind", { kind: "carrier-pigeon", inApp: true, browser: true }],
    ["a missing switch", { kind: "mention", inApp: false }],
    ["a switch that is not a boolean", { kind: "mention", inApp: "no", browser: true }],
    [
      "the same kind twice",
      [
        { kind: "mention", inApp: false, browser: false },
        { kind: "mention", inApp: true, browser: true },
      ],
    ],
    ["an empty list", []],
    ["no body", null],
  ])("refuses %s with 400 and changes nothing", async (_case, body) => {
    const dung = await signUpMember(t, "Dũng");
    const response = await put(dung, body);
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(answer.error.code).toBe("invalid-argument");
    expect(typeof answer.error.message).toBe("string");
    expect(await preferencesOf(dung)).toEqual(defaults());
  });

  it("passes writes through the write guard", async () => {
    const em = await signUpMember(t, "Em");
    const body = { kind: "mention", inApp: false, browser: false };
    const crossSite = await call(t.app, PATH, { method: "PUT", cookie: em.cookie, body, headers: { Origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
    const notJson = await t.app.request(`http://localhost:4040${PATH}`, {
      method: "PUT",
      headers: { Origin: "http://localhost:4040", Cookie: em.cookie, "Content-Type": "text/plain" },
      body: JSON.stringify(body),
    });
    expect(notJson.status).toBe(415);
    expect((await preferencesOf(em))[0]).toEqual({ kind: "mention", inApp: true, browser: true });
  });

  it("creates no notification of a kind the member turned off in the app, and others as before", async () => {
    const giang = await signUpMember(t, "Giang");
    const hai = await signUpMember(t, "Hải");
    const events: HubEvent[] = [];
    const stop = t.hub.listen(`user:${giang.uid}`, (event) => events.push(event));
    expect((await put(giang, { kind: "mention", inApp: false, browser: true })).status).toBe(200);

    await send(hai, "global-vi", "@Giang ơi xem cái này");
    expect(await inbox(giang)).toMatchObject({ data: [], unread: 0 });
    expect(events).toEqual([]);

    const room = await directRoom(hai, giang);
    await send(hai, room, "Chào Giang");
    expect((await inbox(giang)).data.map((each) => each.kind)).toEqual(["direct-message"]);
    expect(events.map((event) => event.type)).toEqual(["notification"]);

    // A mention of Hải by Giang still reaches Hải: the choice is Giang's own.
    await send(giang, "global-vi", "@Hải nhé");
    expect((await inbox(hai)).data.map((each) => each.kind)).toEqual(["mention"]);

    expect((await put(giang, { kind: "mention", inApp: true, browser: true })).status).toBe(200);
    await send(hai, "global-vi", "@Giang lần nữa");
    expect((await inbox(giang)).data.map((each) => each.kind)).toEqual(["mention", "direct-message"]);
    stop();
  });

  it("marks a room's chat notifications read up to the message read, and no others", async () => {
    const khoa = await signUpMember(t, "Khoa");
    const lan = await signUpMember(t, "Lan");
    const room = await directRoom(khoa, lan);
    const first = await send(khoa, room, "một");
    const second = await send(khoa, room, "hai");
    await send(khoa, "global-vi", "@Lan ở kênh chung");
    const third = await send(khoa, room, "ba");
    expect((await inbox(lan)).unread).toBe(4);

    expect(await markRoomNotificationsRead(t.db, lan.uid, room, second)).toBe(2);
    const after = await inbox(lan);
    expect(after.unread).toBe(2);
    const unread = after.data.filter((each) => !each.read).map((each) => [each.kind, each.data.messageId]);
    expect(unread).toEqual([
      ["direct-message", third],
      ["mention", expect.any(Number)],
    ]);
    expect(after.data.find((each) => each.data.messageId === first)?.read).toBe(true);

    // Only the reader's own: the sender's reading of the room marks nothing of Lan's.
    expect(await markRoomNotificationsRead(t.db, khoa.uid, room, third)).toBe(0);
    expect(await markRoomNotificationsRead(t.db, lan.uid, room, third)).toBe(1);
    expect((await inbox(lan)).unread).toBe(1);
  });
});
