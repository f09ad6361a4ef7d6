/**
 * A clan's membership through the API (issue 43): requests and invitations, approvals, roles, kicks,
 * the lead's transfer, leaving, disbanding, hiding and announcements, and the clan room that follows
 * the membership; on both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { auditLog, chatRooms, clanMembers, clanRequests, clans, notifications } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import { CLAN_REQUESTS_MAX } from "../../universal/clans/clan-schemas.ts";
import { roomTopic } from "../../universal/realtime/protocol.ts";
import { ensureContent } from "../content/content-store.ts";
import { deleteAccount } from "../users/delete-account.ts";
import type { HubEvent } from "../realtime/hub.ts";
import { call, createTestApp, signUpMember, silentLogger, type TestApp, type TestMember } from "../testing.ts";
import type { ClanPage } from "./clans.ts";

describe.each(testEngines)("clan membership on %s", (engine) => {
  let t: TestApp;
  let tags = 0;
  const post = (cookie: string | undefined, path: string, body: unknown = {}) => call(t.app, path, { cookie, body });
  const page = async (id: string, cookie?: string): Promise<ClanPage> =>
    (await (await call(t.app, `/api/clans/${id}`, { cookie })).json()).data;
  const kinds = async (uid: string) =>
    (await t.db.select({ kind: notifications.kind }).from(notifications).where(eq(notifications.uid, uid))).map((row) => row.kind);

  /** A clan led by `leader`, with `officers` and `members` already in it. */
  async function clanOf(
    leader: TestMember,
    { officers = [], members = [], server = "suong-mai" } = {} as {
      officers?: TestMember[];
      members?: TestMember[];
      server?: string;
    },
  ): Promise<ClanPage> {
    tags += 1;
    const made = await post(leader.cookie, "/api/clans", {
      server,
      name: `Hội số ${tags}`,
      tag: `H${tags}`,
      emblem: "game-icons:dragon-head",
      language: "vi",
    });
    expect(made.status).toBe(201);
    const clan: ClanPage = (await made.json()).data;
    for (const member of [...officers, ...members]) {
      expect((await post(member.cookie, `/api/clans/${clan.id}/join`)).status).toBe(201);
      expect((await post(leader.cookie, `/api/clans/${clan.id}/members/${member.uid}/approve`)).status).toBe(200);
    }
    for (const officer of officers)
      expect((await post(leader.cookie, `/api/clans/${clan.id}/members/${officer.uid}/role`, { role: "officer" })).status).toBe(200);
    return clan;
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { SIGN_UP_LIMIT_PER_HOUR: "1000" });
    await ensureContent(t.db, silentLogger);
  });
  afterAll(() => t.dispose());

  it("a request tells the officers; an approval lets the member in, tells them, and a retried approval changes nothing", async () => {
    const [lan, minh, hoa] = [await signUpMember(t, "Lan"), await signUpMember(t, "Minh"), await signUpMember(t, "Hoa")];
    const clan = await clanOf(lan, { officers: [minh] });
    const asked = await post(hoa.cookie, `/api/clans/${clan.id}/join`);
    expect(asked.status).toBe(201);
    expect((await asked.json()).data).toMatchObject({ status: "requested", request: { clanId: clan.id, uid: hoa.uid, kind: "request" } });
    // Asking again is the same request; the officers were told once.
    expect((await post(hoa.cookie, `/api/clans/${clan.id}/join`)).status).toBe(201);
    expect((await kinds(lan.uid)).filter((kind) => kind === "clan-request")).toHaveLength(2);
    expect((await kinds(minh.uid)).filter((kind) => kind === "clan-request")).toHaveLength(1);

    // The officers see the request; the asker sees that it waits; a visitor sees neither.
    expect((await page(clan.id, minh.cookie)).requests?.map((one) => one.uid)).toEqual([hoa.uid]);
    expect((await page(clan.id, hoa.cookie)).me).toMatchObject({ role: null, requestId: expect.any(Number) });
    expect((await page(clan.id)).requests).toBeUndefined();

    const approved = await post(minh.cookie, `/api/clans/${clan.id}/members/${hoa.uid}/approve`);
    expect(approved.status).toBe(200);
    expect((await approved.json()).data.members.map((member: { uid: string }) => member.uid)).toContain(hoa.uid);
    expect(await kinds(hoa.uid)).toContain("clan-approved");
    expect((await post(minh.cookie, `/api/clans/${clan.id}/members/${hoa.uid}/approve`)).status).toBe(200);
    expect((await page(clan.id)).memberCount).toBe(3);
    expect((await page(clan.id)).log.map((line) => line.kind)).toContain("joined");
    expect((await post(minh.cookie, `/api/clans/${clan.id}/members/${hoa.uid}/refuse`)).status).toBe(404);
  });

  it("an invitation is accepted or declined by the invited member alone; asking to join with one open joins at once", async () => {
    const [lan, an, binh, stranger] = [
      await signUpMember(t, "Lan"),
      await signUpMember(t, "An"),
      await signUpMember(t, "Bình"),
      await signUpMember(t, "Lạ"),
    ];
    const clan = await clanOf(lan);
    const invited = await post(lan.cookie, `/api/clans/${clan.id}/invites`, { uid: an.uid });
    expect(invited.status).toBe(201);
    const { id } = (await invited.json()).data;
    expect(await kinds(an.uid)).toContain("clan-invite");
    expect((await post(stranger.cookie, `/api/clan-invites/${id}/accept`)).status).toBe(404);
    expect((await post(an.cookie, `/api/clan-invites/${id}/accept`)).status).toBe(204);
    expect((await page(clan.id, an.cookie)).me.role).toBe("member");

    await post(lan.cookie, `/api/clans/${clan.id}/invites`, { uid: binh.uid });
    const joined = await post(binh.cookie, `/api/clans/${clan.id}/join`);
    expect(joined.status).toBe(200);
    expect((await joined.json()).data).toEqual({ status: "joined", clanId: clan.id });

    const declined = await post(lan.cookie, `/api/clans/${clan.id}/invites`, { uid: stranger.uid });
    expect((await post(stranger.cookie, `/api/clan-invites/${(await declined.json()).data.id}/decline`)).status).toBe(204);
    expect((await page(clan.id, lan.cookie)).invites).toEqual([]);
    expect((await post(lan.cookie, `/api/clans/${clan.id}/invites`, { uid: "no-such-account" })).status).toBe(404);
    expect((await post(lan.cookie, `/api/clans/${clan.id}/invites`, { uid: an.uid })).status).toBe(409);
  });

  it("keeps a member in one clan per server whichever way they come, and a clan that does not recruit takes no request", async () => {
    const [lan, vy, cuong] = [await signUpMember(t, "Lan"), await signUpMember(t, "Vy"), await signUpMember(t, "Cường")];
    const first = await clanOf(lan, { members: [cuong] });
    const second = await clanOf(vy);
    const asked = await post(cuong.cookie, `/api/clans/${second.id}/join`);
    expect(asked.status).toBe(409);
    expect((await asked.json()).error).toMatchObject({ code: "conflict", details: { reason: "already-in-clan" } });
    const invitedElsewhere = await post(vy.cookie, `/api/clans/${second.id}/invites`, { uid: cuong.uid });
    expect(invitedElsewhere.status).toBe(409);

    // Another server is another matter.
    const elsewhere = await clanOf(await signUpMember(t, "Khoa"), { server: "bach-hac" });
    expect((await post(cuong.cookie, `/api/clans/${elsewhere.id}/join`)).status).toBe(201);

    expect((await call(t.app, `/api/clans/${first.id}`, { method: "PATCH", cookie: lan.cookie, body: { recruiting: false } })).status).toBe(
      200,
    );
    const closed = await post((await signUpMember(t, "Mới")).cookie, `/api/clans/${first.id}/join`);
    expect(closed.status).toBe(409);
    expect((await closed.json()).error.details.reason).toBe("not-recruiting");
  });

  it("holds a member to a few open requests at once", async () => {
    const asker = await signUpMember(t, "Hỏi");
    for (let index = 0; index <= CLAN_REQUESTS_MAX; index += 1) {
      const clan = await clanOf(await signUpMember(t, `Trưởng ${index}`));
      const response = await post(asker.cookie, `/api/clans/${clan.id}/join`);
      expect(response.status, `request ${index + 1}`).toBe(index < CLAN_REQUESTS_MAX ? 201 : 409);
      if (index === CLAN_REQUESTS_MAX) {
        expect((await response.json()).error.details.reason).toBe("too-many-requests");
        // Withdrawing one frees a place.
        expect((await call(t.app, `/api/clans/${clan.id}/join`, { method: "DELETE", cookie: asker.cookie })).status).toBe(204);
      }
    }
  });

  it("lets officers remove plain members only, the leader anyone but themself; the removed member is told and the room's readers asked again", async () => {
    const [lan, minh, hoa, khai] = [
      await signUpMember(t, "Lan"),
      await signUpMember(t, "Minh"),
      await signUpMember(t, "Hoa"),
      await signUpMember(t, "Khải"),
    ];
    const clan = await clanOf(lan, { officers: [minh], members: [hoa, khai] });
    const heard: HubEvent[] = [];
    const stop = t.hub.listen(roomTopic(clan.roomId ?? ""), (event) => heard.push(event));
    try {
      expect((await post(hoa.cookie, `/api/clans/${clan.id}/members/${khai.uid}/kick`)).status).toBe(403);
      expect((await post(minh.cookie, `/api/clans/${clan.id}/members/${lan.uid}/kick`)).status).toBe(403);
      expect((await post(minh.cookie, `/api/clans/${clan.id}/members/${hoa.uid}/kick`)).status).toBe(200);
      expect(await kinds(hoa.uid)).toContain("clan-removed");
      expect(heard).toContainEqual({ type: "readers-changed", topic: roomTopic(clan.roomId ?? "") });
      expect((await post(lan.cookie, `/api/clans/${clan.id}/members/${minh.uid}/kick`)).status).toBe(200);
      expect((await post(lan.cookie, `/api/clans/${clan.id}/members/${lan.uid}/kick`)).status).toBe(403);
      expect((await post(lan.cookie, `/api/clans/${clan.id}/members/${hoa.uid}/kick`)).status).toBe(404);
    } finally {
      stop();
    }
    expect((await page(clan.id)).log.map((line) => [line.kind, line.actorName, line.targetName])).toContainEqual(["kicked", "Minh", "Hoa"]);
  });

  it("lets the leader alone change roles and hand over the lead; a leader cannot leave, others can", async () => {
    const [lan, minh, hoa] = [await signUpMember(t, "Lan"), await signUpMember(t, "Minh"), await signUpMember(t, "Hoa")];
    const clan = await clanOf(lan, { officers: [minh], members: [hoa] });
    expect((await post(minh.cookie, `/api/clans/${clan.id}/members/${hoa.uid}/role`, { role: "officer" })).status).toBe(403);
    expect((await post(lan.cookie, `/api/clans/${clan.id}/members/${hoa.uid}/role`, { role: "leader" })).status).toBe(400);
    expect((await post(minh.cookie, `/api/clans/${clan.id}/transfer`, { uid: hoa.uid })).status).toBe(403);

    const left = await post(lan.cookie, `/api/clans/${clan.id}/leave`);
    expect(left.status).toBe(409);
    expect((await left.json()).error.details.reason).toBe("leader-leaving");

    expect((await post(lan.cookie, `/api/clans/${clan.id}/transfer`, { uid: hoa.uid })).status).toBe(200);
    const after = await page(clan.id);
    expect(after.leader?.uid).toBe(hoa.uid);
    expect(after.members.find((member) => member.uid === lan.uid)?.role).toBe("officer");
    expect((await post(lan.cookie, `/api/clans/${clan.id}/leave`)).status).toBe(204);
    expect((await page(clan.id)).members.map((member) => member.uid)).toEqual([hoa.uid, minh.uid]);
  });

  it("disbands only on the leader's word with the clan's name, taking its members and room; the members are told", async () => {
    const [lan, hoa] = [await signUpMember(t, "Lan"), await signUpMember(t, "Hoa")];
    const clan = await clanOf(lan, { members: [hoa] });
    const disband = (cookie: string, confirm: string) =>
      call(t.app, `/api/clans/${clan.id}`, { method: "DELETE", cookie, body: { confirm } });
    expect((await disband(hoa.cookie, clan.name)).status).toBe(403);
    const wrong = await disband(lan.cookie, "another name");
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.message).toContain("confirm");
    expect((await disband(lan.cookie, ` ${clan.name.toUpperCase()} `)).status).toBe(204);
    expect(await t.db.select().from(clans).where(eq(clans.id, clan.id))).toEqual([]);
    expect(await t.db.select().from(clanMembers).where(eq(clanMembers.clanId, clan.id))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(chatRooms)
        .where(eq(chatRooms.id, clan.roomId ?? "")),
    ).toEqual([]);
    expect(await kinds(hoa.uid)).toContain("clan-removed");
  });

  it("lets a moderator hide a clan (audited) and the leader edit it; the name stays unique on its server", async () => {
    const [lan, mod, vy] = [await signUpMember(t, "Lan"), await signUpMember(t, "Mod", { role: "moderator" }), await signUpMember(t, "Vy")];
    const clan = await clanOf(lan);
    const other = await clanOf(vy);
    const patch = (cookie: string, body: unknown) => call(t.app, `/api/clans/${clan.id}`, { method: "PATCH", cookie, body });
    expect((await patch(lan.cookie, { hidden: true })).status).toBe(403);
    expect((await patch(mod.cookie, { name: "Bị đổi" })).status).toBe(403);
    expect((await patch(lan.cookie, { hidden: true, name: "x" })).status).toBe(400);
    expect((await patch(lan.cookie, {})).status).toBe(400);
    const taken = await patch(lan.cookie, { name: other.name.toLowerCase() });
    expect(taken.status).toBe(409);
    expect((await taken.json()).error.details.reason).toBe("name-taken");
    const edited = await patch(lan.cookie, { name: "Hội Đổi Tên", emblem: "game-icons:crossed-swords", language: "en" });
    expect((await edited.json()).data).toMatchObject({ name: "Hội Đổi Tên", emblem: "game-icons:crossed-swords", language: "en" });

    expect((await patch(mod.cookie, { hidden: true })).status).toBe(200);
    expect((await call(t.app, `/api/clans/${clan.id}`)).status).toBe(404);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "clan.hide"), eq(auditLog.targetId, clan.id)));
    expect(audit).toMatchObject({ actorUid: mod.uid, targetKind: "clan" });
    expect((await patch(mod.cookie, { hidden: false })).status).toBe(200);
    expect((await call(t.app, `/api/clans/${clan.id}`)).status).toBe(200);
  });

  it("takes announcements from officers once per client id, shown newest first", async () => {
    const [lan, hoa] = [await signUpMember(t, "Lan"), await signUpMember(t, "Hoa")];
    const clan = await clanOf(lan, { members: [hoa] });
    const say = (cookie: string, body: unknown) => post(cookie, `/api/clans/${clan.id}/announcements`, body);
    expect((await say(hoa.cookie, { text: "Tôi không được nói" })).status).toBe(403);
    expect((await say(lan.cookie, { text: "   " })).status).toBe(400);
    const first = await say(lan.cookie, { text: "Tối nay 20h đánh bang chiến!", clientId: "announce-000001" });
    expect(first.status).toBe(201);
    const again = await say(lan.cookie, { text: "Tối nay 20h đánh bang chiến!", clientId: "announce-000001" });
    expect((await again.json()).data.id).toBe((await first.json()).data.id);
    await say(lan.cookie, { text: "Nhớ mang thuốc." });
    expect((await page(clan.id)).announcements.map((one) => one.text)).toEqual(["Nhớ mang thuốc.", "Tối nay 20h đánh bang chiến!"]);
  });

  it("hands a deleted leader's clan to the longest-standing officer (else member), disbands a clan of one, and exports a member's clans", async () => {
    const [lan, minh, hoa, solo] = [
      await signUpMember(t, "Lan"),
      await signUpMember(t, "Minh"),
      await signUpMember(t, "Hoa"),
      await signUpMember(t, "Một Mình"),
    ];
    const clan = await clanOf(lan, { officers: [minh], members: [hoa] });
    const alone = await clanOf(solo);
    const exported = await (await call(t.app, "/api/profile/export", { cookie: hoa.cookie })).json();
    expect(exported.clans.memberships).toEqual([expect.objectContaining({ clanId: clan.id, role: "member" })]);

    await deleteAccount(t.db, lan.uid);
    const after = await page(clan.id);
    expect(after.leader?.uid).toBe(minh.uid);
    expect(after.members.map((member) => [member.uid, member.role])).toEqual([
      [minh.uid, "leader"],
      [hoa.uid, "member"],
    ]);
    expect(after.log[0]).toMatchObject({ kind: "leader", actorUid: null, targetUid: minh.uid });

    await deleteAccount(t.db, solo.uid);
    expect((await call(t.app, `/api/clans/${alone.id}`)).status).toBe(404);
    expect(
      await t.db
        .select()
        .from(chatRooms)
        .where(eq(chatRooms.id, alone.roomId ?? "")),
    ).toEqual([]);
  });

  it("opens the clan room to its members only, at every moment", async () => {
    const [lan, hoa, outsider] = [await signUpMember(t, "Lan"), await signUpMember(t, "Hoa"), await signUpMember(t, "Ngoài")];
    const clan = await clanOf(lan, { members: [hoa] });
    const room = clan.roomId ?? "";
    const send = (cookie: string, text: string) =>
      post(cookie, `/api/chat/rooms/${room}/messages`, { text, clientId: `clan-${Math.random().toString(36).slice(2, 12)}` });
    expect((await send(hoa.cookie, "Chào cả bang")).status).toBe(201);
    expect((await call(t.app, `/api/chat/rooms/${room}/messages`, { cookie: lan.cookie })).status).toBe(200);
    expect((await call(t.app, `/api/chat/rooms/${room}/messages`, { cookie: outsider.cookie })).status).toBe(403);
    expect((await send(outsider.cookie, "Cho vào với")).status).toBe(403);
    const rooms = async (cookie: string) =>
      ((await (await call(t.app, "/api/chat/rooms", { cookie })).json()).data as { id: string; name: string }[]).filter(
        (one) => one.id === room,
      );
    expect(await rooms(hoa.cookie)).toEqual([expect.objectContaining({ name: `${clan.name} [${clan.tag}]` })]);
    expect(await rooms(outsider.cookie)).toEqual([]);

    expect((await post(hoa.cookie, `/api/clans/${clan.id}/leave`)).status).toBe(204);
    expect((await call(t.app, `/api/chat/rooms/${room}/messages`, { cookie: hoa.cookie })).status).toBe(403);
    expect(await rooms(hoa.cookie)).toEqual([]);
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(clanMembers)
      .where(eq(clanMembers.clanId, clan.id));
    expect(count?.n).toBe(1);
  });
});

