/** Clans (issue 43): creating one with its leader and room, the directory, a clan's page; on both engines. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { chatRooms, clanMembers, clans } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import { CLAN_PAGE, type ClanSummary } from "../../universal/clans/clan-schemas.ts";
import { ensureContent } from "../content/content-store.ts";
import { call, createTestApp, signUpMember, silentLogger, type TestApp } from "../testing.ts";
import type { ClanPage } from "./clans.ts";

describe.each(testEngines)("clans on %s", (engine) => {
  let t: TestApp;
  const clan = (overrides: Record<string, unknown> = {}) => ({
    server: "suong-mai",
    name: "Bạch Long Hội",
    tag: "BLH",
    emblem: "game-icons:dragon-head",
    language: "vi",
    ...overrides,
  });
  const create = (cookie: string | undefined, body: unknown) => call(t.app, "/api/clans", { cookie, body });
  const counts = async () => {
    const [row] = await t.db
      .select({
        clans: sql<number>`(select count(*)::int from ${clans})`,
        members: sql<number>`(select count(*)::int from ${clanMembers})`,
        rooms: sql<number>`(select count(*)::int from ${chatRooms} where kind = 'clan')`,
      })
      .from(sql`(select 1) as one`);
    return row;
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { SIGN_UP_LIMIT_PER_HOUR: "1000" });
    await ensureContent(t.db, silentLogger);
  });
  afterAll(() => t.dispose());

  it("creates a clan with its creator as leader, its own room and its first log line, and lists it", async () => {
    const an = await signUpMember(t, "An");
    const response = await create(an.cookie, clan());
    expect(response.status).toBe(201);
    const made: ClanPage = (await response.json()).data;
    expect(made).toMatchObject({
      server: "suong-mai",
      name: "Bạch Long Hội",
      tag: "BLH",
      language: "vi",
      recruiting: true,
      memberCount: 1,
      power: null,
      leader: { uid: an.uid, displayName: "An" },
      members: [{ uid: an.uid, displayName: "An", role: "leader" }],
      log: [{ kind: "created", actorUid: an.uid, targetUid: an.uid }],
    });
    const [room] = await t.db.select().from(chatRooms).where(eq(chatRooms.clanId, made.id));
    expect(room).toMatchObject({ id: made.roomId, kind: "clan" });

    // Anyone may read the directory and the clan's page, signed in or not.
    const listed: ClanSummary[] = (await (await call(t.app, "/api/clans?server=suong-mai")).json()).data;
    expect(listed.map((one) => one.id)).toContain(made.id);
    const page = await call(t.app, `/api/clans/${made.id}`);
    expect(page.status).toBe(200);
    expect((await page.json()).data).toMatchObject({ id: made.id, roomId: made.roomId, memberCount: 1 });

    // The same request again (a retry) answers the same clan, never a second one.
    const again = await create(an.cookie, clan());
    expect(again.status).toBe(201);
    expect((await again.json()).data.id).toBe(made.id);
  });

  it("refuses a second clan of a name (accents and case folded) or a tag on a server, and a member's second clan there, writing nothing", async () => {
    const binh = await signUpMember(t, "Bình");
    const before = await counts();
    for (const [body, reason] of [
      [clan({ name: "bach long hoi", tag: "BL2" }), "name-taken"],
      [clan({ name: "Rồng Xanh", tag: "BLH" }), "tag-taken"],
    ] as const) {
      const response = await create(binh.cookie, body);
      expect(response.status, JSON.stringify(body)).toBe(409);
      expect((await response.json()).error).toMatchObject({ code: "conflict", details: { reason } });
    }
    expect(await counts()).toEqual(before);

    // On another server the same name and tag are free; a second clan of Bình's there is not.
    expect((await create(binh.cookie, clan({ server: "bach-hac" }))).status).toBe(201);
    const second = await create(binh.cookie, clan({ server: "bach-hac", name: "Hội Khác", tag: "HK" }));
    expect(second.status).toBe(409);
    expect((await second.json()).error.details.reason).toBe("already-in-clan");
  });

  it("validates every field at the edge, naming it, and asks a visitor to sign in", async () => {
    const chi = await signUpMember(t, "Chi");
    for (const [body, field] of [
      [clan({ tag: "ab" }), "tag"],
      [clan({ tag: "TOOLONG" }), "tag"],
      [clan({ name: "ab" }), "name"],
      [clan({ language: "fr" }), "language"],
      [clan({ emblem: "dragon" }), "emblem"],
      [clan({ emblem: "game-icons:no-such-icon-anywhere" }), "emblem"],
      [clan({ server: "no-such-server" }), "server"],
      [{ ...clan(), leaderUid: "someone" }, ""],
    ] as const) {
      const response = await create(chi.cookie, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).error.message).toContain(field);
    }
    expect((await create(undefined, clan({ name: "Khách", tag: "KH" }))).status).toBe(401);
  });

  it("filters the directory by server, language, recruiting and a folded search, a page at a time", async () => {
    const now = Date.now();
    await t.db.insert(clans).values(
      Array.from({ length: CLAN_PAGE + 1 }, (_, index) => ({
        id: `clan-${String(index).padStart(20, "0")}`,
        server: "hoa-phuong",
        name: index === 0 ? "Thiên Hạ Đệ Nhất" : `Nhóm ${index}`,
        tag: `TH${index}`,
        emblem: "game-icons:crossed-swords",
        language: index % 2 ? "en" : "vi",
        recruiting: index % 3 !== 0,
        createdAt: now + index,
        updatedAt: now + index,
      })),
    );
    const list = async (query: string) =>
      (await (await call(t.app, `/api/clans?${query}`)).json()) as { data: ClanSummary[]; nextCursor: number | null };
    const first = await list("server=hoa-phuong");
    expect(first.data).toHaveLength(CLAN_PAGE);
    expect(first.nextCursor).toBe(CLAN_PAGE);
    const rest = await list(`server=hoa-phuong&cursor=${first.nextCursor}`);
    expect(rest.data).toHaveLength(1);
    expect(rest.nextCursor).toBeNull();
    expect(new Set([...first.data, ...rest.data].map((one) => one.id)).size).toBe(CLAN_PAGE + 1);

    expect((await list("server=hoa-phuong&q=thien ha de")).data.map((one) => one.name)).toEqual(["Thiên Hạ Đệ Nhất"]);
    expect((await list("server=hoa-phuong&q=th5")).data.map((one) => one.tag)).toEqual(["TH5"]);
    expect((await list("server=hoa-phuong&language=en")).data.every((one) => one.language === "en")).toBe(true);
    expect((await list("server=hoa-phuong&recruiting=false")).data.every((one) => !one.recruiting)).toBe(true);
    expect((await call(t.app, "/api/clans?sort=age")).status).toBe(400);
    expect((await call(t.app, "/api/clans?recruiting=yes")).status).toBe(400);
    // A control character never reaches a query (PostgreSQL refuses a NUL in text outright).
    expect((await call(t.app, "/api/clans?server=%00")).status).toBe(400);
    expect((await call(t.app, "/api/clans?q=%00")).status).toBe(400);

    // A clan a moderator hid is out of the directory and its page is gone.
    await t.db.update(clans).set({ hiddenAt: now }).where(eq(clans.id, "clan-00000000000000000000"));
    expect((await list("server=hoa-phuong&q=thien ha de")).data).toEqual([]);
    expect((await call(t.app, "/api/clans/clan-00000000000000000000")).status).toBe(404);
    expect((await call(t.app, "/api/clans/not-a-clan")).status).toBe(404);
  });
});
