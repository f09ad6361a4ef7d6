/** The content editor (issue 44): a draft checked as an import checks, published or restored as versions, zips in and out. */
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, contentPacks, contentVersions } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import type { ContentVersion } from "../../universal/content/content-editor-limits.ts";
import { createApp } from "../create-app.ts";
import { call, createTestApp, signUpMember, silentLogger, type TestApp, type TestMember } from "../testing.ts";
import { ensureContent, exportPack, packChecksum } from "./content-store.ts";

type Item = { id: string; name: { vi: string; en: string }; [key: string]: unknown };

describe.each(testEngines)("the content editor on %s", (engine) => {
  let t: TestApp;
  let admin: TestMember;
  let moderator: TestMember;
  let member: TestMember;
  /** A second process on the same database and bus. */
  let other: ReturnType<typeof createApp>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await ensureContent(t.db, silentLogger);
    admin = await signUpMember(t, "Quản Trị", { role: "admin" });
    moderator = await signUpMember(t, "Điều Hành", { role: "moderator" });
    member = await signUpMember(t, "Thành Viên");
    other = createApp({
      hub: t.hub,
      config: t.config,
      logger: silentLogger,
      database: t.database.connection,
      build: async () => {
        throw new Error("no pages");
      },
      auth: t.auth,
      analytics: t.analytics,
    });
  });
  afterAll(() => t?.dispose());

  const send = async (path: string, init: { method?: string; body?: unknown } = {}, cookie = admin.cookie) => {
    const response = await call(t.app, path, { ...init, cookie });
    return { status: response.status, body: await response.json() };
  };
  const item = async (id: string): Promise<Item> => (await send(`/api/admin/content/items/${id}`)).body.data;
  const publicItem = async (app: ReturnType<typeof createApp>, id: string) => call(app, `/api/v1/items/${id}`);
  const versions = async (): Promise<ContentVersion[]> => (await send("/api/admin/content/versions")).body.data;
  const checksum = async () => (await t.db.select({ checksum: contentPacks.checksum }).from(contentPacks))[0]?.checksum;

  it("keeps the pack loaded at first start as version 1, and answers admins only", async () => {
    expect(await versions()).toEqual([expect.objectContaining({ number: 1, source: "initial", current: true, createdBy: null })]);
    for (const [cookie, status] of [
      [moderator.cookie, 403],
      [member.cookie, 403],
      [undefined, 401],
    ] as const) {
      expect((await call(t.app, "/api/admin/content/items", { cookie })).status).toBe(status);
      expect((await call(t.app, "/api/admin/content/publish", { method: "POST", body: {}, cookie })).status).toBe(status);
    }
    expect((await send("/api/admin/content/no-such-kind")).status).toBe(404);
  });

  it("edits an item's names into the draft; publishing makes version 2, and the API, search and ETags switch on every process", async () => {
    const sword = await item("iron-sword");
    const before = await publicItem(other, "iron-sword");
    const etag = before.headers.get("etag");
    const renamed = { ...sword, name: { vi: "Kiếm Thép Rèn", en: "Forged Steel Sword" } };
    expect((await send("/api/admin/content/items/iron-sword", { method: "PATCH", body: renamed })).status).toBe(200);
    expect((await send("/api/admin/content/draft")).body.data).toEqual([
      expect.objectContaining({ kind: "items", id: "iron-sword", op: "update", entry: renamed }),
    ]);
    // The draft is the editor's: the pack in use has not changed.
    expect((await (await publicItem(other, "iron-sword")).json()).data.name.vi).toBe("Kiếm Sắt");
    expect((await item("iron-sword")).name.vi).toBe("Kiếm Thép Rèn");

    const published = await send("/api/admin/content/publish", { method: "POST", body: {} });
    expect(published.status).toBe(201);
    expect(published.body.data).toMatchObject({ number: 2, source: "publish", current: true, createdBy: { uid: admin.uid } });
    expect((await send("/api/admin/content/draft")).body.data).toEqual([]);
    const after = await publicItem(other, "iron-sword");
    expect((await after.json()).data.name).toEqual({ vi: "Kiếm Thép Rèn", en: "Forged Steel Sword" });
    expect(after.headers.get("etag")).not.toBe(etag);
    const found = await (await call(other, "/api/v1/search?q=kiem%20thep%20ren")).json();
    expect(found.data.map((hit: { id: string }) => hit.id)).toContain("iron-sword");
    const actions = (await t.db.select({ action: auditLog.action }).from(auditLog)).map((row) => row.action);
    expect(actions.filter((action) => action === "content.draft")).toHaveLength(1);
    expect(actions.filter((action) => action === "content.publish")).toHaveLength(1);
    expect((await send("/api/admin/content/publish", { method: "POST", body: {} })).status).toBe(409);
  });

  it("refuses what an import refuses, naming the field, and entries others still refer to", async () => {
    const sword = await item("iron-sword");
    const blank = await send("/api/admin/content/items/iron-sword", {
      method: "PATCH",
      body: { ...sword, name: { ...sword.name, vi: "" } },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toMatchObject({ code: "invalid-argument", details: { field: "name.vi" } });
    const moved = await send("/api/admin/content/items/iron-sword", { method: "PATCH", body: { ...sword, id: "other-sword" } });
    expect(moved.body.error.details.field).toBe("id");
    const recipe = await send("/api/admin/content/recipes", {
      body: {
        id: "craft-nothing",
        name: { vi: "Rèn Hư Không", en: "Forge Nothing" },
        station: "forge",
        requiredLevel: 1,
        output: { item: "no-such-item", quantity: 1 },
        inputs: [{ item: "iron-ore", quantity: 1 }],
        goldCost: 1,
        successRate: 100,
        craftSeconds: 1,
      },
    });
    expect(recipe.status).toBe(400);
    expect(recipe.body.error.details).toMatchObject({ file: "recipes.json", entry: "craft-nothing", field: "output.item" });
    const used = await send("/api/admin/content/items/iron-ore", { method: "DELETE" });
    expect(used.status).toBe(400);
    expect(used.body.error.details.file).toBe("recipes.json");
    expect((await send("/api/admin/content/items", { body: sword })).status).toBe(409);
    expect((await send("/api/admin/content/draft")).body.data).toEqual([]);
  });

  it("creates an entry and deletes it through the draft; a version is restored as a new one", async () => {
    const sword = await item("iron-sword");
    const copy = { ...sword, id: "practice-sword", name: { vi: "Kiếm Tập", en: "Practice Sword" } };
    expect((await send("/api/admin/content/items", { body: copy })).status).toBe(201);
    const listed = await send("/api/admin/content/items?q=kiem%20tap");
    expect(listed.body.data.map((entry: Item) => entry.id)).toEqual(["practice-sword"]);
    expect(listed.body.draft).toEqual({ "practice-sword": "create" });
    // Deleting a creation not yet published drops it from the draft.
    expect((await send("/api/admin/content/items/practice-sword", { method: "DELETE" })).status).toBe(200);
    expect((await send("/api/admin/content/draft")).body.data).toEqual([]);
    expect((await send("/api/admin/content/items", { body: copy })).status).toBe(201);
    expect((await send("/api/admin/content/publish", { method: "POST", body: {} })).body.data.number).toBe(3);
    expect((await publicItem(other, "practice-sword")).status).toBe(200);
    // Only the draft's entries were written, each in its place: the pack read back is the one published.
    expect(await packChecksum((await exportPack(t.db))!)).toBe(await checksum());

    const first = (await versions()).find((version) => version.number === 1)!;
    const restored = await send(`/api/admin/content/versions/${first.id}/restore`, { method: "POST", body: {} });
    expect(restored.status).toBe(201);
    expect(restored.body.data).toMatchObject({ number: 4, source: "restore", restoredFrom: 1, current: true });
    expect((await publicItem(other, "practice-sword")).status).toBe(404);
    expect((await (await publicItem(other, "iron-sword")).json()).data.name.vi).toBe("Kiếm Sắt");
    const [v1] = await t.db.select({ checksum: contentVersions.checksum }).from(contentVersions).where(eq(contentVersions.number, 1));
    expect(await checksum()).toBe(v1?.checksum);
    expect((await send("/api/admin/content/versions/999999/restore", { method: "POST", body: {} })).status).toBe(404);
  });

  it("exports the pack as a zip and one kind as CSV, and imports a zip: a valid one becomes a version, one with an error changes nothing", async () => {
    const exported = await call(t.app, "/api/admin/content/export", { cookie: admin.cookie });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await exported.arrayBuffer()));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(["pack.json", "items.json", "rune-sets.json"]));

    const upload = (zip: Uint8Array) => {
      const form = new FormData();
      form.set("file", new File([new Uint8Array(zip)], "pack.zip", { type: "application/zip" }));
      return call(t.app, "/api/admin/content/import", { body: form, cookie: admin.cookie });
    };
    // A folder zipped whole: the files are found inside it.
    const items = JSON.parse(strFromU8(files["items.json"]!)) as Item[];
    items[0]!.name.en = "Imported Name";
    const edited = zipSync(
      Object.fromEntries(
        Object.entries({ ...files, "items.json": strToU8(JSON.stringify(items)) }).map(([name, data]) => [`pack/${name}`, data]),
      ),
    );
    const imported = await upload(edited);
    expect(imported.status, await imported.clone().text()).toBe(201);
    expect((await imported.json()).data).toMatchObject({ source: "import", current: true });
    expect((await (await publicItem(other, items[0]!.id)).json()).data.name.en).toBe("Imported Name");

    const held = await checksum();
    const count = (await versions()).length;
    items[1]!.rarity = "mythic-plus";
    const refused = await upload(zipSync({ ...files, "items.json": strToU8(JSON.stringify(items)) }));
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.details).toMatchObject({ file: "items.json", entry: items[1]!.id, field: "rarity" });
    expect(await checksum()).toBe(held);
    expect(await versions()).toHaveLength(count);
    expect((await upload(strToU8("not a zip"))).status).toBe(400);

    const csv = await call(t.app, "/api/admin/content/items.csv", { cookie: admin.cookie });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const text = await csv.text();
    expect(text.split("\r\n")[0]).toMatch(/^id,name,/);
    expect(text).toContain("Imported Name");
  });
});
