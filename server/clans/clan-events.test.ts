/** A clan's events (issue 43): scheduling, answers, and reminders sent exactly once; on both engines. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { and, eq } from "drizzle-orm";
import { clanEvents, notifications } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import { nextOccurrence, WEEK_MS, type ClanEvent } from "../../universal/clans/clan-schemas.ts";
import { ensureContent } from "../content/content-store.ts";
import { call, createTestApp, secondProcessDb, signUpMember, silentLogger, type TestApp, type TestMember } from "../testing.ts";
import { sendEventReminders } from "./clan-events.ts";
import type { ClanPage } from "./clans.ts";

describe("nextOccurrence", () => {
  it("is the start while it is to come, a weekly event's next week's start after, and nothing for a one-off event past", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: -(2 ** 36), max: 2 ** 36 }), (startsAt, offset) => {
        const from = startsAt + offset;
        const once = nextOccurrence(startsAt, null, from);
        const weekly = nextOccurrence(startsAt, "weekly", from);
        if (offset <= 0) {
          expect(once).toBe(startsAt);
          expect(weekly).toBe(startsAt);
          return;
        }
        expect(once).toBeNull();
        expect(weekly).not.toBeNull();
        const next = weekly as number;
        // A whole number of weeks after the start, at or after `from`, and the first such.
        expect((next - startsAt) % WEEK_MS).toBe(0);
        expect(next).toBeGreaterThanOrEqual(from);
        expect(next - WEEK_MS).toBeLessThan(from);
      }),
    );
  });
});

describe.each(testEngines)("clan events on %s", (engine) => {
  let t: TestApp;
  let tags = 0;
  const post = (cookie: string | undefined, path: string, body: unknown = {}) => call(t.app, path, { cookie, body });
  const inGameTime = (at: number) => new Date(at + 7 * 3_600_000).toISOString().replace("Z", "+07:00");

  async function clanWith(leader: TestMember, members: TestMember[]): Promise<ClanPage> {
    tags += 1;
    const made = await post(leader.cookie, "/api/clans", {
      server: "suong-mai",
      name: `Sự kiện ${tags}`,
      tag: `SK${tags}`,
      emblem: "game-icons:crown",
      language: "vi",
    });
    const clan: ClanPage = (await made.json()).data;
    for (const member of members) {
      await post(member.cookie, `/api/clans/${clan.id}/join`);
      await post(leader.cookie, `/api/clans/${clan.id}/members/${member.uid}/approve`);
    }
    return clan;
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { SIGN_UP_LIMIT_PER_HOUR: "1000" });
    await ensureContent(t.db, silentLogger);
  });
  afterAll(() => t.dispose());

  it("lets officers schedule an event in game time, once per client id, in the coming year only", async () => {
    const [lan, hoa, outsider] = [await signUpMember(t, "Lan"), await signUpMember(t, "Hoa"), await signUpMember(t, "Ngoài")];
    const clan = await clanWith(lan, [hoa]);
    const startsAt = Date.now() + 3 * 3_600_000;
    const body = { title: "Bang chiến", startsAt: inGameTime(startsAt), repeat: "weekly", clientId: "event-000001" };
    const schedule = (cookie: string, payload: unknown) => post(cookie, `/api/clans/${clan.id}/events`, payload);

    expect((await schedule(hoa.cookie, body)).status).toBe(403);
    expect((await schedule(outsider.cookie, body)).status).toBe(403);
    const made = await schedule(lan.cookie, body);
    expect(made.status).toBe(201);
    const event: ClanEvent = (await made.json()).data;
    expect(event).toMatchObject({ title: "Bang chiến", repeat: "weekly", next: startsAt, mine: null });
    expect((await (await schedule(lan.cookie, body)).json()).data.id).toBe(event.id);

    for (const [payload, field] of [
      [{ ...body, clientId: "event-000002", startsAt: inGameTime(Date.now() - 60_000) }, "startsAt"],
      [{ ...body, clientId: "event-000003", startsAt: inGameTime(Date.now() + 400 * 24 * 3_600_000) }, "startsAt"],
      [{ ...body, clientId: "event-000004", startsAt: "tomorrow at eight" }, "startsAt"],
      [{ ...body, clientId: "event-000005", repeat: "daily" }, "repeat"],
      [{ ...body, clientId: "event-000006", title: " " }, "title"],
    ] as const) {
      const refused = await schedule(lan.cookie, payload);
      expect(refused.status, JSON.stringify(payload)).toBe(400);
      expect((await refused.json()).error.message).toContain(field);
    }
    const page: ClanPage = (await (await call(t.app, `/api/clans/${clan.id}`)).json()).data;
    expect(page.events.map((one) => one.id)).toEqual([event.id]);
  });

  it("takes one answer per member of the clan, which they may change", async () => {
    const [lan, hoa, outsider] = [await signUpMember(t, "Lan"), await signUpMember(t, "Hoa"), await signUpMember(t, "Ngoài")];
    const clan = await clanWith(lan, [hoa]);
    const made = await post(lan.cookie, `/api/clans/${clan.id}/events`, {
      title: "Đi phó bản",
      startsAt: inGameTime(Date.now() + 3_600_000),
    });
    const { id } = (await made.json()).data as ClanEvent;
    const rsvp = (cookie: string, answer: string) => post(cookie, `/api/clan-events/${id}/rsvp`, { answer });
    expect((await rsvp(outsider.cookie, "going")).status).toBe(403);
    expect((await rsvp(hoa.cookie, "perhaps")).status).toBe(400);
    expect((await (await rsvp(hoa.cookie, "going")).json()).data).toMatchObject({ answers: { going: 1, maybe: 0, no: 0 }, mine: "going" });
    expect((await (await rsvp(lan.cookie, "maybe")).json()).data.answers).toEqual({ going: 1, maybe: 1, no: 0 });
    expect((await (await rsvp(hoa.cookie, "no")).json()).data.answers).toEqual({ going: 0, maybe: 1, no: 1 });
    expect((await post(lan.cookie, "/api/clan-events/999999999/rsvp", { answer: "going" })).status).toBe(404);

    // Officers call it off; a member cannot.
    expect((await call(t.app, `/api/clan-events/${id}`, { method: "DELETE", cookie: hoa.cookie })).status).toBe(403);
    expect((await call(t.app, `/api/clan-events/${id}`, { method: "DELETE", cookie: lan.cookie })).status).toBe(204);
    expect(await t.db.select().from(clanEvents).where(eq(clanEvents.id, id))).toEqual([]);
  });

  it("reminds those going or maybe who are still members, 30 minutes before, exactly once however many sweeps run", async () => {
    const [lan, an, binh, chi, dung] = [
      await signUpMember(t, "Lan"),
      await signUpMember(t, "An"),
      await signUpMember(t, "Bình"),
      await signUpMember(t, "Chi"),
      await signUpMember(t, "Dũng"),
    ];
    const clan = await clanWith(lan, [an, binh, chi, dung]);
    const startsAt = Math.ceil((Date.now() + 2 * 3_600_000) / 1000) * 1000;
    const made = await post(lan.cookie, `/api/clans/${clan.id}/events`, { title: "Thủ thành", startsAt: inGameTime(startsAt) });
    const { id } = (await made.json()).data as ClanEvent;
    for (const [member, answer] of [
      [an, "going"],
      [binh, "maybe"],
      [chi, "no"],
      [dung, "going"],
    ] as const)
      await post(member.cookie, `/api/clan-events/${id}/rsvp`, { answer });
    // Dũng leaves before the reminder: a former member is not reminded.
    await post(dung.cookie, `/api/clans/${clan.id}/leave`);

    const reminders = async (uid: string) =>
      (
        await t.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.uid, uid), eq(notifications.kind, "clan-event")))
      ).length;
    expect(await sendEventReminders(t.db, t.hub, startsAt - 31 * 60_000)).toBe(0);
    const other = await secondProcessDb(t);
    const [first, second] = await Promise.all([
      sendEventReminders(t.db, t.hub, startsAt - 29 * 60_000),
      sendEventReminders(other, t.hub, startsAt - 29 * 60_000),
    ]);
    expect(first + second).toBe(2);
    expect(await sendEventReminders(t.db, t.hub, startsAt - 5 * 60_000)).toBe(0);
    expect([await reminders(an.uid), await reminders(binh.uid), await reminders(chi.uid), await reminders(dung.uid)]).toEqual([1, 1, 0, 0]);
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.uid, an.uid), eq(notifications.kind, "clan-event")));
    expect(notice).toMatchObject({ link: `/clan?id=${clan.id}#events`, data: { title: "Thủ thành", clan: clan.name, startsAt } });

    // A weekly event reminds again at each week's occurrence.
    await t.db.update(clanEvents).set({ repeat: "weekly" }).where(eq(clanEvents.id, id));
    expect(await sendEventReminders(t.db, t.hub, startsAt + WEEK_MS - 20 * 60_000)).toBe(2);
    expect(await reminders(an.uid)).toBe(2);
  });
});
