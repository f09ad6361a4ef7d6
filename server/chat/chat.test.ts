import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "../../db/testing.ts";
import { MESSAGE_TEXT_MAX } from "../../universal/chat/chat-schemas.ts";
import type { HubEvent } from "../realtime/hub.ts";
import { call, createTestApp, signUpMember, type TestApp, type TestMember } from "../testing.ts";
import { editMessage } from "./change-message.ts";
import { roomEventsAfter } from "./chat-topic.ts";
import { getViewer } from "../auth/viewer.ts";

describe.each(testEngines)("chat on %s", (engine) => {
  let t: TestApp;
  let clientIds = 0;
  const clientId = () => `client-${++clientIds}-${Date.now()}`;

  async function send(who: TestMember, room: string, text: string, extra: Record<string, unknown> = {}) {
    return call(t.app, `/api/chat/rooms/${room}/messages`, { cookie: who.cookie, body: { text, clientId: clientId(), ...extra } });
  }

  async function history(who: TestMember, room: string, query = "") {
    const response = await call(t.app, `/api/chat/rooms/${room}/messages${query}`, { cookie: who.cookie });
    expect(response.status).toBe(200);
    return (await response.json()).data as {
      id: number;
      text: string;
      editedAt: number | null;
      author: { uid: string; displayName: string };
    }[];
  }

  async function notificationsOf(who: TestMember) {
    return (await call(t.app, "/api/notifications", { cookie: who.cookie })).json();
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { CHAT_RATE_MAX: "4", SIGN_UP_LIMIT_PER_HOUR: "1000" });
  });
  afterAll(() => t.dispose());

  it("lists a visitor nothing (401) and a member the global rooms, their own language first, named in it", async () => {
    expect((await call(t.app, "/api/chat/rooms")).status).toBe(401);
    const an = await signUpMember(t, "An");
    const vi = (await (await call(t.app, "/api/chat/rooms", { cookie: an.cookie })).json()).data;
    expect(vi.map((room: { id: string }) => room.id)).toEqual(["global-vi", "global-en-US"]);
    expect(vi[0]).toMatchObject({ kind: "global", name: "Kênh chung tiếng Việt", language: "vi", unread: 0 });
    const en = (await (await call(t.app, "/api/chat/rooms", { cookie: `${an.cookie}; locale=en-US` })).json()).data;
    expect(en.map((room: { id: string; name: string }) => `${room.id} ${room.name}`)).toEqual([
      "global-en-US English lounge",
      "global-vi Vietnamese lounge",
    ]);
  });

  it("sends a message once per client id, publishes it on the room's topic, and keeps it in the history", async () => {
    const binh = await signUpMember(t, "Bình");
    const events: HubEvent[] = [];
    const stop = t.hub.listen("room:global-vi", (event) => events.push(event));
    const id = clientId();
    const first = await call(t.app, "/api/chat/rooms/global-vi/messages", {
      cookie: binh.cookie,
      body: { text: "  Chào cả nhà  ", clientId: id },
    });
    expect(first.status).toBe(201);
    const message = (await first.json()).data;
    expect(message).toMatchObject({
      roomId: "global-vi",
      text: "Chào cả nhà",
      author: { uid: binh.uid, displayName: "Bình" },
      editedAt: null,
    });
    const again = await call(t.app, "/api/chat/rooms/global-vi/messages", {
      cookie: binh.cookie,
      body: { text: "Chào cả nhà", clientId: id },
    });
    expect(again.status).toBe(201);
    expect((await again.json()).data.id).toBe(message.id);
    expect((await history(binh, "global-vi")).filter((each) => each.author.uid === binh.uid)).toHaveLength(1);
    const elsewhere = await call(t.app, "/api/chat/rooms/global-en-US/messages", {
      cookie: binh.cookie,
      body: { text: "Hi", clientId: id },
    });
    expect(elsewhere.status).toBe(400);
    expect(events).toEqual([{ type: "message", topic: "room:global-vi", id: message.id, message }]);
    stop();
  });

  it("refuses empty, whitespace-only and too long text with a 400 and writes nothing", async () => {
    const chi = await signUpMember(t, "Chi");
    for (const text of ["", "   \n ", "x".repeat(MESSAGE_TEXT_MAX + 1)]) {
      const response = await send(chi, "global-vi", text);
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBe("invalid-argument");
    }
    expect((await send(chi, "global-vi", "x".repeat(MESSAGE_TEXT_MAX))).status).toBe(201);
    const bad = await call(t.app, "/api/chat/rooms/global-vi/messages", { cookie: chi.cookie, body: { text: "ok", clientId: "short" } });
    expect(bad.status).toBe(400);
    expect((await call(t.app, "/api/chat/rooms/no-such-room/messages", { cookie: chi.cookie })).status).toBe(404);
  });

  it("pages history upward and downward in ascending order", async () => {
    const dung = await signUpMember(t, "Dũng");
    const { id: room } = (
      await (await call(t.app, "/api/chat/direct", { cookie: dung.cookie, body: { uid: (await signUpMember(t, "Em")).uid } })).json()
    ).data;
    const ids: number[] = [];
    for (let index = 0; index < 4; index++) ids.push((await (await send(dung, room, `m${index}`)).json()).data.id);
    expect((await history(dung, room)).map((each) => each.text)).toEqual(["m0", "m1", "m2", "m3"]);
    expect((await history(dung, room, "?limit=2")).map((each) => each.text)).toEqual(["m2", "m3"]);
    expect((await history(dung, room, `?before=${ids[2]}&limit=1`)).map((each) => each.text)).toEqual(["m1"]);
    expect((await history(dung, room, `?after=${ids[1]}`)).map((each) => each.text)).toEqual(["m2", "m3"]);
    expect((await call(t.app, `/api/chat/rooms/${room}/messages?after=1&before=9`, { cookie: dung.cookie })).status).toBe(400);
    expect((await call(t.app, `/api/chat/rooms/${room}/messages?limit=101`, { cookie: dung.cookie })).status).toBe(400);
  });

  it("answers the rate limit with a 429, Retry-After and the reason, per room", async () => {
    const giang = await signUpMember(t, "Giang");
    for (let index = 0; index < 4; index++) expect((await send(giang, "global-en-US", `hello ${index}`)).status).toBe(201);
    const refused = await send(giang, "global-en-US", "one too many");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await refused.json()).error).toMatchObject({ code: "resource-exhausted", details: { reason: "rate-limit" } });
    expect((await send(giang, "global-vi", "another room")).status).toBe(201);
  });

  it("opens one direct room per pair, keeps others out, notifies the other member, and honours blocks", async () => {
    const hoa = await signUpMember(t, "Hoa");
    const khanh = await signUpMember(t, "Khánh");
    const outsider = await signUpMember(t, "Long");
    const opened = await call(t.app, "/api/chat/direct", { cookie: hoa.cookie, body: { uid: khanh.uid } });
    expect(opened.status).toBe(200);
    const room = (await opened.json()).data.id;
    expect((await (await call(t.app, "/api/chat/direct", { cookie: khanh.cookie, body: { uid: hoa.uid } })).json()).data.id).toBe(room);
    expect((await call(t.app, "/api/chat/direct", { cookie: hoa.cookie, body: { uid: hoa.uid } })).status).toBe(400);
    expect((await call(t.app, "/api/chat/direct", { cookie: hoa.cookie, body: { uid: "nobody-here" } })).status).toBe(404);

    expect((await send(hoa, room, "Bán kiếm không?")).status).toBe(201);
    expect((await call(t.app, `/api/chat/rooms/${room}/messages`, { cookie: outsider.cookie })).status).toBe(403);
    expect((await send(outsider, room, "let me in")).status).toBe(403);

    const inbox = await notificationsOf(khanh);
    expect(inbox.unread).toBe(1);
    expect(inbox.data[0]).toMatchObject({
      kind: "direct-message",
      read: false,
      actor: { uid: hoa.uid, displayName: "Hoa" },
      link: `/chat?room=${room}`,
    });
    const rooms = (await (await call(t.app, "/api/chat/rooms", { cookie: khanh.cookie })).json()).data;
    expect(rooms.find((each: { id: string }) => each.id === room)).toMatchObject({
      kind: "direct",
      name: "Hoa",
      unread: 1,
      peer: { uid: hoa.uid },
    });

    expect((await call(t.app, "/api/chat/blocks", { cookie: khanh.cookie, body: { uid: hoa.uid } })).status).toBe(201);
    const blocked = await send(hoa, room, "hello?");
    expect(blocked.status).toBe(403);
    expect((await blocked.json()).error.details).toEqual({ reason: "blocked" });
    expect((await send(khanh, room, "I can still write")).status).toBe(201);
    expect((await call(t.app, `/api/chat/blocks/${hoa.uid}`, { method: "DELETE", cookie: khanh.cookie })).status).toBe(200);
    expect((await send(hoa, room, "thanks")).status).toBe(201);
  });

  it("notifies a member named by a unique @Name or by uid, and nobody for an ambiguous name", async () => {
    const sender = await signUpMember(t, "Mai");
    const lan = await signUpMember(t, "Lan Anh");
    const twinA = await signUpMember(t, "Quân");
    const twinB = await signUpMember(t, "Quân");
    const named = await signUpMember(t, "Nam");
    expect((await send(sender, "global-vi", "@Lan Anh và @Quân ơi")).status).toBe(201);
    expect((await send(sender, "global-vi", "xem giúp", { mentions: [named.uid] })).status).toBe(201);
    expect((await notificationsOf(lan)).data.map((each: { kind: string }) => each.kind)).toEqual(["mention"]);
    expect((await notificationsOf(named)).data.map((each: { kind: string }) => each.kind)).toEqual(["mention"]);
    expect((await notificationsOf(twinA)).unread).toBe(0);
    expect((await notificationsOf(twinB)).unread).toBe(0);
  });

  it("marks notifications read one at a time and all at once, only the reader's own", async () => {
    const oanh = await signUpMember(t, "Oanh");
    const phuc = await signUpMember(t, "Phúc");
    // Three senders: one sender's repeated mentions would collapse into one notification.
    const senders = [oanh, await signUpMember(t, "Oanh Hai"), await signUpMember(t, "Oanh Ba")];
    for (const [index, sender] of senders.entries()) expect((await send(sender, "global-vi", `@Phúc ${index}`)).status).toBe(201);
    const inbox = await notificationsOf(phuc);
    expect(inbox.unread).toBe(3);
    const first = inbox.data[0].id;
    expect((await call(t.app, "/api/notifications/read", { cookie: oanh.cookie, body: { ids: [first] } })).status).toBe(200);
    expect((await notificationsOf(phuc)).unread).toBe(3);
    expect(await (await call(t.app, "/api/notifications/read", { cookie: phuc.cookie, body: { ids: [first] } })).json()).toEqual({
      unread: 2,
    });
    const unreadOnly = await (await call(t.app, "/api/notifications?unread=1", { cookie: phuc.cookie })).json();
    expect(unreadOnly.data.map((each: { id: number }) => each.id)).not.toContain(first);
    expect(await (await call(t.app, "/api/notifications/read", { cookie: phuc.cookie, body: { all: true } })).json()).toEqual({
      unread: 0,
    });
    expect((await call(t.app, "/api/notifications/read", { cookie: phuc.cookie, body: { ids: [] } })).status).toBe(400);
    expect((await call(t.app, "/api/notifications")).status).toBe(401);
  });

  it("suggests members for @ by any word of their name, diacritics aside, recent writers first; a direct room only its other member", async () => {
    const viewer = await signUpMember(t, "Người Xem");
    const tuan = await signUpMember(t, "Tuấn Anh");
    const quiet = await signUpMember(t, "Anh Tuấn Lặng");
    await send(tuan, "global-en-US", "hello");
    const suggest = async (room: string, q: string) => {
      const response = await call(t.app, `/api/chat/rooms/${room}/mentions?q=${encodeURIComponent(q)}`, { cookie: viewer.cookie });
      expect(response.status).toBe(200);
      return ((await response.json()).data as { uid: string }[]).map((each) => each.uid);
    };
    const found = await suggest("global-en-US", "tuan");
    expect(found.slice(0, 2)).toEqual([tuan.uid, quiet.uid]);
    expect(await suggest("global-en-US", "ANH TU")).toContain(quiet.uid);
    expect(await suggest("global-en-US", "uấn")).not.toContain(tuan.uid);
    expect(await suggest("global-en-US", "ngu")).not.toContain(viewer.uid);
    const { id: room } = (await (await call(t.app, "/api/chat/direct", { cookie: viewer.cookie, body: { uid: tuan.uid } })).json()).data;
    expect(await suggest(room, "")).toEqual([tuan.uid]);
    const outsider = await signUpMember(t, "Ngoài");
    expect((await call(t.app, `/api/chat/rooms/${room}/mentions?q=a`, { cookie: outsider.cookie })).status).toBe(403);
    expect((await call(t.app, `/api/chat/rooms/global-vi/mentions?q=${"a".repeat(41)}`, { cookie: outsider.cookie })).status).toBe(400);
    expect((await call(t.app, "/api/chat/rooms/global-vi/mentions?q=a")).status).toBe(401);
  });

  it("reading a direct room marks its notifications read, and the reader's open pages hear the new unread count", async () => {
    const sender = await signUpMember(t, "Người Gửi");
    const reader = await signUpMember(t, "Người Đọc");
    const { id: room } = (await (await call(t.app, "/api/chat/direct", { cookie: sender.cookie, body: { uid: reader.uid } })).json()).data;
    const first = (await (await send(sender, room, "một")).json()).data.id;
    const second = (await (await send(sender, room, "hai")).json()).data.id;
    expect((await notificationsOf(reader)).unread).toBe(2);
    const events: HubEvent[] = [];
    const stop = t.hub.listen(`user:${reader.uid}`, (event) => events.push(event));
    const read = await call(t.app, `/api/chat/rooms/${room}/read`, { cookie: reader.cookie, body: { lastId: first } });
    expect(await read.json()).toEqual({ ok: true, notificationsRead: 1 });
    expect(events).toEqual([{ type: "unread", topic: `user:${reader.uid}`, unread: 1 }]);
    await call(t.app, `/api/chat/rooms/${room}/read`, { cookie: reader.cookie, body: { lastId: second } });
    stop();
    expect((await notificationsOf(reader)).unread).toBe(0);
    expect(events.at(-1)).toMatchObject({ type: "unread", unread: 0 });
  });

  it("lets the author edit or delete within 10 minutes, moderators delete any time, nobody else", async () => {
    const quynh = await signUpMember(t, "Quỳnh");
    const other = await signUpMember(t, "Sơn");
    const moderator = await signUpMember(t, "Tâm", { role: "moderator" });
    const message = (await (await send(quynh, "global-vi", "typo hre")).json()).data;
    const edited = await call(t.app, `/api/chat/messages/${message.id}`, {
      method: "PATCH",
      cookie: quynh.cookie,
      body: { text: "typo here" },
    });
    expect(edited.status).toBe(200);
    expect((await edited.json()).data).toMatchObject({ id: message.id, text: "typo here", editedAt: expect.any(Number) });
    expect(
      (await call(t.app, `/api/chat/messages/${message.id}`, { method: "PATCH", cookie: other.cookie, body: { text: "mine now" } })).status,
    ).toBe(403);
    expect((await call(t.app, `/api/chat/messages/${message.id}`, { method: "DELETE", cookie: other.cookie })).status).toBe(403);
    const author = await getViewer(t.auth, t.db, new Headers({ cookie: quynh.cookie }));
    if (!author) throw new Error("no viewer");
    await expect(editMessage(t.db, t.hub, author, message.id, "too late", message.createdAt + 11 * 60_000)).rejects.toMatchObject({
      code: "permission-denied",
    });
    expect((await call(t.app, `/api/chat/messages/${message.id}`, { method: "DELETE", cookie: moderator.cookie })).status).toBe(200);
    expect((await history(quynh, "global-vi")).map((each) => each.id)).not.toContain(message.id);
    expect((await call(t.app, `/api/chat/messages/${message.id}`, { method: "DELETE", cookie: quynh.cookie })).status).toBe(404);
  });

  it("lets moderators mute a member (told until when, editing too) and set slow mode in a lounge; members may do neither; a direct conversation has neither", async () => {
    const uyen = await signUpMember(t, "Uyên");
    const moderator = await signUpMember(t, "Vinh", { role: "moderator" });
    const room = "global-en-US";
    expect(
      (await call(t.app, `/api/chat/rooms/${room}/mutes`, { cookie: uyen.cookie, body: { uid: moderator.uid, minutes: 5 } })).status,
    ).toBe(403);
    expect((await call(t.app, `/api/chat/rooms/${room}/slow-mode`, { cookie: uyen.cookie, body: { seconds: 30 } })).status).toBe(403);

    expect((await call(t.app, `/api/chat/rooms/${room}/slow-mode`, { cookie: moderator.cookie, body: { seconds: 30 } })).status).toBe(200);
    try {
      const first = await send(uyen, room, "first");
      expect(first.status).toBe(201);
      const written = (await first.json()).data.id;
      const slowed = await send(uyen, room, "second");
      expect(slowed.status).toBe(429);
      expect((await slowed.json()).error.details).toMatchObject({ reason: "slow-mode", retryAfter: expect.any(Number) });
      expect((await send(moderator, room, "moderators are not slowed")).status).toBe(201);
      expect((await send(moderator, room, "not at all")).status).toBe(201);

      const muted = await call(t.app, `/api/chat/rooms/${room}/mutes`, { cookie: moderator.cookie, body: { uid: uyen.uid, minutes: 5 } });
      expect(muted.status).toBe(201);
      const { until } = (await muted.json()).data;
      const refused = await send(uyen, room, "hello?");
      expect(refused.status).toBe(403);
      expect((await refused.json()).error.details).toEqual({ reason: "muted", until });
      // A muted member cannot turn an earlier message into something else either.
      const edit = await call(t.app, `/api/chat/messages/${written}`, { method: "PATCH", cookie: uyen.cookie, body: { text: "changed" } });
      expect(edit.status).toBe(403);
      expect((await edit.json()).error.details).toEqual({ reason: "muted", until });
      expect(
        (await call(t.app, `/api/chat/rooms/${room}/mutes`, { cookie: moderator.cookie, body: { uid: uyen.uid, minutes: 0 } })).status,
      ).toBe(400);
    } finally {
      await call(t.app, `/api/chat/rooms/${room}/slow-mode`, { cookie: moderator.cookie, body: { seconds: 0 } });
    }

    // In a direct conversation the moderator is one of the two: no mutes, no slow mode, no deleting the other's messages.
    const { id: direct } = (await (await call(t.app, "/api/chat/direct", { cookie: uyen.cookie, body: { uid: moderator.uid } })).json())
      .data;
    expect(
      (await call(t.app, `/api/chat/rooms/${direct}/mutes`, { cookie: moderator.cookie, body: { uid: uyen.uid, minutes: 5 } })).status,
    ).toBe(400);
    expect((await call(t.app, `/api/chat/rooms/${direct}/slow-mode`, { cookie: moderator.cookie, body: { seconds: 30 } })).status).toBe(
      400,
    );
    const theirs = (await (await send(uyen, direct, "riêng tư")).json()).data.id;
    expect((await call(t.app, `/api/chat/messages/${theirs}`, { method: "DELETE", cookie: moderator.cookie })).status).toBe(403);
  });

  it("counts unread messages per room and clears them when read", async () => {
    const xuan = await signUpMember(t, "Xuân");
    const yen = await signUpMember(t, "Yến");
    const { id: room } = (await (await call(t.app, "/api/chat/direct", { cookie: xuan.cookie, body: { uid: yen.uid } })).json()).data;
    let last = 0;
    for (let index = 0; index < 3; index++) last = (await (await send(xuan, room, `tin ${index}`)).json()).data.id;
    const unread = async () =>
      (await (await call(t.app, "/api/chat/rooms", { cookie: yen.cookie })).json()).data.find((each: { id: string }) => each.id === room);
    expect(await unread()).toMatchObject({ unread: 3, lastMessageId: last });
    expect((await call(t.app, `/api/chat/rooms/${room}/read`, { cookie: yen.cookie, body: { lastId: last } })).status).toBe(200);
    expect((await unread()).unread).toBe(0);
    expect((await call(t.app, `/api/chat/rooms/${room}/read`, { cookie: yen.cookie, body: { lastId: 1 } })).status).toBe(200);
    expect((await unread()).unread).toBe(0);
  });

  it("replays what a resuming subscriber missed in id order, each message once, edits of older messages included", async () => {
    const an = await signUpMember(t, "Ánh");
    const bao = await signUpMember(t, "Bảo");
    const { id: room } = (await (await call(t.app, "/api/chat/direct", { cookie: an.cookie, body: { uid: bao.uid } })).json()).data;
    const ids: number[] = [];
    // Five messages in a few seconds would pass the test's rate limit of four: the two members take turns.
    for (let index = 0; index < 3; index++) ids.push((await (await send(index === 2 ? bao : an, room, `m${index}`)).json()).data.id);
    const seen = ids[1] as number;
    // While the subscriber is away: an older message is edited, a new one sent and deleted, another sent.
    await call(t.app, `/api/chat/messages/${ids[0]}`, { method: "PATCH", cookie: an.cookie, body: { text: "m0 (edited)" } });
    await call(t.app, `/api/chat/messages/${ids[0]}`, { method: "PATCH", cookie: an.cookie, body: { text: "m0 (edited twice)" } });
    const gone = (await (await send(an, room, "oops")).json()).data.id;
    await call(t.app, `/api/chat/messages/${gone}`, { method: "DELETE", cookie: an.cookie });
    const newest = (await (await send(bao, room, "m3")).json()).data.id;
    const events = (await roomEventsAfter(t.db, room, seen)) ?? [];
    expect(
      events.map((event) => [event.type, "message" in event ? event.message.text : "messageId" in event ? event.messageId : null]),
    ).toEqual([
      ["message", "m2"],
      ["message-updated", "m0 (edited twice)"],
      ["message", "m3"],
    ]);
    const eventIds = events.map((event) => event.id);
    expect([...eventIds].sort((a, b) => a - b)).toEqual(eventIds);
    expect(eventIds[2]).toBe(newest);
    expect(await roomEventsAfter(t.db, room, 0, 2)).toBeUndefined();
  });
});
