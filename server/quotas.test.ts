import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "../db/testing.ts";
import { RATE_RULES } from "./auth/rate-limit.ts";
import { loadConfig } from "./config.ts";
import { ensureContent } from "./content/content-store.ts";
import { quotasOf } from "./quotas.ts";
import { call, createTestApp, signUpMember, silentLogger, type TestApp } from "./testing.ts";

describe("quota settings", () => {
  it("default far above what the bench's heavy member keeps (~200 bag entries, 40 offers, 50 notes)", () => {
    const quotas = quotasOf(loadConfig({}, { forServer: false }));
    expect(quotas).toEqual({
      notes: 1_000,
      "bag-entries": 5_000,
      "guide-drafts": 50,
      "open-offers": 200,
      "price-alerts": 50,
      "reports-per-day": 30,
    });
    expect(() => loadConfig({ NOTES_MAX: "0" }, { forServer: false })).toThrow(/NOTES_MAX/);
  });
});

describe.each(testEngines)("quotas per account on %s", (engine) => {
  let t: TestApp;
  let ids = 0;
  const clientId = () => `quota-client-${++ids}`;
  const writeBudget = RATE_RULES.write.max;

  beforeAll(async () => {
    RATE_RULES.write.max = 100_000;
    t = await createTestApp(engine, {
      SIGN_UP_LIMIT_PER_HOUR: "1000",
      NOTES_MAX: "2",
      BAG_ENTRIES_MAX: "3",
      GUIDE_DRAFTS_MAX: "2",
      OPEN_OFFERS_MAX: "2",
      PRICE_ALERTS_MAX: "2",
      REPORTS_PER_DAY: "2",
    });
    await ensureContent(t.db, silentLogger);
  });
  afterAll(async () => {
    RATE_RULES.write.max = writeBudget;
    await t.dispose();
  });

  /** A refusal past a ceiling: 409 `quota-exceeded`, the quota and its limit named for the client's words. */
  async function expectQuota(response: Response, quota: string, limit: number) {
    expect(response.status, await response.clone().text()).toBe(409);
    const { error } = await response.json();
    expect(error).toMatchObject({ code: "quota-exceeded", details: { reason: "quota", quota, limit } });
    expect(error.message).toContain(String(limit));
  }

  it("refuses a note past NOTES_MAX, answers a retried one, and takes one again after a delete", async () => {
    const { cookie } = await signUpMember(t, "An");
    const note = (id: string) => call(t.app, "/api/notes", { cookie, body: { title: `Ghi chú ${id}`, body: "quặng", clientId: id } });
    const first = await note("note-one");
    expect(first.status).toBe(201);
    expect((await note("note-two")).status).toBe(201);
    await expectQuota(await note("note-three"), "notes", 2);
    // A retry of a note already made answers it, quota or not.
    const retried = await note("note-one");
    expect(retried.status).toBe(201);
    const id = (await first.json()).data.id;
    expect((await retried.json()).data.id).toBe(id);
    expect((await call(t.app, `/api/notes/${id}`, { method: "DELETE", cookie })).status).toBe(200);
    expect((await note("note-three")).status).toBe(201);
  });

  it("lets concurrent creates of one account pass the ceiling by none", async () => {
    const { cookie } = await signUpMember(t, "Bình");
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        call(t.app, "/api/notes", { cookie, body: { title: `Cùng lúc ${index}`, body: "x", clientId: clientId() } }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect((await (await call(t.app, "/api/notes", { cookie })).json()).data).toHaveLength(2);
  });

  it("refuses a bag entry past BAG_ENTRIES_MAX, and an import that would pass it (a replace that fits is taken)", async () => {
    const { cookie } = await signUpMember(t, "Cường");
    const add = (itemId: string) => call(t.app, "/api/bag", { cookie, body: { itemId, quantity: 1, clientId: clientId() } });
    expect((await add("iron-ore")).status).toBe(201);
    expect((await add("iron-sword")).status).toBe(201);
    const csv = await (await call(t.app, "/api/bag/export", { cookie })).text();
    // Two more on top of two: four, past three. Nothing is written.
    await expectQuota(await call(t.app, "/api/bag/import", { cookie, body: { csv, mode: "add" } }), "bag-entries", 3);
    expect((await (await call(t.app, "/api/bag", { cookie })).json()).data).toHaveLength(2);
    expect((await call(t.app, "/api/bag/import", { cookie, body: { csv, mode: "replace" } })).status).toBe(201);
    expect((await add("iron-ore")).status).toBe(201);
    await expectQuota(await add("iron-ore"), "bag-entries", 3);
  });

  it("refuses a guide draft past GUIDE_DRAFTS_MAX", async () => {
    const { cookie } = await signUpMember(t, "Dũng");
    const draft = (title: string) => call(t.app, "/api/guides", { cookie, body: { title, body: "Nội dung hướng dẫn", lang: "vi" } });
    expect((await draft("Hướng dẫn một")).status).toBe(201);
    expect((await draft("Hướng dẫn hai")).status).toBe(201);
    await expectQuota(await draft("Hướng dẫn ba"), "guide-drafts", 2);
  });

  it("refuses an open offer past OPEN_OFFERS_MAX; a cancelled one frees its place", async () => {
    const { cookie } = await signUpMember(t, "Em");
    const offer = () =>
      call(t.app, "/api/offers", {
        cookie,
        body: {
          side: "sell",
          itemId: "iron-ore",
          quantity: 1,
          unitPrice: 100,
          server: "suong-mai",
          characterName: "Quota Kiệt",
          expiresInDays: 7,
          clientId: clientId(),
        },
      });
    const first = await offer();
    expect(first.status).toBe(201);
    expect((await offer()).status).toBe(201);
    await expectQuota(await offer(), "open-offers", 2);
    const id = (await first.json()).data.id;
    expect((await call(t.app, `/api/offers/${id}/cancel`, { cookie, body: {} })).status).toBe(200);
    expect((await offer()).status).toBe(201);
  });

  it("refuses a price alert past PRICE_ALERTS_MAX with quota-exceeded (it was a 429 before)", async () => {
    const { cookie } = await signUpMember(t, "Giang");
    const alert = () =>
      call(t.app, "/api/alerts", { cookie, body: { itemId: "iron-ore", side: "sell", server: "suong-mai", maxPrice: 100 } });
    expect((await alert()).status).toBe(201);
    expect((await alert()).status).toBe(201);
    await expectQuota(await alert(), "price-alerts", 2);
  });

  it("refuses a third report in 24 hours with 429 and Retry-After; reporting the same thing again still answers", async () => {
    const { cookie } = await signUpMember(t, "Hà");
    const report = (name: string) =>
      call(t.app, "/api/reports", { cookie, body: { kind: "character", name, server: "suong-mai", reason: "Lừa đảo khi giao dịch" } });
    expect((await report("Kẻ Gian Một")).status).toBe(201);
    expect((await report("Kẻ Gian Hai")).status).toBe(201);
    const refused = await report("Kẻ Gian Ba");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(23 * 3600);
    const { error } = await refused.json();
    expect(error).toMatchObject({ code: "resource-exhausted", details: { reason: "quota", quota: "reports-per-day", limit: 2 } });
    expect(error.message).toContain("2");
    expect((await report("Kẻ Gian Một")).status).toBe(201);
  });
});
