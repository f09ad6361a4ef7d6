/** Rankings (issue 43): characters' numbers, the rankings with change and gain, clans' power, weekly snapshots; on both engines. */
import fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client.ts";
import { testEngines } from "../../db/testing.ts";
import { rankPage, type RankedClan, type RankedPlayer } from "../../universal/rankings/ranking-schemas.ts";
import { gameWeekStart } from "../content/schedule.ts";
import { ensureContent } from "../content/content-store.ts";
import { call, createTestApp, secondProcessDb, signUpMember, silentLogger, type TestApp, type TestMember } from "../testing.ts";
import { takeWeeklySnapshot } from "./rankings.ts";

describe("rankPage", () => {
  it("ranks by place from the offset, and works change and gain out from the snapshot and the start", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            power: fc.integer({ min: 0, max: 2_147_483_647 }),
            previousRank: fc.option(fc.integer({ min: 1, max: 10_000 })),
            startPower: fc.option(fc.integer({ min: 0, max: 2_147_483_647 })),
          }),
          { maxLength: 60 },
        ),
        fc.nat(10_000),
        (rows, offset) => {
          const ranked = rankPage(rows, offset);
          ranked.forEach((row, index) => {
            const source = rows[index]!;
            expect(row.rank).toBe(offset + index + 1);
            expect(row.change).toBe(source.previousRank === null ? null : source.previousRank - row.rank);
            expect(row.gain).toBe(source.startPower === null ? null : source.power - source.startPower);
          });
        },
      ),
    );
  });
});

