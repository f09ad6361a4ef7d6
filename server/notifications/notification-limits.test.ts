/**
 * Blocks and mention spam: nothing of a member the recipient blocked becomes a
 * notification, whatever its kind; a message, post or comment notifies at most ten members; a
 * sender's mention notifications are limited per hour; repeated mentions within ten minutes
 * collapse into one notification.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authUsers, users } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import { mentionToken } from "../../universal/chat/mentions.ts";
import type { AppNotification } from "../../universal/notifications/notification-kinds.ts";
import type { HubEvent } from "../realtime/hub.ts";
import { call, createTestApp, signUpMember, type TestApp, type TestMember } from "../testing.ts";
import { listNotifications, MENTION_COLLAPSE_MS, NOTIFIED_PER_THING_MAX, notify } from "./notifications.ts";

/** The hour's mention notifications one sender may cause, in this file (the default is 50). */
const PER_HOUR = 12;

describe.each(testEngines)("notification limits on %s", (engine) => {
  let t: TestApp;
  let count = 0;
  let clientIds = 0;
  const clientId = () => `limits-${++clientIds}-${Date.now()}`;

  /** A member who only receives: made in the database (no sign-up, no password hash), so a crowd is quick. */
  async function recipient(name: string): Promise<TestMember> {
    const uid = `quiet-${++count}-${Date.now()}`;
    await t.db.insert(authUsers).values({ id: uid, name, email: `${uid}@example.vn` });
    await t.db.insert(users).values({ uid, email: `${uid}@example.vn`, displayName: name, createdAt: Date.now() });
    return { cookie: "", uid, email: `${uid}@example.vn`, name };
  }

  const token = (who: TestMember) => mentionToken({ uid: who.uid, displayName: who.name });

  async function say(who: TestMember, text: string, extra: Record<string, unknown> = {}) {
    const response = await call(t.app, "/api/chat/rooms/global-vi/messages", {
      cookie: who.cookie,
      body: { text, clientId: clientId(), ...extra },
    });
    expect(response.status).toBe(201);
    return (await response.json()).data as { id: number };
  }

  async function post(who: TestMember, body: string) {
    const response = await call(t.app, "/api/feed/posts", { cookie: who.cookie, body: { body, lang: "vi", clientId: clientId() } });
    expect(response.status).toBe(201);
    return (await response.json()).data as { id: number; html: string };
  }

  async function comment(who: TestMember, postId: number, body: string, parentId?: number) {
    const response = await call(t.app, `/api/feed/posts/${postId}/comments`, {
      cookie: who.cookie,
      body: { body, clientId: clientId(), parentId },
    });
    expect(response.status).toBe(201);
    return (await response.json()).data as { id: number };
  }

  async function inbox(who: TestMember): Promise<{ data: AppNotification[]; unread: number }> {
    return listNotifications(t.db, who.uid, { limit: 100 });
  }

  async function block(who: TestMember, whom: TestMember) {
    expect((await call(t.app, "/api/chat/blocks", { cookie: who.cookie, body: { uid: whom.uid } })).status).toBe(201);
  }

  beforeAll(async () => {
    t = await createTestApp(engine, {
      SIGN_UP_LIMIT_PER_HOUR: "1000",
      CHAT_RATE_MAX: "50",
      MENTION_NOTIFICATIONS_PER_HOUR: String(PER_HOUR),
    });
  });
  afterAll(() => t.dispose());

  it("creates no mention for a member who blocked its sender, in a public room, by uid, token or name; the message still posts", async () => {
    const victim = await signUpMember(t, "Nạn Nhân");
    const pest = await signUpMember(t, "Kẻ Phiền");
    await block(victim, pest);
    const events: HubEvent[] = [];
    const stop = t.hub.listen(`user:${victim.uid}`, (event) => events.push(event));
    const message = await say(pest, "xem này", { mentions: [victim.uid] });
    await say(pest, `${token(victim)} ơi`);
    await say(pest, "@Nạn Nhân ơi");
    stop();
    expect(message.id).toBeGreaterThan(0);
    expect(await inbox(victim)).toMatchObject({ data: [], unread: 0 });
    expect(events).toEqual([]);
    // Blocks are one-way: the victim's mention of the pest still reaches the pest.
    await say(victim, `${token(pest)} đừng nhắc mình nữa`);
    expect((await inbox(pest)).data.map((each) => each.kind)).toEqual(["mention"]);
  });

  it("creates no comment, reply or like notification from a blocked member, on posts and comments alike", async () => {
    const owner = await signUpMember(t, "Chủ Bài");
    const pest = await signUpMember(t, "Kẻ Bám");
    const friend = await signUpMember(t, "Bạn Tốt");
    await block(owner, pest);
    const { id } = await post(owner, "Bài của mình");
    await comment(pest, id, "bình luận");
    const mine = await comment(owner, id, "bình luận của chủ");
    await comment(pest, id, "trả lời", mine.id);
    expect((await call(t.app, `/api/feed/posts/${id}/like`, { method: "POST", cookie: pest.cookie })).status).toBe(200);
    expect((await call(t.app, `/api/feed/comments/${mine.id}/like`, { method: "POST", cookie: pest.cookie })).status).toBe(200);
    expect(await inbox(owner)).toMatchObject({ data: [], unread: 0 });

    // A friend's like starts a grouped notification; the blocked member's later like does not become its actor.
    expect((await call(t.app, `/api/feed/comments/${mine.id}/like`, { method: "POST", cookie: friend.cookie })).status).toBe(200);
    const other = await post(owner, "Bài thứ hai");
    expect((await call(t.app, `/api/feed/posts/${other.id}/like`, { method: "POST", cookie: friend.cookie })).status).toBe(200);
    expect((await call(t.app, `/api/feed/posts/${other.id}/like`, { method: "POST", cookie: pest.cookie })).status).toBe(200);
    const likes = (await inbox(owner)).data;
    expect(likes.map((each) => [each.kind, each.actor?.uid])).toEqual([
      ["like", friend.uid],
      ["like", friend.uid],
    ]);
    // Someone the owner did not block still notifies them.
    await comment(friend, id, "hay");
    expect((await inbox(owner)).data.map((each) => each.kind)).toContain("comment");
  });

  it(`notifies at most ${NOTIFIED_PER_THING_MAX} distinct members of one message, post or comment`, async () => {
    const loud = await signUpMember(t, "Người Gọi");
    const crowd: TestMember[] = [];
    for (let index = 0; index < NOTIFIED_PER_THING_MAX + 1; index++)
      crowd.push(index === 0 ? await signUpMember(t, "Đám Đông 0") : await recipient(`Đám Đông ${index}`));
    const everyone = crowd.map(token).join(" ");
    await say(loud, everyone);
    const told = async () => {
      const counts = await Promise.all(crowd.map(async (each) => (await inbox(each)).data.length));
      return counts;
    };
    expect(await told()).toEqual([...Array<number>(NOTIFIED_PER_THING_MAX).fill(1), 0]);

    // A post's mentions, by another sender (the first's hour is not spent): the same ceiling.
    const poster = await signUpMember(t, "Người Đăng");
    await post(poster, everyone);
    expect(await told()).toEqual([...Array<number>(NOTIFIED_PER_THING_MAX).fill(2), 0]);

    // A comment: the post's author counts among the ten.
    const commenter = await signUpMember(t, "Người Bình");
    const { id } = await post(crowd[0] as TestMember, "bài của đám đông");
    await comment(commenter, id, everyone);
    // The author's comment notification and nine mentions: the eleventh member is not told.
    expect(await told()).toEqual([...Array<number>(NOTIFIED_PER_THING_MAX).fill(3), 0]);
    expect((await inbox(crowd[0] as TestMember)).data.map((each) => each.kind)).toContain("comment");
  });

  it(`limits one sender to ${PER_HOUR} new mention notifications an hour; the messages still post and say nothing of it`, async () => {
    const spammer = await signUpMember(t, "Kẻ Spam");
    const targets: TestMember[] = [];
    for (let index = 0; index < PER_HOUR + 2; index++) targets.push(await recipient(`Mục Tiêu ${index}`));
    // Ten in one message, then one each: the hour's last ones are not created.
    await say(spammer, targets.slice(0, 10).map(token).join(" "));
    for (const target of targets.slice(10)) {
      const response = await call(t.app, "/api/chat/rooms/global-vi/messages", {
        cookie: spammer.cookie,
        body: { text: `${token(target)} ơi`, clientId: clientId() },
      });
      expect(response.status).toBe(201);
      expect(JSON.stringify(await response.json())).not.toMatch(/limit|notif/i);
    }
    const told = await Promise.all(targets.map(async (each) => (await inbox(each)).unread));
    expect(told).toEqual([...Array<number>(PER_HOUR).fill(1), 0, 0]);

    // Another sender is not limited by the spammer's hour.
    const friend = await signUpMember(t, "Bạn Thật");
    await say(friend, `${token(targets.at(-1) as TestMember)} chào`);
    expect((await inbox(targets.at(-1) as TestMember)).unread).toBe(1);

    // An hour later the spammer may mention again.
    const later = Date.now() + 61 * 60_000;
    const last = targets.at(-2) as TestMember;
    const events = await t.db.transaction((tx) =>
      notify(tx, [{ uid: last.uid, kind: "mention", actorUid: spammer.uid, link: "/chat", data: { roomId: "global-vi" } }], later, {
        mentionsPerHour: PER_HOUR,
      }),
    );
    expect(events).toHaveLength(1);
  });

  it("collapses a second mention of a member by the same sender within ten minutes into the first, unread count and bell unchanged", async () => {
    const talker = await signUpMember(t, "Người Nói");
    const listener = await signUpMember(t, "Người Nghe");
    const events: HubEvent[] = [];
    const stop = t.hub.listen(`user:${listener.uid}`, (event) => events.push(event));
    await say(talker, `${token(listener)} một`);
    const second = await say(talker, `${token(listener)} hai`);
    stop();
    const after = await inbox(listener);
    expect(after.unread).toBe(1);
    expect(after.data).toHaveLength(1);
    expect(after.data[0]).toMatchObject({
      kind: "mention",
      actor: { uid: talker.uid },
      data: { messageId: second.id, count: 2, excerpt: "@Người Nghe hai" },
    });
    // One notification event: the second mention updated the first instead of adding one.
    expect(events.map((event) => event.type)).toEqual(["notification"]);

    // A post's mention by the same sender joins it too (its latest link).
    const { id } = await post(talker, `Chào ${token(listener)}`);
    expect((await inbox(listener)).data).toEqual([
      expect.objectContaining({ link: `/feed?id=${id}`, data: expect.objectContaining({ count: 3 }) }),
    ]);

    // Once read, the next mention is news again; and past ten minutes a new one is made as well.
    expect((await call(t.app, "/api/notifications/read", { cookie: listener.cookie, body: { all: true } })).status).toBe(200);
    await say(talker, `${token(listener)} ba`);
    expect((await inbox(listener)).unread).toBe(1);
    const later = Date.now() + MENTION_COLLAPSE_MS + 60_000;
    await t.db.transaction((tx) =>
      notify(tx, [{ uid: listener.uid, kind: "mention", actorUid: talker.uid, link: "/chat", data: { roomId: "global-vi" } }], later),
    );
    const final = await inbox(listener);
    expect(final.unread).toBe(2);
    expect(final.data).toHaveLength(3);

    // Another sender's mention is its own notification.
    const other = await signUpMember(t, "Người Khác");
    await say(other, `${token(listener)} bốn`);
    expect((await inbox(listener)).unread).toBe(3);
  });
});