/**
 * The clan permission table through the API: every clan action, by the clan's leader, an officer, a
 * plain member, an outsider, and a site moderator and admin who are not members. Each case runs on a
 * fresh clan (rows written directly), so no case depends on another.
 */
describe.each(testEngines)("the clan permission table on %s", (engine) => {
  let t: TestApp;
  const callers = ["leader", "officer", "member", "outsider", "moderator", "admin"] as const;
  type Caller = (typeof callers)[number];
  let accounts: Record<Caller | "target" | "officer2" | "requester" | "invitee", TestMember>;
  const CLAN = "clan-aaaaaaaaaaaaaaaaaaaa";
  const ROOM = `${CLAN}-room`;

  beforeAll(async () => {
    t = await createTestApp(engine, { SIGN_UP_LIMIT_PER_HOUR: "1000" });
    await ensureContent(t.db, silentLogger);
    const names = ["leader", "officer", "member", "outsider", "moderator", "admin", "target", "officer2", "requester", "invitee"] as const;
    const made: TestMember[] = [];
    for (const name of names)
      made.push(await signUpMember(t, name, { role: name === "moderator" ? "moderator" : name === "admin" ? "admin" : "user" }));
    accounts = Object.fromEntries(names.map((name, index) => [name, made[index]])) as typeof accounts;
  });
  afterAll(() => t.dispose());

  async function seed(): Promise<void> {
    const now = Date.now();
    await t.db.delete(clans).where(eq(clans.id, CLAN));
    await t.db.insert(clans).values({
      id: CLAN,
      server: "suong-mai",
      name: "Bảng Quyền",
      tag: "BQ",
      emblem: "game-icons:dragon-head",
      language: "vi",
      createdAt: now,
      updatedAt: now,
    });
    const roles = { leader: "leader", officer: "officer", member: "member", target: "member", officer2: "officer" } as const;
    await t.db.insert(clanMembers).values(
      Object.entries(roles).map(([who, role]) => ({
        clanId: CLAN,
        uid: accounts[who as keyof typeof roles].uid,
        server: "suong-mai",
        role,
        joinedAt: now,
      })),
    );
    await t.db.insert(chatRooms).values({ id: ROOM, kind: "clan", clanId: CLAN, createdAt: now });
    await t.db
      .insert(clanRequests)
      .values({ clanId: CLAN, uid: accounts.requester.uid, kind: "request", actorUid: accounts.requester.uid, createdAt: now });
  }

  const allowed = (statuses: Partial<Record<Caller, number>>, otherwise: number): Record<Caller, number> =>
    Object.fromEntries(callers.map((caller) => [caller, statuses[caller] ?? otherwise])) as Record<Caller, number>;
  const officers = (status: number) => allowed({ leader: status, officer: status }, 403);
  const leaderOnly = (status: number) => allowed({ leader: status }, 403);

  const cases: { action: string; request: () => { method: string; path: string; body?: unknown }; expected: Record<Caller, number> }[] = [
    {
      action: "invite",
      request: () => ({ method: "POST", path: `/api/clans/${CLAN}/invites`, body: { uid: accounts.invitee.uid } }),
      expected: officers(201),
    },
    {
      action: "approve",
      request: () => ({ method: "POST", path: `/api/clans/${CLAN}/members/${accounts.requester.uid}/approve` }),
      expected: officers(200),
    },
    {
      action: "refuse",
      request: () => ({ method: "POST", path: `/api/clans/${CLAN}/members/${accounts.requester.uid}/refuse` }),
      expected: officers(200),
    },
    {
      action: "kick a member",
      request: () => ({ method: "POST", path: `/api/clans/${CLAN}/members/${accounts.target.uid}/kick` }),
      expected: officers(200),
    },
    {
      action: "kick an officer",
      request: () => ({ method: "POST", path: `/api/clans/${CLAN}/members/${accounts.officer2.uid}/kick` }),
      expected: leaderOnly(200),
    },
    {
      action: "promote",
      request: () => ({ method: "POST", path: `/api/clans/${CLAN}/members/${accounts.target.uid}/role`, body: { role: "officer" } }),
      expected: leaderOnly(200),
    },
    {
      action: "demote",
      request: () => ({ method: "POST", path: `/api/clans/${CLAN}/members/${accounts.officer2.uid}/role`, body: { role: "member" } }),
      expected: leaderOnly(200),
    },
    {
      action: "transfer",
      request: () => ({ method: "POST", path: `/api/clans/${CLAN}/transfer`, body: { uid: accounts.target.uid } }),
      expected: leaderOnly(200),
    },
    {
      action: "edit",
      request: () => ({ method: "PATCH", path: `/api/clans/${CLAN}`, body: { recruiting: false } }),
      expected: leaderOnly(200),
    },
    {
      action: "disband",
      request: () => ({ method: "DELETE", path: `/api/clans/${CLAN}`, body: { confirm: "Bảng Quyền" } }),
      expected: leaderOnly(204),
    },
    {
      action: "announce",
      request: () => ({ method: "POST", path: `/api/clans/${CLAN}/announcements`, body: { text: "Họp bang" } }),
      expected: officers(201),
    },
    {
      action: "hide",
      request: () => ({ method: "PATCH", path: `/api/clans/${CLAN}`, body: { hidden: true } }),
      expected: allowed({ moderator: 200, admin: 200 }, 403),
    },
    {
      action: "leave",
      request: () => ({ method: "POST", path: `/api/clans/${CLAN}/leave` }),
      expected: allowed({ leader: 409, officer: 204, member: 204 }, 404),
    },
    {
      action: "join",
      request: () => ({ method: "POST", path: `/api/clans/${CLAN}/join` }),
      expected: allowed({ leader: 409, officer: 409, member: 409 }, 201),
    },
    {
      action: "read the room",
      request: () => ({ method: "GET", path: `/api/chat/rooms/${ROOM}/messages` }),
      expected: allowed({ leader: 200, officer: 200, member: 200 }, 403),
    },
    {
      action: "write in the room",
      request: () => ({
        method: "POST",
        path: `/api/chat/rooms/${ROOM}/messages`,
        body: { text: "Xin chào", clientId: `perm-${Math.random().toString(36).slice(2, 12)}` },
      }),
      expected: allowed({ leader: 201, officer: 201, member: 201 }, 403),
    },
  ];

  it.each(cases)("$action", async ({ request, expected }) => {
    const got: Partial<Record<Caller, number>> = {};
    for (const caller of callers) {
      await seed();
      const { method, path, body } = request();
      got[caller] = (await call(t.app, path, { method, body, cookie: accounts[caller].cookie })).status;
    }
    expect(got).toEqual(expected);
  });

  it("shows the open requests and invitations to the leader and officers only", async () => {
    await seed();
    const seen: Partial<Record<Caller, boolean>> = {};
    for (const caller of callers)
      seen[caller] =
        (await (await call(t.app, `/api/clans/${CLAN}`, { cookie: accounts[caller].cookie })).json()).data.requests !== undefined;
    expect(seen).toEqual({ leader: true, officer: true, member: false, outsider: false, moderator: false, admin: false });
  });
});
