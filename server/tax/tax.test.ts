import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { offers, taxLedger } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import { summarizeLedger, TAX_LEDGER_MAX, type LedgerEntry, type LedgerPeriod, type LedgerTotals } from "../../universal/tax/tax-limits.ts";
import { ensureContent } from "../content/content-store.ts";
import { call, createTestApp, signUpMember, silentLogger, type TestApp } from "../testing.ts";

describe.each(testEngines)("the tax ledger on %s", (engine) => {
  let t: TestApp;

  type Ledger = { data: LedgerEntry[]; totals: LedgerTotals; weeks: LedgerPeriod[]; months: LedgerPeriod[] };
  const ledger = async (cookie: string): Promise<Ledger> => (await call(t.app, "/api/tax/ledger", { cookie })).json();

  async function completed(ownerUid: string, counterpartyUid: string, side: "sell" | "buy", unitPrice: number, completedAt: number) {
    const [row] = await t.db
      .insert(offers)
      .values({
        ownerUid,
        counterpartyUid,
        reservedReplyId: 1,
        clientId: `tax-${Math.random()}`,
        side,
        itemId: "iron-ore",
        quantity: 10,
        unitPrice,
        server: "s1",
        characterName: "Người Bán",
        status: "completed",
        ownerConfirmedAt: completedAt,
        counterpartyConfirmedAt: completedAt,
        expiresAt: completedAt + 86_400_000,
        createdAt: completedAt - 1000,
        updatedAt: completedAt,
        completedAt,
      })
      .returning({ id: offers.id });
    return row!.id;
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { SIGN_UP_LIMIT_PER_HOUR: "1000" });
    await ensureContent(t.db, silentLogger);
  });
  afterAll(() => t.dispose());

  it("lists the pack's rates as places by name", async () => {
    const rates = (await (await call(t.app, "/api/tax/rates")).json()).data;
    expect(rates.find((each: { id: string }) => each.id === "district-mist-harbor")).toMatchObject({
      scope: "district",
      percent: 3,
      name: { vi: expect.any(String), en: expect.any(String) },
    });
  });

  it("copies completed offers in once each, on the right side, without a place until the member sets one", async () => {
    const seller = await signUpMember(t, "Người Bán");
    const buyer = await signUpMember(t, "Người Mua");
    const at = Date.UTC(2026, 10, 20, 10);
    const sold = await completed(seller.uid, buyer.uid, "sell", 100, at);
    // A buy offer: its owner bought, the counterparty sold.
    await completed(buyer.uid, seller.uid, "buy", 50, at + 1000);
    for (let read = 0; read < 2; read++) {
      const mine = await ledger(seller.cookie);
      expect(mine.data.map((each) => [each.offerId !== null, each.side, each.tax, each.net])).toEqual([
        [true, "sell", 0, 500],
        [true, "sell", 0, 1000],
      ]);
    }
    const theirs = await ledger(buyer.cookie);
    expect(theirs.data.map((each) => each.side)).toEqual(["buy", "buy"]);
    expect(theirs.totals).toMatchObject({ purchases: 1500, sales: 0, tax: 0 });
    const entry = (await ledger(seller.cookie)).data.find((each) => each.offerId === sold)!;
    const placed = await call(t.app, `/api/tax/ledger/${entry.id}`, {
      method: "PATCH",
      cookie: seller.cookie,
      body: { rateId: "district-mist-harbor" },
    });
    expect((await placed.json()).data).toMatchObject({ rateId: "district-mist-harbor", rateBasisPoints: 300, tax: 30, net: 970 });
    expect((await ledger(seller.cookie)).totals).toEqual({ sales: 1500, tax: 30, net: 1470, purchases: 0, count: 2 });
    expect((await call(t.app, `/api/tax/ledger/${entry.id}`, { method: "DELETE", cookie: seller.cookie })).status).toBe(409);
  });

  it("takes entries by hand with the place's rate, and totals them per game week and month", async () => {
    const { cookie } = await signUpMember(t, "Cường");
    const add = (body: Record<string, unknown>) => call(t.app, "/api/tax/ledger", { cookie, body });
    const first = await add({
      side: "sell",
      itemId: "iron-sword",
      quantity: 2,
      unitPrice: 1_001,
      rateId: "district-mist-harbor",
      occurredAt: Date.UTC(2026, 10, 29, 16, 59),
      clientId: "tax-client-0001",
    });
    expect(first.status).toBe(201);
    const entry: LedgerEntry = (await first.json()).data;
    expect(entry).toMatchObject({ tax: 60, net: 1_942, itemName: { vi: expect.any(String) } });
    expect(
      (await (await add({ side: "sell", itemId: "iron-sword", quantity: 2, unitPrice: 1_001, clientId: "tax-client-0001" })).json()).data
        .id,
    ).toBe(entry.id);
    await add({ side: "sell", label: "Bán vàng", quantity: 1, unitPrice: 500, occurredAt: Date.UTC(2026, 10, 29, 17, 0) });
    await add({
      side: "buy",
      label: "Mua quặng",
      quantity: 5,
      unitPrice: 10,
      rateId: "district-mist-harbor",
      occurredAt: Date.UTC(2026, 10, 30, 17, 0),
    });
    const { totals, weeks, months } = await ledger(cookie);
    expect(totals).toEqual({ sales: 2_502, tax: 60, net: 2_442, purchases: 50, count: 3 });
    expect(weeks.map((each) => [each.period, each.count, each.tax])).toEqual([
      ["2026-11-30", 2, 0],
      ["2026-11-23", 1, 60],
    ]);
    expect(months.map((each) => [each.period, each.count])).toEqual([
      ["2026-12", 1],
      ["2026-11", 2],
    ]);
    const csv = await (await call(t.app, "/api/tax/ledger/export", { cookie })).text();
    expect(csv.split("\r\n")[0]).toBe("occurredAt,side,itemId,item,label,quantity,unitPrice,place,ratePercent,tax,net,offerId");
    expect(csv).toContain("2026-11-29 23:59,sell,iron-sword,");
    const manual = (await ledger(cookie)).data.find((each) => each.label === "Bán vàng")!;
    expect((await call(t.app, `/api/tax/ledger/${manual.id}`, { method: "DELETE", cookie })).status).toBe(200);
  });

  it("totals, periods and the CSV export count every entry, past the newest ones the list shows", async () => {
    const { cookie, uid } = await signUpMember(t, "Dũng");
    const total = TAX_LEDGER_MAX + 7;
    const start = Date.UTC(2026, 10, 29, 16, 30);
    // Every 5 hours back, two entries at each instant (the export's pages must split ties rightly).
    await t.db.insert(taxLedger).values(
      Array.from({ length: total }, (_, at) => {
        const sell = at % 3 !== 0;
        const quantity = 1 + (at % 4);
        const unitPrice = 100 + at;
        const tax = sell ? Math.round((quantity * unitPrice * 3) / 100) : 0;
        return {
          uid,
          clientId: `bulk-${at}`,
          side: sell ? "sell" : "buy",
          label: `Dòng ${at}`,
          quantity,
          unitPrice,
          rateBasisPoints: sell ? 300 : 0,
          tax,
          net: quantity * unitPrice - tax,
          occurredAt: start - Math.floor(at / 2) * 5 * 3_600_000,
          createdAt: start,
        };
      }),
    );
    const rows = await t.db.select().from(taxLedger).where(eq(taxLedger.uid, uid));
    const expected = summarizeLedger(rows.map((row) => ({ ...row, side: row.side as "sell" | "buy" }) as unknown as LedgerEntry));
    const read = await ledger(cookie);
    expect(read.data).toHaveLength(TAX_LEDGER_MAX);
    expect(read.totals.count).toBe(total);
    expect(read.totals).toEqual(expected.totals);
    expect(read.weeks).toEqual(expected.weeks);
    expect(read.months).toEqual(expected.months);
    expect(read.weeks.length).toBeGreaterThan(25);

    const csv = await (await call(t.app, "/api/tax/ledger/export", { cookie })).text();
    const lines = csv.split("\r\n").slice(1, -1);
    expect(lines).toHaveLength(total);
    const labels = new Set(lines.map((line) => line.split(",")[4]));
    expect(labels.size).toBe(total);
    expect(lines.reduce((sum, line) => sum + Number(line.split(",")[10]), 0)).toBe(expected.totals.net + expected.totals.purchases);
  });

  it("lets only the owner read or change entries, and refuses bad input", async () => {
    const owner = await signUpMember(t, "Chủ Sổ");
    const other = await signUpMember(t, "Người Khác");
    const made: LedgerEntry = (
      await (
        await call(t.app, "/api/tax/ledger", { cookie: owner.cookie, body: { side: "sell", label: "x", quantity: 1, unitPrice: 5 } })
      ).json()
    ).data;
    expect((await call(t.app, "/api/tax/ledger")).status).toBe(401);
    expect((await call(t.app, "/api/tax/ledger", { body: { side: "sell", label: "x", quantity: 1, unitPrice: 5 } })).status).toBe(401);
    expect((await call(t.app, "/api/tax/ledger/export")).status).toBe(401);
    expect(
      (await call(t.app, `/api/tax/ledger/${made.id}`, { method: "PATCH", cookie: other.cookie, body: { rateId: null } })).status,
    ).toBe(404);
    expect((await call(t.app, `/api/tax/ledger/${made.id}`, { method: "DELETE", cookie: other.cookie })).status).toBe(404);
    expect((await ledger(other.cookie)).data).toEqual([]);
    const bad = async (body: unknown) => {
      const response = await call(t.app, "/api/tax/ledger", { cookie: owner.cookie, body });
      expect(response.status).toBe(400);
      return (await response.json()).error.message as string;
    };
    expect(await bad({ side: "gift", label: "x", quantity: 1, unitPrice: 5 })).toContain("side");
    expect(await bad({ side: "sell", label: "x", quantity: 0, unitPrice: 5 })).toContain("quantity");
    expect(await bad({ side: "sell", label: "x", quantity: 1, unitPrice: 1.5 })).toContain("unitPrice");
    expect(await bad({ side: "sell", quantity: 1, unitPrice: 5 })).toContain("label");
    expect(await bad({ side: "sell", label: "x", quantity: 1, unitPrice: 5, rateId: "no-such-rate" })).toContain("rateId");
    expect(await bad({ side: "sell", itemId: "no-such-item", quantity: 1, unitPrice: 5 })).toContain("itemId");
    expect(await bad({ side: "sell", label: "x", quantity: 1, unitPrice: 5, tax: 0 })).toContain("tax");
  });
});