describe.each(testEngines)("rankings on %s", (engine) => {
  let t: TestApp;
  let names = 0;
  const submit = (member: TestMember, body: Record<string, unknown>) =>
    call(t.app, "/api/characters", { cookie: member.cookie, body: { classId: "swordsman", level: 30, server: "suong-mai", ...body } });
  const players = async (query = "") =>
    (await (await call(t.app, `/api/rankings?kind=players${query}`)).json()) as { data: RankedPlayer[]; nextCursor: number | null };
  const character = () => `Nhân Vật ${++names}`;

  beforeAll(async () => {
    t = await createTestApp(engine, { SIGN_UP_LIMIT_PER_HOUR: "1000" });
    await ensureContent(t.db, silentLogger);
  });
  afterAll(() => t.dispose());

  it("records a character's numbers, ranks them at once, and refuses what is not the pack's or another's", async () => {
    const [an, binh] = [await signUpMember(t, "An"), await signUpMember(t, "Bình")];
    const name = character();
    const made = await submit(an, { name, power: 91_000 });
    expect(made.status).toBe(201);
    const mine = (await made.json()).data;
    expect(mine).toMatchObject({
      name,
      server: "suong-mai",
      classId: "swordsman",
      level: 30,
      power: 91_000,
      verified: false,
      claim: "pending",
    });
    const top = await players("&server=suong-mai");
    expect(top.data[0]).toMatchObject({
      rank: 1,
      change: null,
      gain: 0,
      characterId: mine.id,
      name,
      power: 91_000,
      verified: false,
      clan: null,
    });

    // Another member cannot submit numbers for it, pending as An's claim is.
    const taken = await submit(binh, { name: name.toLowerCase(), power: 1 });
    expect(taken.status).toBe(409);
    expect((await taken.json()).error.code).toBe("character-claimed");
    for (const [body, field] of [
      [{ name: character(), classId: "no-such-class", power: 1 }, "classId"],
      [{ name: character(), level: 0, power: 1 }, "level"],
      [{ name: character(), level: 100_000, power: 1 }, "level"],
      [{ name: character(), power: -1 }, "power"],
      [{ name: character(), power: 2_147_483_648 }, "power"],
      [{ name: character(), server: "no-such-server", power: 1 }, "server"],
    ] as const) {
      const refused = await submit(binh, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect((await refused.json()).error.message).toContain(field);
    }
    expect((await call(t.app, "/api/rankings?kind=heroes")).status).toBe(400);
    expect((await call(t.app, "/api/rankings?period=year")).status).toBe(400);
    expect(
      (await call(t.app, "/api/characters", { body: { name: "Khách", server: "suong-mai", classId: "swordsman", level: 1, power: 1 } }))
        .status,
    ).toBe(401);

    // A second entry: the latest counts, the gain counts from the period's first entry, the history keeps both.
    await submit(an, { name, power: 95_500, level: 31 });
    expect((await players("&server=suong-mai")).data[0]).toMatchObject({ characterId: mine.id, power: 95_500, level: 31, gain: 4_500 });
    const history = (await (await call(t.app, `/api/characters/${mine.id}/history`)).json()).data;
    expect(history.map((entry: { power: number; level: number }) => [entry.level, entry.power])).toEqual([
      [30, 91_000],
      [31, 95_500],
    ]);
    expect((await call(t.app, "/api/characters/999999999/history")).status).toBe(404);
  });

  it("takes the numbers as a form too, its screenshot the pending claim's proof in the moderation queue", async () => {
    const an = await signUpMember(t, "An");
    const name = character();
    const form = new FormData();
    for (const [field, value] of Object.entries({ name, server: "suong-mai", classId: "swordsman", level: "25", power: "43210" }))
      form.append(field, value);
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#36c" } })
      .png()
      .toBuffer();
    form.append("screenshot", new Blob([new Uint8Array(png)], { type: "image/png" }), "proof.png");
    const made = await call(t.app, "/api/characters", { cookie: an.cookie, body: form });
    expect(made.status).toBe(201);
    const submitted = (await made.json()).data;
    expect(submitted).toMatchObject({ name, level: 25, power: 43_210, claim: "pending" });
    const claims = (await (await call(t.app, "/api/characters/claims", { cookie: an.cookie })).json()).data as {
      id: number;
      proofReportId: number | null;
    }[];
    expect(claims.find((claim) => claim.id === submitted.id)?.proofReportId).toEqual(expect.any(Number));

    // A form with a field wrong writes nothing.
    const bad = new FormData();
    for (const [field, value] of Object.entries({ name: character(), server: "suong-mai", classId: "swordsman", level: "25", power: "-5" }))
      bad.append(field, value);
    expect((await call(t.app, "/api/characters", { cookie: an.cookie, body: bad })).status).toBe(400);
  });

  it("moves `change` by the weekly snapshot, written once however many processes take it", async () => {
    const [an, binh] = [await signUpMember(t, "An"), await signUpMember(t, "Bình")];
    const [first, second] = [character(), character()];
    await submit(an, { name: first, server: "bach-hac", power: 2_000_000 });
    await submit(binh, { name: second, server: "bach-hac", power: 1_000_000 });
    const now = Date.now();
    const week = gameWeekStart(new Date(now));
    await t.db.execute(sql`delete from ranking_weeks where week_start >= ${week}`);
    const [one, two] = await Promise.all([takeWeeklySnapshot(t.db, now), takeWeeklySnapshot(await secondProcessDb(t), now)]);
    expect(Math.min(one, two)).toBe(0);
    expect(Math.max(one, two)).toBeGreaterThan(0);
    const [count] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ranking_snapshots where week_start = ${week}`);
    const [characters] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from character_power`);
    expect(count?.n).toBe(characters?.n);

    // Bình overtakes An after the snapshot: both moved one place.
    await submit(binh, { name: second, server: "bach-hac", power: 3_000_000 });
    const ranked = (await players("&server=bach-hac")).data;
    expect(ranked.slice(0, 2).map((row) => [row.name, row.rank, row.change])).toEqual([
      [second, 1, 1],
      [first, 2, -1],
    ]);
  });

  it("sums a clan's strongest members' best character on its server, follows joins and leaves, and ranks clans", async () => {
    const [lan, hoa] = [await signUpMember(t, "Lan"), await signUpMember(t, "Hoa")];
    const made = await call(t.app, "/api/clans", {
      cookie: lan.cookie,
      body: { server: "hoa-phuong", name: "Hội Lực Chiến", tag: "LC", emblem: "game-icons:crown", language: "vi" },
    });
    const clan = (await made.json()).data;
    await submit(lan, { name: character(), server: "hoa-phuong", power: 500 });
    await submit(lan, { name: character(), server: "hoa-phuong", power: 700 });
    // Another server's character does not count.
    await submit(lan, { name: character(), server: "suong-mai", power: 9_999_999 });
    const power = async () => (await (await call(t.app, `/api/clans/${clan.id}`)).json()).data.power;
    expect(await power()).toBe(700);

    await submit(hoa, { name: character(), server: "hoa-phuong", power: 300 });
    await call(t.app, `/api/clans/${clan.id}/join`, { cookie: hoa.cookie, body: {} });
    await call(t.app, `/api/clans/${clan.id}/members/${hoa.uid}/approve`, { cookie: lan.cookie, body: {} });
    expect(await power()).toBe(1_000);
    // Each member with their best character on the clan's server.
    const members = (await (await call(t.app, `/api/clans/${clan.id}`)).json()).data.members as { uid: string; power: number | null }[];
    expect(members.map((member) => [member.uid, member.power])).toEqual([
      [lan.uid, 700],
      [hoa.uid, 300],
    ]);
    const clans = (await (await call(t.app, "/api/rankings?kind=clans&server=hoa-phuong")).json()).data as RankedClan[];
    expect(clans[0]).toMatchObject({ rank: 1, clanId: clan.id, name: "Hội Lực Chiến", tag: "LC", power: 1_000, members: 2 });
    const sorted = (await (await call(t.app, "/api/clans?server=hoa-phuong&sort=power")).json()).data;
    expect(sorted[0]).toMatchObject({ id: clan.id, power: 1_000 });
    // The clan shows beside its members' characters.
    expect((await players("&server=hoa-phuong")).data.find((row) => row.power === 300)?.clan).toEqual({
      id: clan.id,
      name: "Hội Lực Chiến",
      tag: "LC",
    });

    await call(t.app, `/api/clans/${clan.id}/leave`, { cookie: hoa.cookie, body: {} });
    expect(await power()).toBe(700);
  });

  it("lets anyone flag a character's numbers and a moderator mark them checked from the queue", async () => {
    const [an, binh] = [await signUpMember(t, "An"), await signUpMember(t, "Bình")];
    const moderator = await signUpMember(t, "Kiểm Tra", { role: "moderator" });
    const name = character();
    const made = (await (await submit(an, { name, power: 77_000 })).json()).data;
    const report = (cookie: string, characterId: unknown) =>
      call(t.app, "/api/reports", { cookie, body: { kind: "character-stats", characterId, reason: "Lực chiến không khớp ảnh" } });
    expect((await report(an.cookie, made.id)).status).toBe(400);
    expect((await report(binh.cookie, 999_999_999)).status).toBe(404);
    const filed = await report(binh.cookie, made.id);
    expect(filed.status).toBe(201);
    const { id } = (await filed.json()).data;
    expect((await call(t.app, `/api/reports/${id}/resolve`, { cookie: binh.cookie, body: { action: "verify" } })).status).toBe(403);
    expect((await call(t.app, `/api/reports/${id}/resolve`, { cookie: moderator.cookie, body: { action: "hide" } })).status).toBe(400);
    expect((await call(t.app, `/api/reports/${id}/resolve`, { cookie: moderator.cookie, body: { action: "verify" } })).status).toBe(200);
    const row = (await players("&server=suong-mai")).data.find((one) => one.characterId === made.id);
    expect(row?.verified).toBe(true);
    // New numbers are unchecked again.
    await submit(an, { name, power: 78_000 });
    expect((await players("&server=suong-mai")).data.find((one) => one.characterId === made.id)?.verified).toBe(false);
  });

  it("reads the contribution ranking for the week, the month and all time", async () => {
    for (const period of ["week", "month", "all"]) {
      const response = await call(t.app, `/api/rankings?kind=contribution&period=${period}`);
      expect(response.status).toBe(200);
      expect((await response.json()).nextCursor).toBeNull();
    }
  });
});
