import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testEngines } from "../../db/testing.ts";
import { chatRoomTopic } from "../chat/chat-topic.ts";
import { ensureContent } from "../content/content-store.ts";
import { offerThreadTopic } from "../offers/offer-topic.ts";
import { userNotificationsTopic } from "../notifications/notifications-topic.ts";
import { call, createTestApp, signUpMember, silentLogger, TEST_ORIGIN, type TestApp } from "../testing.ts";
import { attachSocketServer, MAX_FRAME_BYTES, type SocketServer } from "./socket-server.ts";
import { createPresence, type Presence } from "./presence.ts";
import { presence as presenceTable } from "../../db/schema/index.ts";
import { SocketTestClient as Client } from "./socket-test-client.ts";
import { eq } from "drizzle-orm";

describe.each(testEngines)("the /ws socket on %s", (engine) => {
  let t: TestApp;
  let server: Server;
  let sockets: SocketServer;
  let presence: Presence;
  let url = "";
  let clientIds = 0;

  async function connect(cookie?: string, origin = TEST_ORIGIN): Promise<Client> {
    const client = new Client(url, { Origin: origin, ...(cookie ? { Cookie: cookie } : {}) });
    await client.opened();
    return client;
  }

  async function say(cookie: string, room: string, text: string): Promise<number> {
    const response = await call(t.app, `/api/chat/rooms/${room}/messages`, {
      cookie,
      body: { text, clientId: `ws-client-${++clientIds}` },
    });
    expect(response.status).toBe(201);
    return (await response.json()).data.id;
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { SIGN_UP_LIMIT_PER_HOUR: "1000", CHAT_RATE_MAX: "100" });
    server = createServer(getRequestListener(t.app.fetch));
    presence = createPresence({ hub: t.hub, db: t.db, flushMs: 20 });
    sockets = attachSocketServer(server, {
      presence,
      hub: t.hub,
      db: t.db,
      auth: t.auth,
      logger: silentLogger,
      allowedOrigins: [TEST_ORIGIN],
      topics: { room: chatRoomTopic(t.db, 5), user: userNotificationsTopic(t.db), offer: offerThreadTopic(t.db) },
      connectionRate: { max: 30, windowMs: 10_000 },
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
  });
  afterAll(async () => {
    await sockets?.close();
    await presence?.close();
    await new Promise((done) => server?.close(done));
    await t?.dispose();
  });

  it("lets a visitor connect but not read a room, and a member read only their own user topic", async () => {
    const visitor = await connect();
    visitor.send({ type: "subscribe", topic: "room:global-vi" });
    expect(await visitor.waitFor((frame) => frame.type === "error")).toEqual({
      type: "error",
      topic: "room:global-vi",
      code: "unauthenticated",
    });
    visitor.close();

    const an = await signUpMember(t, "An");
    const binh = await signUpMember(t, "Bình");
    const client = await connect(an.cookie);
    client.send({ type: "subscribe", topic: `user:${binh.uid}` });
    expect(await client.waitFor((frame) => frame.type === "error")).toMatchObject({ code: "permission-denied", topic: `user:${binh.uid}` });
    client.send({ type: "subscribe", topic: `user:${an.uid}` });
    expect(await client.waitFor((frame) => frame.type === "subscribed")).toEqual({
      type: "subscribed",
      topic: `user:${an.uid}`,
      lastId: null,
    });
    // Right behind it, the state the bell starts from: no notification, none unread.
    expect(await client.waitFor((frame) => frame.type === "unread")).toEqual({ type: "unread", topic: `user:${an.uid}`, unread: 0 });
    client.send({ type: "subscribe", topic: "room:no-such-room" });
    await client.waitFor((frame) => frame.type === "error" && frame.topic === "room:no-such-room");
    client.close();
  });

  it("pushes a message sent through the API to every subscriber of the room, and a mention to the member's own topic", async () => {
    const chi = await signUpMember(t, "Chi");
    const dung = await signUpMember(t, "Dũng Lê");
    const reader = await connect(dung.cookie);
    reader.send({ type: "subscribe", topic: "room:global-vi" });
    reader.send({ type: "subscribe", topic: `user:${dung.uid}` });
    await reader.waitFor((frame) => frame.type === "subscribed" && frame.topic === "room:global-vi");
    await reader.waitFor((frame) => frame.type === "subscribed" && frame.topic === `user:${dung.uid}`);
    const id = await say(chi.cookie, "global-vi", "@Dũng Lê xem kèo này");
    const pushed = await reader.waitFor((frame) => frame.type === "message" && frame.id === id);
    expect(pushed).toMatchObject({ topic: "room:global-vi", message: { id, text: "@Dũng Lê xem kèo này", author: { uid: chi.uid } } });
    const notice = await reader.waitFor((frame) => frame.type === "notification");
    expect(notice).toMatchObject({ topic: `user:${dung.uid}`, notification: { kind: "mention", actor: { uid: chi.uid }, read: false } });
    reader.close();

    // A page opened later starts from the count as of its `subscribed` frame, sent right after it.
    const later = await connect(dung.cookie);
    later.send({ type: "subscribe", topic: `user:${dung.uid}` });
    const subscribed = await later.waitFor((frame) => frame.type === "subscribed");
    expect(subscribed).toEqual({ type: "subscribed", topic: `user:${dung.uid}`, lastId: (notice as { id: number }).id });
    await later.waitFor((frame) => frame.type === "unread");
    expect(later.frames.slice(later.frames.indexOf(subscribed), later.frames.indexOf(subscribed) + 2)).toEqual([
      subscribed,
      { type: "unread", topic: `user:${dung.uid}`, unread: 1 },
    ]);
    later.close();
  });

  it("tells who has a lounge open, then who joins and leaves; a direct room tells whether its two members are on the site, and when one was last seen", async () => {
    const hai = await signUpMember(t, "Hải");
    const hoa = await signUpMember(t, "Hoa");
    const first = await connect(hai.cookie);
    first.send({ type: "subscribe", topic: "room:global-en-US" });
    const snapshot = await first.waitFor((frame) => frame.type === "presence" && frame.members !== undefined);
    expect(snapshot).toMatchObject({ topic: "room:global-en-US", count: 1, members: [{ uid: hai.uid, displayName: "Hải" }] });

    const second = await connect(hoa.cookie);
    second.send({ type: "subscribe", topic: "room:global-en-US" });
    await second.waitFor((frame) => frame.type === "presence" && frame.count === 2);
    const joined = await first.waitFor((frame) => frame.type === "presence" && (frame.joined ?? []).some((each) => each.uid === hoa.uid));
    expect(joined).toMatchObject({ count: 2 });
    second.send({ type: "unsubscribe", topic: "room:global-en-US" });
    expect(await first.waitFor((frame) => frame.type === "presence" && (frame.left ?? []).includes(hoa.uid))).toMatchObject({ count: 1 });

    // A direct room: Hoa is on the site (her socket is open) though not in the room.
    const { id: room } = (await (await call(t.app, "/api/chat/direct", { cookie: hai.cookie, body: { uid: hoa.uid } })).json()).data;
    first.send({ type: "subscribe", topic: `room:${room}` });
    const direct = await first.waitFor(
      (frame) => frame.type === "presence" && frame.topic === `room:${room}` && frame.members !== undefined,
    );
    expect(direct.type === "presence" && direct.members?.map((each) => each.uid).sort()).toEqual([hai.uid, hoa.uid].sort());
    second.close();
    await second.closed;
    await first.waitFor((frame) => frame.type === "presence" && frame.topic === `room:${room}` && (frame.left ?? []).includes(hoa.uid));
    // "Last seen" is written as she leaves, beside the frame that says so: wait for the row, not for a time.
    await vi.waitFor(
      async () => {
        const [seen] = await t.db.select().from(presenceTable).where(eq(presenceTable.uid, hoa.uid));
        expect(seen?.lastSeenAt).toBeGreaterThan(Date.now() - 60_000);
      },
      { timeout: 10_000, interval: 20 },
    );
    first.close();
  });

  it("keeps one subscription when subscribes and unsubscribes cross: each message once, and nothing left behind once closed", async () => {
    const kim = await signUpMember(t, "Kim");
    const client = await connect(kim.cookie);
    client.send({ type: "subscribe", topic: "room:global-en-US" });
    client.send({ type: "subscribe", topic: "room:global-en-US" });
    client.send({ type: "unsubscribe", topic: "room:global-en-US" });
    client.send({ type: "subscribe", topic: "room:global-en-US" });
    await client.waitFor((frame) => frame.type === "presence" && frame.topic === "room:global-en-US" && frame.members !== undefined);
    const id = await say(kim.cookie, "global-en-US", "chỉ một lần");
    await client.waitFor((frame) => frame.type === "message" && frame.id === id);
    // Whatever else was in flight has settled by the time a second message arrives.
    const next = await say(kim.cookie, "global-en-US", "lần nữa");
    await client.waitFor((frame) => frame.type === "message" && frame.id === next);
    expect(client.frames.filter((frame) => frame.type === "message" && frame.id === id)).toHaveLength(1);
    expect(client.frames.filter((frame) => frame.type === "subscribed").length).toBeLessThanOrEqual(2);
    expect(presence.members("room:global-en-US").filter((each) => each.uid === kim.uid)).toHaveLength(1);
    client.close();
    await client.closed;
    // The server hears the close in its own time: wait until it has let go, then nothing may be left.
    await vi.waitFor(
      () => {
        expect(presence.members("room:global-en-US").filter((each) => each.uid === kim.uid)).toEqual([]);
        expect(sockets.feedCount).toBe(0);
      },
      { timeout: 10_000, interval: 10 },
    );
  });

  it("drops a stranger from an offer's thread once it is reserved: replies after that reach the two parties only", async () => {
    await ensureContent(t.db, silentLogger);
    const seller = await signUpMember(t, "Sơn Bán");
    const buyer = await signUpMember(t, "Mai Mua");
    const stranger = await signUpMember(t, "Người Ngoài");
    const posted = await call(t.app, "/api/offers", {
      cookie: seller.cookie,
      body: { side: "sell", itemId: "iron-ore", quantity: 1, unitPrice: 50, server: "suong-mai", characterName: "Sơn", expiresInDays: 3 },
    });
    const offerId = (await posted.json()).data.id as number;
    const topic = `offer:${offerId}`;
    const watchers = await Promise.all([connect(stranger.cookie), connect(buyer.cookie)]);
    for (const watcher of watchers) {
      watcher.send({ type: "subscribe", topic });
      await watcher.waitFor((frame) => frame.type === "subscribed" && frame.topic === topic);
    }
    const [outsider, party] = watchers as [Client, Client];
    const reply = async (text: string) =>
      (await (await call(t.app, `/api/offers/${offerId}/replies`, { cookie: buyer.cookie, body: { text } })).json()).data.id as number;
    const first = await reply("Mình lấy nhé");
    await outsider.waitFor((frame) => "id" in frame && frame.id === first);
    const reserved = await call(t.app, `/api/offers/${offerId}/reserve`, { cookie: seller.cookie, body: { replyId: first } });
    expect(reserved.status).toBe(200);
    expect(await outsider.waitFor((frame) => frame.type === "error" && frame.topic === topic)).toMatchObject({ code: "permission-denied" });
    const second = await reply("Hẹn 8 giờ ở chợ Lạc Thành");
    await party.waitFor((frame) => "id" in frame && frame.id === second);
    expect(outsider.frames.some((frame) => "id" in frame && frame.id === second)).toBe(false);
    for (const watcher of watchers) watcher.close();
  });

  it("resumes after the last id seen: what was missed in order, once, then live", async () => {
    const em = await signUpMember(t, "Em");
    const giang = await signUpMember(t, "Giang");
    const { id: room } = (await (await call(t.app, "/api/chat/direct", { cookie: em.cookie, body: { uid: giang.uid } })).json()).data;
    const first = await say(em.cookie, room, "one");
    const before = await connect(giang.cookie);
    before.send({ type: "subscribe", topic: `room:${room}` });
    expect(await before.waitFor((frame) => frame.type === "subscribed")).toEqual({
      type: "subscribed",
      topic: `room:${room}`,
      lastId: first,
    });
    before.close();
    await before.closed;

    const missed = [await say(em.cookie, room, "two"), await say(em.cookie, room, "three")];
    await call(t.app, `/api/chat/messages/${first}`, { method: "PATCH", cookie: em.cookie, body: { text: "one (edited)" } });
    const after = await connect(giang.cookie);
    after.send({ type: "subscribe", topic: `room:${room}`, after: first });
    const subscribed = await after.waitFor((frame) => frame.type === "subscribed");
    const live = await say(em.cookie, room, "four");
    await after.waitFor((frame) => frame.type === "message" && frame.id === live);
    // Presence (transient, no id) may come between; the persisted events and `subscribed` are what resume promises.
    const sequence = after.frames
      .filter((frame) => frame.type !== "presence")
      .map((frame) => (frame.type === "message" || frame.type === "message-updated" ? `${frame.type}:${frame.message.text}` : frame.type));
    expect(sequence).toEqual(["message:two", "message:three", "message-updated:one (edited)", "subscribed", "message:four"]);
    expect(missed.every((id) => subscribed.type === "subscribed" && (subscribed.lastId ?? 0) > id)).toBe(true);
    const ids = after.frames.flatMap((frame) => ("id" in frame ? [frame.id] : []));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    after.close();
  });

  it("tells a client that missed too much to reload", async () => {
    const hoa = await signUpMember(t, "Hoa");
    const khanh = await signUpMember(t, "Khánh");
    const { id: room } = (await (await call(t.app, "/api/chat/direct", { cookie: hoa.cookie, body: { uid: khanh.uid } })).json()).data;
    for (let index = 0; index < 6; index++) await say(hoa.cookie, room, `m${index}`);
    const client = await connect(khanh.cookie);
    client.send({ type: "subscribe", topic: `room:${room}`, after: 0 });
    expect(await client.waitFor((frame) => frame.type === "error")).toEqual({ type: "error", topic: `room:${room}`, code: "reload" });
    client.close();
  });

  it("sends typing to the other members of a room, not back to the typist", async () => {
    const lan = await signUpMember(t, "Lan");
    const minh = await signUpMember(t, "Minh");
    const { id: room } = (await (await call(t.app, "/api/chat/direct", { cookie: lan.cookie, body: { uid: minh.uid } })).json()).data;
    const typist = await connect(lan.cookie);
    const other = await connect(minh.cookie);
    for (const client of [typist, other]) {
      client.send({ type: "subscribe", topic: `room:${room}` });
      await client.waitFor((frame) => frame.type === "subscribed");
    }
    typist.send({ type: "typing", topic: `room:${room}` });
    expect(await other.waitFor((frame) => frame.type === "typing")).toEqual({
      type: "typing",
      topic: `room:${room}`,
      uid: lan.uid,
      displayName: "Lan",
    });
    const sent = await say(minh.cookie, room, "ok");
    await typist.waitFor((frame) => frame.type === "message" && frame.id === sent);
    expect(typist.frames.some((frame) => frame.type === "typing")).toBe(false);
    typist.close();
    other.close();
  });

  it("refuses other sites' pages, closes on a frame over 16 KB, answers bad frames and too many frames with errors", async () => {
    await expect(connect(undefined, "https://evil.example")).rejects.toThrow(/403/);

    const client = await connect();
    client.send("not json");
    expect(await client.waitFor((frame) => frame.type === "error")).toEqual({ type: "error", code: "invalid-argument" });
    client.send({ type: "subscribe", topic: "no topic here" });
    await client.waitFor((frame) => frame.type === "error" && client.frames.filter((each) => each.type === "error").length === 2);
    for (let index = 0; index < 40; index++) client.send({ type: "unsubscribe", topic: "room:global-vi" });
    await client.waitFor((frame) => frame.type === "error" && frame.code === "resource-exhausted");

    const big = await connect();
    big.send({ type: "subscribe", topic: "room:global-vi", padding: "x".repeat(MAX_FRAME_BYTES) });
    expect(await big.closed).toBe(1009);
    client.close();
  });
});
