/** The admin dashboard (issue 44): a day's figures counted from the features' tables into the roll-up, by game day. */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows } from "../../db/client.ts";
import { dashboardDays, memberActivity, posts } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import type { Dashboard, DashboardDay } from "../../universal/dashboard/dashboard-limits.ts";
import { DAY_MS, gameDate, gameDateStart } from "../../universal/game-time.ts";
import { call, createTestApp, secondProcessDb, signUpMember, silentLogger, type TestApp, type TestMember } from "../testing.ts";
import { ensureContent } from "../content/content-store.ts";
import { activityTracker, readDashboard, refreshDashboard, rollUpDays, startDashboardRollUp } from "./dashboard.ts";

describe.each(testEngines)("admin dashboard on %s", (engine) => {
  let t: TestApp;
  let admin: TestMember;
  let seller: TestMember;
  let buyer: TestMember;
  let clientIds = 0;
  const clientId = () => `dashboard-${++clientIds}`;

  beforeAll(async () => {
    t = await createTestApp(engine, { FEEDBACK_MIN_ACCOUNT_AGE_HOURS: "0" });
    await ensureContent(t.db, silentLogger);
    admin = await signUpMember(t, "Quản Trị", { role: "admin" });
    seller = await signUpMember(t, "Người Bán");
    buyer = await signUpMember(t, "Người Mua");
  });
  afterAll(() => t?.dispose());

  const dashboard = async (days: 30 | 90 = 30, cookie = admin.cookie): Promise<Dashboard> => {
    const response = await call(t.app, `/api/admin/dashboard?days=${days}`, { cookie });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()).data;
  };
  const today = (board: Dashboard): DashboardDay => board.days.at(-1)!;
  const ok = async (response: Promise<Response>, status = 201) => {
    const answer = await response;
    expect(answer.status, await answer.clone().text()).toBe(status);
    return (await answer.json()).data;
  };

  it("counts today's sign-ups, sign-ins by language, posts, messages, offers and reports from the features' tables", async () => {
    for (const language of ["vi", "vi", "en-US"]) {
      await ok(call(t.app, "/api/analytics", { cookie: seller.cookie, body: { name: "login", params: { language } } }));
    }
    for (const body of ["Chào cả nhà", "Ai đi phó bản không?"]) {
      await ok(call(t.app, "/api/feed/posts", { cookie: seller.cookie, body: { body, lang: "vi", clientId: clientId() } }));
    }
    const messages = [];
    for (const text of ["Xin chào", "Có ai không", "Hello"]) {
      messages.push(
        await ok(call(t.app, "/api/chat/rooms/global-vi/messages", { cookie: buyer.cookie, body: { text, clientId: clientId() } })),
      );
    }
    const offer = async () =>
      ok(
        call(t.app, "/api/offers", {
          cookie: seller.cookie,
          body: {
            side: "sell",
            itemId: "iron-ore",
            quantity: 1,
            unitPrice: 100,
            server: "suong-mai",
            characterName: "Quyền Vương",
            expiresInDays: 3,
            clientId: clientId(),
          },
        }),
      );
    const sold = await offer();
    await offer();
    const reply = await ok(
      call(t.app, `/api/offers/${sold.id}/replies`, { cookie: buyer.cookie, body: { text: "Mình lấy", clientId: clientId() } }),
    );
    await ok(call(t.app, `/api/offers/${sold.id}/reserve`, { cookie: seller.cookie, body: { replyId: reply.id } }), 200);
    await ok(call(t.app, `/api/offers/${sold.id}/confirm`, { cookie: seller.cookie, body: {} }), 200);
    await ok(call(t.app, `/api/offers/${sold.id}/confirm`, { cookie: buyer.cookie, body: {} }), 200);
    await ok(call(t.app, "/api/reports", { cookie: seller.cookie, body: { kind: "message", id: messages[0].id, reason: "Spam" } }));

    // Before the job has run, today is zeros: the page reads the roll-up, never the features' tables.
    expect(today(await dashboard()).posts).toBe(0);
    await refreshDashboard(t.db);
    const board = await dashboard();
    expect(board.days).toHaveLength(30);
    expect(today(board)).toEqual({
      date: gameDate(Date.now()),
      signUps: 3,
      signIns: { vi: 2, "en-US": 1 },
      posts: 2,
      chatMessages: 3,
      offersOpened: 2,
      offersCompleted: 1,
      reports: 1,
      activeMembers: 3,
    });
    // Every request above was signed in: the three members are active today and this week.
    expect(board).toMatchObject({ activeToday: 3, activeThisWeek: 3 });
    expect(board.updatedAt).toBeGreaterThan(Date.now() - 60_000);
    expect((await dashboard(90)).days).toHaveLength(90);
    expect(board.days[0]!.date).toBe(gameDate(Date.now() - 29 * DAY_MS));
  });

  it("puts a row on its game day (UTC+7: a day starts at 17:00 UTC the evening before)", async () => {
    const [first] = await t.db.select({ id: posts.id }).from(posts).limit(1);
    const day = "2026-03-10";
    // 16:59:59.999 UTC on the 9th is still the 9th in game time; 17:00 UTC is the 10th.
    await t.db
      .update(posts)
      .set({ createdAt: gameDateStart(day) - 1 })
      .where(eq(posts.id, first!.id));
    await rollUpDays(t.db, "2026-03-09", "2026-03-10");
    const rows = await t.db
      .select()
      .from(dashboardDays)
      .where(sql`${dashboardDays.day} in ('2026-03-09', '2026-03-10')`);
    expect(Object.fromEntries(rows.map((row) => [row.day, row.posts]))).toEqual({ "2026-03-09": 1, "2026-03-10": 0 });
    await t.db
      .update(posts)
      .set({ createdAt: gameDateStart(day) })
      .where(eq(posts.id, first!.id));
    await rollUpDays(t.db, "2026-03-09", "2026-03-10");
    const again = await t.db
      .select()
      .from(dashboardDays)
      .where(sql`${dashboardDays.day} in ('2026-03-09', '2026-03-10')`);
    expect(Object.fromEntries(again.map((row) => [row.day, row.posts]))).toEqual({ "2026-03-09": 0, "2026-03-10": 1 });
  });

  it("counts a missing day of the last 90 once, and today and yesterday again on every run", async () => {
    const now = Date.now();
    const old = gameDate(now - 40 * DAY_MS);
    const yesterday = gameDate(now - DAY_MS);
    const [first] = await t.db.select({ id: posts.id }).from(posts).limit(1);
    await t.db
      .delete(dashboardDays)
      .where(sql`${dashboardDays.day} >= ${gameDate(now - 89 * DAY_MS)} and ${dashboardDays.day} <= ${gameDate(now - 2 * DAY_MS)}`);
    await t.db
      .update(posts)
      .set({ createdAt: gameDateStart(old) + 3_600_000 })
      .where(eq(posts.id, first!.id));
    // The first run counts the 88 days before yesterday it lacks (two processes' runs at once: each
    // day is one row, its figures counted once); the next, none.
    const both = await Promise.all([refreshDashboard(t.db, now), refreshDashboard(await secondProcessDb(t), now)]);
    expect(Math.max(...both)).toBe(88);
    const posted = (board: Dashboard, date: string) => board.days.find((day) => day.date === date)!.posts;
    expect(posted(await dashboard(90), old)).toBe(1);
    const [days] = await queryRows<{ rows: number; distinct: number }>(
      t.db,
      sql`select count(*)::int as rows, count(distinct day)::int as distinct from dashboard_days`,
    );
    expect(days?.rows).toBe(days?.distinct);
    // A day closed is not counted again (the roll-up keeps it), yesterday is.
    await t.db
      .update(posts)
      .set({ createdAt: gameDateStart(yesterday) + 3_600_000 })
      .where(eq(posts.id, first!.id));
    expect(await refreshDashboard(t.db, now)).toBe(0);
    const board = await dashboard(90);
    expect(posted(board, old)).toBe(1);
    expect(posted(board, yesterday)).toBe(1);
  });

  it("writes a member's first signed-in request of the day once, counts the week from Monday, and forgets older periods", async () => {
    const tracker = activityTracker(t.db, silentLogger);
    // A week long past, so that the members' own requests of this test are in none of its periods.
    const monday = gameDateStart("2026-06-01") + 3_600_000;
    // Sunday of the week before, then Monday and Tuesday of this one.
    tracker.seen("member-a", monday - DAY_MS);
    tracker.seen("member-a", monday);
    tracker.seen("member-a", monday + 60_000);
    tracker.seen("member-b", monday + DAY_MS);
    tracker.seen("member-a", monday + DAY_MS);
    await tracker.settled();
    const periods = await queryRows<{ period: string; n: number }>(
      t.db,
      sql`select period, count(*)::int as n from member_activity where uid like 'member-%' group by period order by period`,
    );
    expect(periods.map((row) => [row.period, Number(row.n)])).toEqual([
      ["d:2026-05-31", 1],
      ["d:2026-06-01", 1],
      ["d:2026-06-02", 2],
      ["w:2026-05-25", 1],
      ["w:2026-06-01", 2],
    ]);
    const tuesday = monday + DAY_MS;
    await refreshDashboard(t.db, tuesday);
    const board = await readDashboard(t.db, 30, tuesday);
    expect(board).toMatchObject({ activeToday: 2, activeThisWeek: 2 });
    expect(board.days.at(-2)).toMatchObject({ date: "2026-06-01", activeMembers: 1 });
    // Sunday's day and last week are gone; the current day and week, and yesterday's, stay.
    const left = await t.db.selectDistinct({ period: memberActivity.period }).from(memberActivity);
    // (Periods after that Tuesday, this test's real today among them, are not its business.)
    const kept = left.map((row) => row.period).filter((period) => period.slice(2) <= "2026-06-02");
    expect(kept.sort()).toEqual(["d:2026-06-01", "d:2026-06-02", "w:2026-06-01"]);
  });

  it("the job counts today within its minute, on its own", async () => {
    await t.db.delete(dashboardDays).where(eq(dashboardDays.day, gameDate(Date.now())));
    await ok(call(t.app, "/api/feed/posts", { cookie: buyer.cookie, body: { body: "Mới", lang: "vi", clientId: clientId() } }));
    const stop = startDashboardRollUp(t.db, silentLogger, 50);
    try {
      await vi.waitFor(async () => expect(today(await dashboard()).posts).toBeGreaterThan(0), { timeout: 5_000 });
    } finally {
      stop();
    }
  });

  it("answers admins only, and takes 30 or 90 days", async () => {
    const moderator = await signUpMember(t, "Điều Hành", { role: "moderator" });
    for (const [cookie, status] of [
      [moderator.cookie, 403],
      [seller.cookie, 403],
      [undefined, 401],
    ] as const) {
      expect((await call(t.app, "/api/admin/dashboard", { cookie })).status).toBe(status);
    }
    const refused = await call(t.app, "/api/admin/dashboard?days=7", { cookie: admin.cookie });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatchObject({ code: "invalid-argument" });
    expect((await dashboard()).days).toHaveLength(30);
  });
});
