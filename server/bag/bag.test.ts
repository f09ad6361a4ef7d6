import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offers } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import type { BagEntry } from "../../universal/bag/bag-limits.ts";
import { ensureContent } from "../content/content-store.ts";
import { call, createTestApp, signUpMember, silentLogger, type TestApp } from "../testing.ts";

describe.each(testEngines)("the bag on %s", (engine) => {
  let t: TestApp;

  async function add(cookie: string, body: Record<string, unknown>): Promise<BagEntry> {
    const response = await call(t.app, "/api/bag", { cookie, body });
    expect(response.status).toBe(201);
    return (await response.json()).data;
  }

  /** A completed trade of `itemId` at `unitPrice`, as the offers feature records it. */
  async function trade(ownerUid: string, itemId: string, unitPrice: number, completedAt = Date.now() - 60_000) {
    await t.db.insert(offers).values({
      ownerUid,
      clientId: `trade-${itemId}-${unitPrice}-${Math.random()}`,
      side: "sell",
      itemId,
      quantity: 1,
      unitPrice,
      server: "s1",
      characterName: "Người Bán",
      status: "completed",
      reservedReplyId: 1,
      ownerConfirmedAt: completedAt,
      counterpartyConfirmedAt: completedAt,
      expiresAt: completedAt + 86_400_000,
      createdAt: completedAt - 1000,
      updatedAt: completedAt,
      completedAt,
    });
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { SIGN_UP_LIMIT_PER_HOUR: "1000" });
    await ensureContent(t.db, silentLogger);
  });
  afterAll(() => t.dispose());

  it("adds pack items once per client id, values them at the 90-day median, and marks the unpriced", async () => {
    const an = await signUpMember(t, "An");
    await trade(an.uid, "iron-ore", 10);
    await trade(an.uid, "iron-ore", 30);
    await trade(an.uid, "iron-ore", 20);
    await trade(an.uid, "iron-ore", 9_999, Date.now() - 91 * 86_400_000);
    const body = { itemId: "iron-ore", quantity: 5, clientId: "bag-client-0001" };
    const ore = await add(an.cookie, body);
    expect(ore).toMatchObject({ itemId: "iron-ore", quantity: 5, enhancement: 0, note: null, unitPrice: 20, value: 100 });
    expect(ore.item.name.vi).toBeTruthy();
    expect((await add(an.cookie, body)).id).toBe(ore.id);
    const sword = await add(an.cookie, { itemId: "iron-sword", quantity: 1, enhancement: 7, note: "  đồ chính " });
    expect(sword).toMatchObject({ enhancement: 7, note: "đồ chính", unitPrice: null, value: null });
    const list = await (await call(t.app, "/api/bag?sort=value", { cookie: an.cookie })).json();
    expect(list.data.map((each: BagEntry) => each.id)).toEqual([ore.id, sword.id]);
    expect(list.totals).toEqual({ value: 100, priced: 1, unpriced: 1 });
  });

  it("filters by item name without accents and by type, sorts, edits and deletes", async () => {
    const binh = await signUpMember(t, "Bình");
    const ore = await add(binh.cookie, { itemId: "iron-ore", quantity: 3 });
    const sword = await add(binh.cookie, { itemId: "iron-sword", quantity: 1 });
    const ids = async (query: string) =>
      ((await (await call(t.app, `/api/bag${query}`, { cookie: binh.cookie })).json()).data as BagEntry[]).map((each) => each.id);
    const swordName = encodeURIComponent(
      sword.item.name.vi
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .replace(/đ/gi, "d"),
    );
    expect(await ids(`?q=${swordName}`)).toEqual([sword.id]);
    expect(await ids(`?type=${ore.item.type}`)).toContain(ore.id);
    expect(await ids(`?type=${ore.item.type}`)).not.toContain(sword.id);
    expect(await ids("?sort=quantity")).toEqual([ore.id, sword.id]);
    const edited = await call(t.app, `/api/bag/${ore.id}`, {
      method: "PATCH",
      cookie: binh.cookie,
      body: { quantity: 8, enhancement: 2, note: null },
    });
    expect((await edited.json()).data).toMatchObject({ quantity: 8, enhancement: 2, note: null });
    expect((await call(t.app, `/api/bag/${ore.id}`, { method: "DELETE", cookie: binh.cookie })).status).toBe(200);
    expect(await ids("")).toEqual([sword.id]);
  });

  it("lets only the owner read or change an entry: another member gets 404, a visitor 401", async () => {
    const owner = await signUpMember(t, "Chủ Túi");
    const other = await signUpMember(t, "Người Khác");
    const entry = await add(owner.cookie, { itemId: "iron-ore", quantity: 1 });
    expect((await call(t.app, "/api/bag")).status).toBe(401);
    expect((await call(t.app, "/api/bag", { body: { itemId: "iron-ore", quantity: 1 } })).status).toBe(401);
    expect((await call(t.app, "/api/bag/export")).status).toBe(401);
    expect((await call(t.app, `/api/bag/${entry.id}`, { method: "PATCH", body: { quantity: 2 } })).status).toBe(401);
    expect((await call(t.app, `/api/bag/${entry.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await call(t.app, `/api/bag/${entry.id}`, { method: "PATCH", cookie: other.cookie, body: { quantity: 2 } })).status).toBe(404);
    expect((await call(t.app, `/api/bag/${entry.id}`, { method: "DELETE", cookie: other.cookie })).status).toBe(404);
    expect((await (await call(t.app, "/api/bag", { cookie: other.cookie })).json()).data).toEqual([]);
    expect((await (await call(t.app, `/api/bag/${entry.id}`, { cookie: owner.cookie })).json()).data.quantity).toBe(1);
  });

  it("refuses bad input with 400 and the field named, and items the pack does not have", async () => {
    const { cookie } = await signUpMember(t, "Cường");
    const bad = async (body: unknown, path = "/api/bag", method = "POST") => {
      const response = await call(t.app, path, { method, cookie, body });
      expect(response.status).toBe(400);
      return (await response.json()).error as { code: string; message: string; details?: Record<string, unknown> };
    };
    expect(await bad({ itemId: "no-such-item", quantity: 1 })).toMatchObject({ details: { reason: "item" } });
    expect((await bad({ itemId: "Iron Ore", quantity: 1 })).message).toContain("itemId");
    expect((await bad({ itemId: "iron-ore", quantity: 0 })).message).toContain("quantity");
    expect((await bad({ itemId: "iron-ore", quantity: 1.5 })).message).toContain("quantity");
    expect((await bad({ itemId: "iron-ore", quantity: 1, enhancement: 31 })).message).toContain("enhancement");
    expect((await bad({ itemId: "iron-ore", quantity: 1, note: "x".repeat(201) })).message).toContain("note");
    expect((await bad({ itemId: "iron-ore", quantity: 1, uid: "someone" })).message).toContain("uid");
    const entry = await add(cookie, { itemId: "iron-ore", quantity: 1 });
    expect((await bad({}, `/api/bag/${entry.id}`, "PATCH")).message).toContain("Nothing to change");
    expect((await call(t.app, "/api/bag?sort=price", { cookie })).status).toBe(400);
  });

  it("exports CSV and imports it back all or nothing, naming every bad row", async () => {
    const { cookie } = await signUpMember(t, "Dũng");
    await add(cookie, { itemId: "iron-ore", quantity: 12, note: "=cmd" });
    await add(cookie, { itemId: "iron-sword", quantity: 1, enhancement: 5, note: 'kiếm "xịn", mới' });
    const exported = await call(t.app, "/api/bag/export", { cookie });
    expect(exported.headers.get("Content-Type")).toContain("text/csv");
    const csv = Buffer.from(await exported.arrayBuffer()).toString("utf8");
    expect(csv.split("\r\n")[0]).toBe("\uFEFFitemId,name,quantity,enhancement,note");
    expect(csv).toContain("'=cmd");

    const refused = await call(t.app, "/api/bag/import", {
      cookie,
      body: { csv: `${csv}no-such-item,x,1,0,\r\niron-ore,x,-1,0,\r\n`, mode: "replace" },
    });
    expect(refused.status).toBe(400);
    const refusal = (await refused.json()).error;
    expect(refusal).toMatchObject({ code: "invalid-argument", details: { reason: "csv", count: 2, row: 4, problem: "unknown-item" } });
    expect(refusal.details.rows).toEqual([
      { row: 4, problem: "unknown-item" },
      { row: 5, problem: "quantity" },
    ]);
    const dry = await call(t.app, "/api/bag/import", { cookie, body: { csv: `${csv}iron-ore,x,-1,0,\r\n`, dryRun: true } });
    expect((await dry.json()).data).toEqual({ imported: 0, errors: [{ row: 4, problem: "quantity" }] });
    const before = (await (await call(t.app, "/api/bag", { cookie })).json()).data as BagEntry[];
    expect(before).toHaveLength(2);

    const replaced = await call(t.app, "/api/bag/import", { cookie, body: { csv, mode: "replace" } });
    expect(replaced.status).toBe(201);
    expect((await replaced.json()).data.imported).toBe(2);
    const after = (await (await call(t.app, "/api/bag?sort=recent", { cookie })).json()).data as BagEntry[];
    const shape = (entries: BagEntry[]) =>
      entries
        .map(({ itemId, quantity, enhancement, note }) => ({ itemId, quantity, enhancement, note }))
        .sort((a, b) => a.itemId.localeCompare(b.itemId));
    expect(shape(after)).toEqual(shape(before));
    expect((await call(t.app, "/api/bag/import", { cookie, body: { csv, mode: "add" } })).status).toBe(201);
    expect((await (await call(t.app, "/api/bag", { cookie })).json()).data).toHaveLength(4);
    expect((await call(t.app, "/api/bag/import", { cookie, body: { csv: "name\nx\n" } })).status).toBe(400);
  });
});
