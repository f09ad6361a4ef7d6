import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "../../db/testing.ts";
import { ensureContent } from "../content/content-store.ts";
import { call, createTestApp, signUpMember, silentLogger, type TestApp } from "../testing.ts";

describe.each(testEngines)("the app bar's search on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { SIGN_UP_LIMIT_PER_HOUR: "1000" });
    await ensureContent(t.db, silentLogger);
  });
  afterAll(() => t.dispose());

  const search = async (q: string) =>
    (await (await call(t.app, `/api/search?q=${encodeURIComponent(q)}`)).json()).data as {
      kind: string;
      id: string;
      name: { vi: string };
    }[];

  it("finds catalog entries, members and posts without diacritics, grouped by kind, and never a hidden post or an unlisted member", async () => {
    const tuan = await signUpMember(t, "Tuấn Kiếm Khách");
    const hidden = await signUpMember(t, "Tuấn Ẩn Danh");
    await call(t.app, "/api/profile/settings", { method: "PUT", cookie: hidden.cookie, body: { listed: false } });
    const posted = await call(t.app, "/api/feed/posts", {
      cookie: tuan.cookie,
      body: { body: "Cách ép **Giáp Rồng** lên +9", lang: "vi" },
    });
    const post = (await posted.json()).data;
    const secret = (
      await (await call(t.app, "/api/feed/posts", { cookie: tuan.cookie, body: { body: "Giáp Rồng bí mật", lang: "vi" } })).json()
    ).data;
    const moderator = await signUpMember(t, "Điều Hành", { role: "moderator" });
    await call(t.app, `/api/feed/posts/${secret.id}`, { method: "PATCH", cookie: moderator.cookie, body: { hidden: true } });

    const people = await search("tuan");
    expect(people.filter((hit) => hit.kind === "members").map((hit) => hit.id)).toEqual([tuan.uid]);
    const dragon = await search("giap rong");
    const posts = dragon.filter((hit) => hit.kind === "posts");
    expect(posts.map((hit) => hit.id)).toEqual([String(post.id)]);
    expect(posts[0]?.name.vi).toBe("Tuấn Kiếm Khách: Cách ép Giáp Rồng lên +9");
    const catalog = await search("giap");
    expect(catalog.some((hit) => hit.kind === "items")).toBe(true);
    // Groups come in order: the catalog's hits, then members, then posts.
    const kinds = [...new Set(catalog.map((hit) => hit.kind))];
    expect(kinds.indexOf("posts")).toBeGreaterThan(kinds.indexOf("items"));
  });

  it("finds clans by name or tag, diacritics aside, and never a hidden one", async () => {
    const lan = await signUpMember(t, "Lan");
    const made = await call(t.app, "/api/clans", {
      cookie: lan.cookie,
      body: { server: "suong-mai", name: "Thiên Long Bang", tag: "TLB", emblem: "game-icons:dragon-head", language: "vi" },
    });
    const clan = (await made.json()).data;
    const found = (await search("thien long")).filter((hit) => hit.kind === "clans");
    expect(found.map((hit) => [hit.id, hit.name.vi])).toEqual([[clan.id, "Thiên Long Bang [TLB]"]]);
    expect((await search("tlb")).some((hit) => hit.kind === "clans" && hit.id === clan.id)).toBe(true);
    const moderator = await signUpMember(t, "Kiểm Duyệt", { role: "moderator" });
    await call(t.app, `/api/clans/${clan.id}`, { method: "PATCH", cookie: moderator.cookie, body: { hidden: true } });
    expect((await search("thien long")).filter((hit) => hit.kind === "clans")).toEqual([]);
  });

  it("refuses a search without text, or with control characters, in words", async () => {
    expect((await call(t.app, "/api/search")).status).toBe(400);
    expect((await call(t.app, "/api/search?q=%20")).status).toBe(400);
    expect((await call(t.app, "/api/search?q=a%00b")).status).toBe(400);
    expect((await call(t.app, "/api/search?q=giap&limit=500")).status).toBe(400);
  });
});
