import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import type { PersistedEvent, ServerFrame } from "../../universal/realtime/protocol.ts";
import { realtimeTopics } from "../realtime-topics.ts";
import { ensureContent } from "../content/content-store.ts";
import { call, createTestApp, signUp, signUpMember, silentLogger, TEST_ORIGIN, type TestApp } from "../testing.ts";
import { failoverBus, postgresBus, type Bus } from "./bus.ts";
import { createHub, type RealtimeHub } from "./hub.ts";
import { pageVersions, PAGES_TOPIC } from "../delivery/page-changes.ts";
import { attachSocketServer, type SocketServer } from "./socket-server.ts";
import type { TopicSource } from "./topic-source.ts";

async function listen(server: Server): Promise<string> {
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
}

/** Opens a socket, subscribes, and collects frames until `until` matches one. */
async function collect(url: string, headers: Record<string, string>, subscribe: object, until: (frame: ServerFrame) => boolean) {
  const socket = new WebSocket(url, { headers: { Origin: TEST_ORIGIN, ...headers } });
  const frames: ServerFrame[] = [];
  let subscribed!: () => void;
  const ready = new Promise<void>((done) => (subscribed = done));
  const done = new Promise<ServerFrame[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out with ${JSON.stringify(frames)}`)), 15_000);
    socket.on("message", (data) => {
      const frame = JSON.parse(String(data)) as ServerFrame;
      frames.push(frame);
      if (frame.type === "subscribed") subscribed();
      if (until(frame)) {
        clearTimeout(timer);
        socket.close();
        resolve(frames);
      }
    });
  });
  await new Promise<void>((open, fail) => socket.once("open", () => open()).once("error", fail));
  socket.send(JSON.stringify(subscribe));
  await ready;
  return { done };
}

describe("a topic feed", () => {
  it("sends persisted events in id order even when their publications arrive out of order", async () => {
    const t = await createTestApp("pglite");
    const hub = createHub();
    const committed: PersistedEvent[] = [];
    const topic = "room:ordered";
    const event = (id: number): PersistedEvent => ({ type: "message-deleted", topic, id, messageId: id });
    const source: TopicSource = {
      mayRead: async () => true,
      lastId: async () => committed.at(-1)?.id ?? null,
      eventsAfter: async (_id, after) => committed.filter((each) => each.id > after),
    };
    const server = createServer(getRequestListener(t.app.fetch));
    const sockets = attachSocketServer(server, {
      hub,
      db: t.db,
      auth: t.auth,
      logger: silentLogger,
      allowedOrigins: [TEST_ORIGIN],
      topics: { room: source },
    });
    const url = await listen(server);
    try {
      const { done } = await collect(url, {}, { type: "subscribe", topic }, (frame) => frame.type === "message-deleted" && frame.id === 2);
      // Both are committed, but the later one is published first (another process, a slow await).
      committed.push(event(1), event(2));
      hub.publish(event(2));
      hub.publish(event(1));
      expect((await done).map((frame) => frame.type + ("id" in frame ? frame.id : ""))).toEqual([
        "subscribed",
        "message-deleted1",
        "message-deleted2",
      ]);
    } finally {
      await sockets.close();
      await new Promise((done) => server.close(done));
      await t.dispose();
    }
  });
});

const buses: [string, string | undefined, (url: string, channel: string) => Bus][] = [
  ["PostgreSQL NOTIFY", process.env.TEST_DATABASE_URL, (url, channel) => postgresBus(url, silentLogger, channel)],
  // As the server runs it with REDIS_URL: Redis, with NOTIFY beside it for when Redis is away.
  [
    "Redis pub/sub",
    process.env.REDIS_URL,
    (url, channel) => failoverBus(url, postgresBus(process.env.TEST_DATABASE_URL ?? "", silentLogger, channel), silentLogger, channel),
  ],
];

describe.each(buses)("fan-out across processes through %s", (_name, busUrl, makeBus) => {
  let t: TestApp;
  let hubB: RealtimeHub;
  let serverB: Server;
  let socketsB: SocketServer;
  let urlB = "";

  beforeAll(async () => {
    if (!busUrl || !process.env.TEST_DATABASE_URL) return;
    const channel = `test_${randomUUID().replaceAll("-", "")}`;
    // Process A: the HTTP API, whose hub publishes to the bus. Process B: a socket server on the same
    // database with a hub of its own, which hears A only through the bus.
    t = await createTestApp("postgres", { SIGN_UP_LIMIT_PER_HOUR: "1000" }, { hub: createHub({ bus: makeBus(busUrl, channel) }) });
    hubB = createHub({ bus: makeBus(busUrl, channel) });
    serverB = createServer(getRequestListener(t.app.fetch));
    socketsB = attachSocketServer(serverB, {
      hub: hubB,
      db: t.db,
      auth: t.auth,
      logger: silentLogger,
      allowedOrigins: [TEST_ORIGIN],
      topics: realtimeTopics(t.db),
    });
    urlB = await listen(serverB);
  });
  afterAll(async () => {
    await socketsB?.close();
    await new Promise((done) => serverB?.close(done));
    await hubB?.close();
    await t?.hub.close();
    await t?.dispose();
  });

  it.skipIf(!busUrl || !process.env.TEST_DATABASE_URL)("delivers a message sent through one process to a client of the other", async () => {
    const cookie = await signUp(t.app, `fan-${randomUUID()}@example.vn`, "correct horse battery", "Fan");
    await call(t.app, "/api/profile/sync", { method: "POST", body: {}, cookie });
    const text = `qua tiến trình khác ${randomUUID()}`;
    const { done } = await collect(
      urlB,
      { Cookie: cookie },
      { type: "subscribe", topic: "room:global-vi" },
      (frame) => frame.type === "message" && frame.message.text === text,
    );
    // Subscribed on B; now send on A.
    const response = await call(t.app, "/api/chat/rooms/global-vi/messages", { cookie, body: { text, clientId: `fan-${randomUUID()}` } });
    expect(response.status).toBe(201);
    const sentId = (await response.json()).data.id;
    const received = await done;
    expect(received.at(-1)).toMatchObject({ type: "message", id: sentId, message: { text } });
  });

  it.skipIf(!busUrl || !process.env.TEST_DATABASE_URL)(
    "tells the other process that a visitor's feed changed, so its cached copy is rendered again (decision 035)",
    async () => {
      const versionsB = pageVersions(hubB);
      await hubB.ready;
      const cookie = await signUp(t.app, `fan-feed-${randomUUID()}@example.vn`, "correct horse battery", "Fan Feed");
      const before = versionsB.of("/feed");
      const changed = new Promise<void>((done) => {
        const stop = hubB.listen(PAGES_TOPIC, () => {
          stop();
          done();
        });
      });
      const response = await call(t.app, "/api/feed/posts", { cookie, body: { body: `qua tiến trình khác ${randomUUID()}`, lang: "vi" } });
      expect(response.status).toBe(201);
      await changed;
      expect(versionsB.of("/feed")).toBe(before + 1);
      versionsB.close();
    },
  );

  it.skipIf(!busUrl || !process.env.TEST_DATABASE_URL)(
    "ends a kicked member's open clan room on the other process at once (issue 43)",
    async () => {
      await ensureContent(t.db, silentLogger);
      const [leader, member] = [await signUpMember(t, "Trưởng"), await signUpMember(t, "Thành viên")];
      const made = await call(t.app, "/api/clans", {
        cookie: leader.cookie,
        body: { server: "bach-hac", name: `Bang ${randomUUID().slice(0, 8)}`, tag: "FO", emblem: "game-icons:dragon-head", language: "vi" },
      });
      expect(made.status).toBe(201);
      const clan = (await made.json()).data as { id: string; roomId: string };
      expect((await call(t.app, `/api/clans/${clan.id}/join`, { cookie: member.cookie, body: {} })).status).toBe(201);
      expect((await call(t.app, `/api/clans/${clan.id}/members/${member.uid}/approve`, { cookie: leader.cookie, body: {} })).status).toBe(
        200,
      );
      const topic = `room:${clan.roomId}`;
      const { done } = await collect(urlB, { Cookie: member.cookie }, { type: "subscribe", topic }, (frame) => frame.type === "error");
      // Subscribed on B; the leader kicks on A.
      expect((await call(t.app, `/api/clans/${clan.id}/members/${member.uid}/kick`, { cookie: leader.cookie, body: {} })).status).toBe(200);
      expect((await done).at(-1)).toEqual({ type: "error", topic, code: "permission-denied" });
    },
  );
});
