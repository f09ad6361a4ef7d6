/**
 * Sockets end with their sessions and have limits: what a member's open socket does after a
 * sign-out, a revocation, a password change, a ban, a role change or a deleted account; the
 * subscribe's own session check; the topic, socket and connection-rate limits.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "../../db/testing.ts";
import { authSessions, contentEntries, devOutbox } from "../../db/schema/index.ts";
import { SOCKET_CLOSE } from "../../universal/realtime/protocol.ts";
import { chatRoomTopic } from "../chat/chat-topic.ts";
import { ensureContent } from "../content/content-store.ts";
import { userNotificationsTopic } from "../notifications/notifications-topic.ts";
import { offerBookTopic } from "../offers/offer-topic.ts";
import { call, cookiesOf, createTestApp, signUpMember, silentLogger, TEST_ORIGIN, type TestApp } from "../testing.ts";
import { attachSocketServer, type SocketServerOptions, type SocketServer } from "./socket-server.ts";
import { SocketTestClient as Client } from "./socket-test-client.ts";

const PASSWORD = "correct horse battery";
/** The bound a socket closes within after the change that ends it. */
const CLOSE_WITHIN_MS = 2_000;

describe.each(testEngines)("sockets end with their sessions, and have limits, on %s", (engine) => {
  let t: TestApp;
  const servers: { http: Server; sockets: SocketServer }[] = [];
  let url = "";

  /** A socket server on its own port (the default one, or one with other limits). */
  async function serve(options: Partial<SocketServerOptions> = {}): Promise<string> {
    const http = createServer(getRequestListener(t.app.fetch));
    const sockets = attachSocketServer(http, {
      hub: t.hub,
      db: t.db,
      auth: t.auth,
      logger: silentLogger,
      allowedOrigins: [TEST_ORIGIN],
      topics: { room: chatRoomTopic(t.db), user: userNotificationsTopic(t.db), offers: offerBookTopic(t.db) },
      connectionRate: { max: 200, windowMs: 10_000 },
      ...options,
    });
    servers.push({ http, sockets });
    await new Promise<void>((done) => http.listen(0, "127.0.0.1", done));
    return `ws://127.0.0.1:${(http.address() as AddressInfo).port}/ws`;
  }

  /** A second session of the same member (another device). */
  async function signIn(email: string): Promise<string> {
    const response = await call(t.app, "/api/auth/sign-in/email", { body: { email, password: PASSWORD } });
    expect(response.status).toBe(200);
    return cookiesOf(response);
  }

  async function connect(cookie?: string, at = url): Promise<Client> {
    const client = new Client(at, { Origin: TEST_ORIGIN, ...(cookie ? { Cookie: cookie } : {}) });
    await client.opened();
    return client;
  }

  /** A member's socket, subscribed to their own notifications. */
  async function listening(who: { cookie: string; uid: string }): Promise<Client> {
    const client = await connect(who.cookie);
    client.send({ type: "subscribe", topic: `user:${who.uid}` });
    await client.waitFor((frame) => frame.type === "subscribed");
    return client;
  }

  /**
   * Resolves with the close once it comes, failing if it came later than CLOSE_WITHIN_MS after
   * `since`: the moment the change was answered (the close may come before the answer).
   */
  async function closedWithin(client: Client, since: number) {
    const ended = await client.ended;
    expect(ended.at - since).toBeLessThan(CLOSE_WITHIN_MS);
    return ended;
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { SIGN_UP_LIMIT_PER_HOUR: "1000", MAIL_OUTBOX: "1" });
    await ensureContent(t.db, silentLogger);
    url = await serve({ sessionRecheckMs: 0 });
  });
  afterAll(async () => {
    for (const { http, sockets } of servers) {
      await sockets.close();
      await new Promise((done) => http.close(done));
    }
    await t?.dispose();
  });

  it("closes a signed-out session's socket with 4401 at once, and the old cookie no longer replays the member's notifications", async () => {
    const an = await signUpMember(t, "An");
    const other = await signIn(an.email);
    const client = await listening(an);
    const elsewhere = await listening({ cookie: other, uid: an.uid });
    expect((await call(t.app, "/api/auth/sign-out", { body: {}, cookie: an.cookie })).status).toBe(200);
    const since = Date.now();
    expect(await closedWithin(client, since)).toMatchObject({ code: SOCKET_CLOSE.sessionEnded, reason: "signed-out" });

    // The client reconnects as what it now is: a visitor, who may not replay the member's topic, and
    // is told the refusal is for want of a session (a page that missed the close re-reads who it is).
    const again = await connect(an.cookie);
    again.send({ type: "subscribe", topic: `user:${an.uid}`, after: 0 });
    expect(await again.waitFor((frame) => frame.type === "error")).toMatchObject({ topic: `user:${an.uid}`, code: "unauthenticated" });
    again.close();

    // The member's other device keeps its session, and its socket.
    elsewhere.send({ type: "subscribe", topic: "room:global-vi" });
    await elsewhere.waitFor((frame) => frame.type === "subscribed" && frame.topic === "room:global-vi");
    expect(elsewhere.socket.readyState).toBe(elsewhere.socket.OPEN);
    elsewhere.close();
  });

  it("closes the other sessions' sockets on “sign out everywhere else”, not this one's", async () => {
    const binh = await signUpMember(t, "Bình");
    const phone = await signIn(binh.email);
    const here = await listening(binh);
    const there = await listening({ cookie: phone, uid: binh.uid });
    expect((await call(t.app, "/api/auth/revoke-other-sessions", { body: {}, cookie: binh.cookie })).status).toBe(200);
    const since = Date.now();
    expect(await closedWithin(there, since)).toMatchObject({ code: SOCKET_CLOSE.sessionEnded, reason: "signed-out" });
    here.send({ type: "subscribe", topic: "room:global-vi" });
    await here.waitFor((frame) => frame.type === "subscribed" && frame.topic === "room:global-vi");
    expect(here.socket.readyState).toBe(here.socket.OPEN);
    here.close();
  });

  it("closes one revoked device's socket (revoke-session)", async () => {
    const chi = await signUpMember(t, "Chi");
    const phone = await signIn(chi.email);
    const there = await listening({ cookie: phone, uid: chi.uid });
    const sessions = (await (await call(t.app, "/api/auth/list-sessions", { cookie: chi.cookie })).json()) as { token: string }[];
    const current = (await (await call(t.app, "/api/auth/get-session", { cookie: chi.cookie })).json()) as { session: { token: string } };
    const target = sessions.find((session) => session.token !== current.session.token);
    expect((await call(t.app, "/api/auth/revoke-session", { body: { token: target?.token }, cookie: chi.cookie })).status).toBe(200);
    const since = Date.now();
    expect(await closedWithin(there, since)).toMatchObject({ code: SOCKET_CLOSE.sessionEnded });
  });

  it("closes the other devices' sockets when the password changes", async () => {
    const dung = await signUpMember(t, "Dũng");
    const phone = await signIn(dung.email);
    const there = await listening({ cookie: phone, uid: dung.uid });
    const changed = await call(t.app, "/api/auth/change-password", {
      body: { currentPassword: PASSWORD, newPassword: "another long passphrase" },
      cookie: dung.cookie,
    });
    expect(changed.status).toBe(200);
    const since = Date.now();
    expect(await closedWithin(there, since)).toMatchObject({ code: SOCKET_CLOSE.sessionEnded, reason: "signed-out" });
  });

  it("closes every socket of the member when the password is reset from a mailed link", async () => {
    const lan = await signUpMember(t, "Lan Quên");
    const client = await listening(lan);
    const requested = await call(t.app, "/api/auth/request-password-reset", { body: { email: lan.email, redirectTo: "/login" } });
    expect(requested.status).toBe(200);
    const [mail] = (await t.db.select().from(devOutbox).where(eq(devOutbox.to, lan.email))).slice(-1);
    const token = /\/api\/auth\/reset-password\/([\w-]+)\?/.exec(mail?.text ?? "")?.[1];
    expect(token).toBeTruthy();
    const reset = await call(t.app, "/api/auth/reset-password", { body: { token, newPassword: "a brand new passphrase" } });
    expect(reset.status).toBe(200);
    const since = Date.now();
    expect(await closedWithin(client, since)).toMatchObject({ code: SOCKET_CLOSE.sessionEnded, reason: "signed-out" });
  });

  it("closes a banned member's sockets with 4403, and a member's whose role an admin changed (who reconnects with the new role)", async () => {
    const admin = await signUpMember(t, "Quản Trị", { role: "admin" });
    const em = await signUpMember(t, "Em");
    const giang = await signUpMember(t, "Giang");
    const banned = await listening(em);
    const promoted = await listening(giang);

    expect((await call(t.app, `/api/admin/users/${em.uid}/ban`, { body: { reason: "lừa đảo" }, cookie: admin.cookie })).status).toBe(200);
    let since = Date.now();
    expect(await closedWithin(banned, since)).toMatchObject({ code: SOCKET_CLOSE.accountChanged, reason: "banned" });

    expect((await call(t.app, `/api/admin/users/${giang.uid}/role`, { body: { role: "moderator" }, cookie: admin.cookie })).status).toBe(
      200,
    );
    since = Date.now();
    expect(await closedWithin(promoted, since)).toMatchObject({ code: SOCKET_CLOSE.accountChanged, reason: "role-changed" });
    // Reconnected, the same session holds with the new role: the socket stays open.
    const again = await listening(giang);
    expect(again.socket.readyState).toBe(again.socket.OPEN);
    again.close();
  });

  it("closes a deleted account's sockets", async () => {
    const hoa = await signUpMember(t, "Hoa");
    const client = await listening(hoa);
    const deleted = await call(t.app, "/api/profile", { method: "DELETE", body: { password: PASSWORD }, cookie: hoa.cookie });
    expect(deleted.status).toBe(200);
    const since = Date.now();
    expect(await closedWithin(client, since)).toMatchObject({ code: SOCKET_CLOSE.sessionEnded, reason: "account-deleted" });
  });

  it("checks the session again at each subscribe: a session gone without a word (expired, deleted) closes the socket instead of subscribing", async () => {
    const kim = await signUpMember(t, "Kim");
    const client = await listening(kim);
    // Nobody announces this one: only the subscribe's own check can see it.
    await t.db.delete(authSessions).where(eq(authSessions.userId, kim.uid));
    client.send({ type: "subscribe", topic: "room:global-vi" });
    expect(await client.ended).toMatchObject({ code: SOCKET_CLOSE.sessionEnded, reason: "signed-out" });
    expect(client.frames.some((frame) => frame.type === "subscribed" && frame.topic === "room:global-vi")).toBe(false);
  });

  it("refuses the 51st topic of a connection with `too-many-topics`, and topics naming things that do not exist", async () => {
    const lan = await signUpMember(t, "Lan");
    const items = await t.db
      .select({ id: contentEntries.id })
      .from(contentEntries)
      .where(and(eq(contentEntries.kind, "items")))
      .limit(51);
    expect(items.length).toBe(51);
    const client = await connect(lan.cookie);
    for (const item of items.slice(0, 50)) client.send({ type: "subscribe", topic: `offers:${item.id}` });
    await client.waitFor(() => client.frames.filter((frame) => frame.type === "subscribed").length === 50);
    const last = `offers:${items[50]?.id}`;
    client.send({ type: "subscribe", topic: last });
    expect(await client.waitFor((frame) => frame.type === "error" && frame.topic === last)).toEqual({
      type: "error",
      topic: last,
      code: "too-many-topics",
    });
    // One given up makes room for another.
    client.send({ type: "unsubscribe", topic: `offers:${items[0]?.id}` });
    client.send({ type: "subscribe", topic: last });
    await client.waitFor((frame) => frame.type === "subscribed" && frame.topic === last);
    client.close();

    // Things that do not exist are refused, and refused topics take no room (another account: frames per account are limited too).
    const probe = await connect((await signUpMember(t, "Mai")).cookie);
    // In batches of 20: subscribes under way count toward the limit until they are answered.
    for (let batch = 0; batch < 3; batch++) {
      for (let index = 0; index < 20; index++) probe.send({ type: "subscribe", topic: `offers:no-such-item-${batch * 20 + index}` });
      await probe.waitFor(() => probe.frames.filter((frame) => frame.type === "error").length === (batch + 1) * 20);
    }
    probe.send({ type: "subscribe", topic: "room:no-such-room" });
    await probe.waitFor(() => probe.frames.filter((frame) => frame.type === "error").length === 61);
    expect(probe.frames.every((frame) => frame.type === "error" && frame.code === "permission-denied")).toBe(true);
    probe.send({ type: "subscribe", topic: `offers:${items[0]?.id}` });
    await probe.waitFor((frame) => frame.type === "subscribed");
    probe.close();
  });

  it("refuses an account's 11th socket with `too-many-sockets` and close 1008", async () => {
    const minh = await signUpMember(t, "Minh");
    const open = await Promise.all(Array.from({ length: 10 }, () => connect(minh.cookie)));
    const eleventh = await connect(minh.cookie);
    expect(await eleventh.waitFor((frame) => frame.type === "error")).toEqual({ type: "error", code: "too-many-sockets" });
    expect(await eleventh.ended).toMatchObject({ code: 1008, reason: "too-many-sockets" });
    // Another account from the same address is not concerned.
    const other = await connect((await signUpMember(t, "Nam")).cookie);
    expect(other.socket.readyState).toBe(other.socket.OPEN);
    for (const client of [...open, other]) client.close();
  });

  it("refuses an address's 21st visitor socket", async () => {
    const at = await serve();
    const open = await Promise.all(Array.from({ length: 20 }, () => connect(undefined, at)));
    const extra = await connect(undefined, at);
    expect(await extra.waitFor((frame) => frame.type === "error")).toEqual({ type: "error", code: "too-many-sockets" });
    expect(await extra.ended).toMatchObject({ code: 1008, reason: "too-many-sockets" });
    // A member from the same address is counted by account instead.
    const member_ = await connect((await signUpMember(t, "Oanh")).cookie, at);
    expect(member_.socket.readyState).toBe(member_.socket.OPEN);
    for (const client of [...open, member_]) client.close();
  });

  it("limits new connections per address per minute", async () => {
    const at = await serve({ limits: { connectionsPerMinutePerAddress: 5 } });
    const open = [];
    for (let index = 0; index < 5; index++) open.push(await connect(undefined, at));
    for (const client of open) client.close();
    await Promise.all(open.map((client) => client.closed));
    const sixth = await connect(undefined, at);
    expect(await sixth.waitFor((frame) => frame.type === "error")).toEqual({ type: "error", code: "too-many-connections" });
    expect(await sixth.ended).toMatchObject({ code: 1008, reason: "too-many-connections" });
  });
});
