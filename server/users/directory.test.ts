import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authUsers, users } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import type { PublicMember } from "../../universal/users/users-limits.ts";
import { call, createTestApp, signUpMember, type TestApp, type TestMember } from "../testing.ts";
import { POINTS_BY_REASON } from "../../universal/contribution/contribution-levels.ts";
import { awardPoints } from "../contribution/contribution.ts";
import { listMembers } from "./directory.ts";
import { memberReportable } from "./member-reports.ts";
import { directoryQuery } from "./users-schemas.ts";

const PUBLIC_KEYS = ["createdAt", "displayName", "level", "photoURL", "points", "role", "tag", "title", "uid"];

describe.each(testEngines)("member directory on %s", (engine) => {
  let t: TestApp;
  let tuan: TestMember;
  let lan: TestMember;

  /** Members written straight to the database: many, with ties in level and sign-up time. */
  async function bulk(prefix: string, total: number, fields: (index: number) => Partial<typeof users.$inferInsert>) {
    for (let index = 0; index < total; index++) {
      const uid = `${prefix}-${String(index).padStart(3, "0")}`;
      await t.db.insert(authUsers).values({ id: uid, name: uid, email: `${uid}@example.vn` });
      await t.db.insert(users).values({ uid, email: `${uid}@example.vn`, displayName: uid, createdAt: 1_000, ...fields(index) });
    }
  }

  async function directory(query: string, cookie?: string) {
    const response = await call(t.app, `/api/users${query}`, { cookie });
    expect(response.status).toBe(200);
    return (await response.json()) as { data: PublicMember[]; nextCursor: string | null };
  }

  /** Every page of a query, following the cursor. */
  async function allPages(query: string): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await directory(`${query}&limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      seen.push(...page.data.map((entry) => entry.uid));
      cursor = page.nextCursor;
    } while (cursor);
    return seen;
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { SIGN_UP_LIMIT_PER_HOUR: "1000" });
    tuan = await signUpMember(t, "Trần Anh Tuấn");
    lan = await signUpMember(t, "Lan 50%_off");
    await t.db.update(users).set({ level: 12, tag: "vip", title: "veteran" }).where(eq(users.uid, tuan.uid));
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it("finds a member by name with or without diacritics, a word start or inside a word", async () => {
    for (const q of ["tuan", "Tuấn", "TUAN", "anh tu", "uấ"]) {
      const { data } = await directory(`?q=${encodeURIComponent(q)}`);
      expect(
        data.map((entry) => entry.uid),
        q,
      ).toEqual([tuan.uid]);
    }
    expect((await directory("?q=nobody")).data).toEqual([]);
    // Wildcards are literal: "%" finds only the name that holds one.
    expect((await directory(`?q=${encodeURIComponent("%")}`)).data.map((entry) => entry.uid)).toEqual([lan.uid]);
    expect((await directory(`?q=${encodeURIComponent("_")}`)).data.map((entry) => entry.uid)).toEqual([lan.uid]);
  });

  it("answers public fields only: never the email, to visitors and members alike", async () => {
    for (const cookie of [undefined, lan.cookie]) {
      const list = await directory("?q=tuan", cookie);
      const text = JSON.stringify(list);
      expect(text).not.toContain("@example.vn");
      expect(Object.keys(list.data[0] ?? {}).sort()).toEqual(PUBLIC_KEYS);
      const profile = await call(t.app, `/api/users/${tuan.uid}`, { cookie });
      expect(profile.status).toBe(200);
      const body = await profile.json();
      expect(JSON.stringify(body)).not.toContain("@example.vn");
      expect(Object.keys(body.data).sort()).toEqual(PUBLIC_KEYS);
      expect(body.data).toMatchObject({ displayName: "Trần Anh Tuấn", tag: "vip", title: "veteran", level: 12, role: "user", points: 0 });
    }
  });

  it("answers each member's contribution points, 0 for one never awarded any", async () => {
    await awardPoints(t.db, { uid: tuan.uid, reason: "guide-published", source: "directory-1" });
    const [listed] = (await directory("?q=tuan")).data;
    expect(listed?.points).toBe(POINTS_BY_REASON["guide-published"]);
    expect((await (await call(t.app, `/api/users/${tuan.uid}`)).json()).data.points).toBe(POINTS_BY_REASON["guide-published"]);
    expect((await (await call(t.app, `/api/users/${lan.uid}`)).json()).data.points).toBe(0);
    // The award set the level by the curve (a hand-given title stays); the tests below expect the level set above.
    expect((await directory("?q=tuan")).data[0]).toMatchObject({ title: "veteran", level: 2 });
    await t.db.update(users).set({ level: 12 }).where(eq(users.uid, tuan.uid));
  });

  it("filters by role, tag and title", async () => {
    await bulk("mod", 2, () => ({ role: "moderator", title: "creator" }));
    expect((await directory("?role=moderator")).data.map((entry) => entry.uid)).toEqual(["mod-001", "mod-000"]);
    expect((await directory("?tag=vip")).data.map((entry) => entry.uid)).toEqual([tuan.uid]);
    expect((await directory("?title=creator&role=moderator")).data).toHaveLength(2);
    expect((await directory("?title=veteran&role=admin")).data).toEqual([]);
    // A GET form's unchosen select sends an empty value: no filter.
    expect((await directory("?role=&tag=&title=&sort=&q=")).data.length).toBeGreaterThanOrEqual(4);
    const unfiltered = (await directory("")).data.map((entry) => entry.uid);
    expect((await directory("?q=&role=&tag=&title=&sort=&cursor=&limit=")).data.map((entry) => entry.uid)).toEqual(unfiltered);
  });

  it("sorts by level then newest, or newest; pages follow the cursor without duplicates or gaps", async () => {
    await bulk("tie", 23, (index) => ({ level: 1 + (index % 3), createdAt: 2_000 + (index % 2) }));
    const everyone = await directory("?limit=50");
    const levels = everyone.data.map((entry) => entry.level);
    expect(levels).toEqual([...levels].sort((a, b) => b - a));
    expect(everyone.data[0]?.uid).toBe(tuan.uid);

    for (const sort of ["level", "new"]) {
      const paged = await allPages(`?sort=${sort}`);
      const whole = (await directory(`?sort=${sort}&limit=50`)).data.map((entry) => entry.uid);
      expect(paged).toEqual(whole);
      expect(new Set(paged).size).toBe(paged.length);
    }
    const newest = (await directory("?sort=new&limit=50")).data;
    const times = newest.map((entry) => entry.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // `newest`, the sort's earlier name, still answers the same order; a made-up sort is refused.
    expect((await directory("?sort=newest&limit=50")).data.map((entry) => entry.uid)).toEqual(newest.map((entry) => entry.uid));
    expect((await call(t.app, "/api/users?sort=oldest")).status).toBe(400);
    // Filters and search page too.
    const ties = await allPages("?q=tie");
    expect(ties).toHaveLength(23);
    // A name many members share takes the other plan (the ordered walk): the same members in the same order.
    for (const sort of ["level", "new"] as const) {
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const query = directoryQuery.parse({ q: "tie", sort, limit: "7", ...(cursor ? { cursor } : {}) });
        const page = await listMembers(t.db, query, { fewMatches: 5 });
        walked.push(...page.data.map((entry) => entry.uid));
        cursor = page.nextCursor;
      } while (cursor);
      expect(walked).toEqual((await directory(`?q=tie&sort=${sort}&limit=50`)).data.map((entry) => entry.uid));
    }
  });

  it("cuts a page of a name many members share from the members first, and takes more when those it took first are not public", async () => {
    // Twelve "sharename" members with one level; by level, the newest first: 011, 010, …
    await bulk("sharename", 12, (index) => ({ level: 7, createdAt: 5_000 + index }));
    const hidden = ["sharename-011", "sharename-010", "sharename-009", "sharename-006"];
    await t.db.update(authUsers).set({ banned: true }).where(eq(authUsers.id, "sharename-011"));
    await t.db.execute(
      sql`insert into profile_settings (uid, listed) values ('sharename-010', false), ('sharename-009', false), ('sharename-006', false)`,
    );
    const expected = Array.from({ length: 12 }, (_, index) => `sharename-${String(11 - index).padStart(3, "0")}`).filter(
      (uid) => !hidden.includes(uid),
    );
    for (const slack of [0, 1, 10]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query = directoryQuery.parse({ q: "sharename", sort: "level", limit: "2", ...(cursor ? { cursor } : {}) });
        const page = await listMembers(t.db, query, { fewMatches: 1, slack });
        seen.push(...page.data.map((entry) => entry.uid));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen, `slack ${slack}`).toEqual(expected);
    }
  });

  it("leaves out unlisted, banned and unnamed members; their page is a 404 to others, not to themselves", async () => {
    const hidden = await signUpMember(t, "Ẩn Danh");
    const put = await call(t.app, "/api/profile/settings", { method: "PUT", body: { listed: false }, cookie: hidden.cookie });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ data: { listed: false } });
    expect((await directory("?q=an danh")).data).toEqual([]);
    expect((await call(t.app, `/api/users/${hidden.uid}`)).status).toBe(404);
    expect((await call(t.app, `/api/users/${hidden.uid}`, { cookie: lan.cookie })).status).toBe(404);
    expect((await call(t.app, `/api/users/${hidden.uid}`, { cookie: hidden.cookie })).status).toBe(200);

    await call(t.app, "/api/profile/settings", { method: "PUT", body: { listed: true }, cookie: hidden.cookie });
    expect((await directory("?q=an danh")).data.map((entry) => entry.uid)).toEqual([hidden.uid]);

    await t.db.update(authUsers).set({ banned: true }).where(eq(authUsers.id, hidden.uid));
    expect((await directory("?q=an danh")).data).toEqual([]);
    await t.db.update(authUsers).set({ banned: false }).where(eq(authUsers.id, hidden.uid));

    await t.db.update(users).set({ displayName: null }).where(eq(users.uid, hidden.uid));
    expect((await call(t.app, `/api/users/${hidden.uid}`)).status).toBe(404);
    expect((await call(t.app, "/api/users/no-such-member")).status).toBe(404);
    expect((await call(t.app, "/api/users/not%20a%20uid")).status).toBe(404);
  });

  it("refuses bad input with 400 and the error shape", async () => {
    for (const query of [
      "?sort=name",
      "?role=owner",
      "?limit=0",
      "?limit=51",
      "?limit=x",
      "?cursor=abc",
      `?q=${"a".repeat(101)}`,
      `?q=${encodeURIComponent("a\u0000")}`,
      `?tag=${"t".repeat(41)}`,
    ]) {
      const response = await call(t.app, `/api/users${query}`);
      expect(response.status, query).toBe(400);
      expect((await response.json()).error.code).toBe("invalid-argument");
    }
    for (const body of [{}, { listed: "no" }, { listed: true, extra: 1 }]) {
      const response = await call(t.app, "/api/profile/settings", { method: "PUT", body, cookie: lan.cookie });
      expect(response.status).toBe(400);
    }
    expect((await call(t.app, "/api/profile/settings", { method: "PUT", body: { listed: false } })).status).toBe(401);
  });

  it("as a reportable kind: hiding unlists the member, deleting also removes their photo", async () => {
    const kind = memberReportable();
    const viewer = { uid: lan.uid, role: "user" } as Parameters<typeof kind.assertReportable>[1];
    const target = await signUpMember(t, "Bị Báo Cáo");
    await t.db
      .update(users)
      .set({ photoURL: `/api/photos/${target.uid}` })
      .where(eq(users.uid, target.uid));
    await kind.assertReportable(t.db, viewer, target.uid);
    await expect(kind.assertReportable(t.db, { ...viewer, uid: target.uid }, target.uid)).rejects.toMatchObject({
      code: "invalid-argument",
    });
    const context = await kind.context(t.db, target.uid, Date.now());
    expect(context).toMatchObject({
      author: { uid: target.uid, displayName: "Bị Báo Cáo" },
      removed: false,
      link: `/users?id=${target.uid}`,
    });
    expect(JSON.stringify(context)).not.toContain("@example.vn");

    await kind.apply(t.db, viewer, target.uid, "hide", Date.now());
    expect((await call(t.app, `/api/users/${target.uid}`)).status).toBe(404);
    await expect(kind.assertReportable(t.db, viewer, target.uid)).rejects.toMatchObject({ code: "not-found" });
    expect(await kind.context(t.db, target.uid, Date.now())).toMatchObject({ removed: true, link: null });

    await kind.apply(t.db, viewer, target.uid, "delete", Date.now());
    const [row] = await t.db.select().from(users).where(eq(users.uid, target.uid));
    expect(row?.photoURL).toBeNull();
    await kind.apply(t.db, viewer, "gone-member", "delete", Date.now());
    expect(await kind.context(t.db, "gone-member", Date.now())).toBeNull();
  });
});
