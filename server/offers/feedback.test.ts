/**
 * Feedback only for a trade that happened, and which feedback counts, with the
 * deployment's default FEEDBACK_MIN_ACCOUNT_AGE_HOURS (72). Offers' other tests run with the rule off.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import { migrateDatabase, migrationsFolder } from "../../db/migrate.ts";
import { authUsers, offerFeedback, offerTraderCounts } from "../../db/schema/index.ts";
import { createTestDatabase, testEngines } from "../../db/testing.ts";
import type { Feedback, Offer, OfferDetail, Reputation } from "../../universal/offers/offer-types.ts";
import { RATE_RULES } from "../auth/rate-limit.ts";
import { ensureContent } from "../content/content-store.ts";
import { call, createTestApp, signUpMember, silentLogger, type TestApp, type TestMember } from "../testing.ts";

const SERVER = "suong-mai";
const ITEM = "amber-resin";
const HOUR = 3_600_000;
const DAY = 86_400_000;

describe.each(testEngines)("trade feedback on %s", (engine) => {
  let t: TestApp;
  let clientIds = 0;
  const clientId = () => `feedback-client-${++clientIds}-${Date.now()}`;

  /** Makes accounts as old as `hours` (the age rule reads when the account was made). */
  async function age(members: TestMember[], hours: number): Promise<void> {
    await t.db
      .update(authUsers)
      .set({ createdAt: new Date(Date.now() - hours * HOUR) })
      .where(
        inArray(
          authUsers.id,
          members.map((each) => each.uid),
        ),
      );
  }

  async function offer(who: TestMember, characterName: string): Promise<Offer> {
    const response = await call(t.app, "/api/offers", {
      cookie: who.cookie,
      body: {
        side: "sell",
        itemId: ITEM,
        quantity: 1,
        unitPrice: 500,
        server: SERVER,
        characterName,
        expiresInDays: 7,
        clientId: clientId(),
      },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()).data;
  }

  const move = (who: TestMember, id: number, what: string, body: unknown = {}) =>
    call(t.app, `/api/offers/${id}/${what}`, { cookie: who.cookie, body });

  async function reserved(owner: TestMember, other: TestMember, characterName: string, text = "Mình lấy"): Promise<number> {
    const sell = await offer(owner, characterName);
    const reply = await call(t.app, `/api/offers/${sell.id}/replies`, { cookie: other.cookie, body: { text, clientId: clientId() } });
    expect((await move(owner, sell.id, "reserve", { replyId: (await reply.json()).data.id })).status).toBe(200);
    return sell.id;
  }

  async function completed(owner: TestMember, other: TestMember, characterName: string): Promise<number> {
    const id = await reserved(owner, other, characterName);
    expect((await move(owner, id, "confirm")).status).toBe(200);
    expect((await move(other, id, "confirm")).status).toBe(200);
    return id;
  }

  async function feedback(who: TestMember, id: number, score: 1 | -1, comment: string): Promise<Feedback> {
    const response = await move(who, id, "feedback", { score, comment });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()).data;
  }

  const reputation = async (name: string): Promise<Reputation> => {
    const response = await call(t.app, `/api/reputation?name=${encodeURIComponent(name)}&server=${SERVER}`);
    expect(response.status).toBe(200);
    return (await response.json()).data;
  };

  /** The member's counts as the item page's book shows them beside an open offer of theirs. */
  async function bookCounts(who: TestMember, characterName: string) {
    const open = await offer(who, characterName);
    const book = (await (await call(t.app, `/api/offers?itemId=${ITEM}&side=sell`)).json()).data as Offer[];
    return book.find((each) => each.id === open.id)?.trader.reputation;
  }

  const writeBudget = RATE_RULES.write.max;
  beforeAll(async () => {
    RATE_RULES.write.max = 100_000;
    // The deployment's defaults: FEEDBACK_MIN_ACCOUNT_AGE_HOURS is not set.
    t = await createTestApp(engine, { SIGN_UP_LIMIT_PER_HOUR: "1000" });
    expect(t.config.FEEDBACK_MIN_ACCOUNT_AGE_HOURS).toBe(72);
    await ensureContent(t.db, silentLogger);
  });
  afterAll(async () => {
    RATE_RULES.write.max = writeBudget;
    await t.dispose();
  });

  it("refuses feedback on a trade that never happened: a reply that only asked, reserved, −1, then cancelled", async () => {
    const [owner, asker] = await Promise.all([signUpMember(t, "Chủ"), signUpMember(t, "Người Hỏi")]);
    await age([owner, asker], 24 * 30);
    const id = await reserved(owner, asker, "Chủ Tiệm", "Còn hàng không bạn?");
    // Reserved, not traded: refused for both sides, with a reason the page puts in words.
    for (const who of [owner, asker]) {
      const refused = await move(who, id, "feedback", { score: -1, comment: "SCAMMER" });
      expect(refused.status).toBe(409);
      expect((await refused.json()).error).toMatchObject({ code: "failed-precondition", details: { reason: "not-completed" } });
    }
    expect(((await (await call(t.app, `/api/offers/${id}`, { cookie: owner.cookie })).json()).data as OfferDetail).canLeaveFeedback).toBe(
      false,
    );
    // One side confirmed: still no trade.
    expect((await move(owner, id, "confirm")).status).toBe(200);
    expect((await move(owner, id, "feedback", { score: -1, comment: "SCAMMER" })).status).toBe(409);
    expect((await call(t.app, `/api/offers/${id}/cancel`, { cookie: owner.cookie, method: "POST" })).status).toBe(200);
    const afterCancel = await move(owner, id, "feedback", { score: -1, comment: "SCAMMER" });
    expect(afterCancel.status).toBe(409);
    expect((await afterCancel.json()).error.details.reason).toBe("not-completed");
    expect((await move(asker, id, "feedback", { score: 1, comment: "" })).status).toBe(409);
    // Nothing about the asker anywhere.
    expect(await t.db.select().from(offerFeedback).where(eq(offerFeedback.offerId, id))).toEqual([]);
    const [counts] = await t.db.select().from(offerTraderCounts).where(eq(offerTraderCounts.uid, asker.uid));
    expect(counts?.negative ?? 0).toBe(0);
  });

  it("takes feedback on a completed trade; a new account's is shown, marked, and counts in no total until the account is 72 hours old", async () => {
    const [seller, buyer] = await Promise.all([signUpMember(t, "Người Bán"), signUpMember(t, "Người Mua")]);
    await expect(bookCounts(seller, "Bán Mới")).resolves.toEqual({ positive: 0, negative: 0, trades: 0 });
    const first = await completed(seller, buyer, "Bán Mới");
    const fromBuyer = await feedback(buyer, first, 1, "Giao nhanh");
    expect(fromBuyer).toMatchObject({ counts: false, notCountedReason: "new-account", from: { uid: buyer.uid } });
    expect(await feedback(seller, first, 1, "Trả đủ")).toMatchObject({ counts: false, notCountedReason: "new-account" });
    // Shown on the offer and on /bplayer, counted in neither total.
    const detail = (await (await call(t.app, `/api/offers/${first}`, { cookie: seller.cookie })).json()).data as OfferDetail;
    expect(detail.feedback.map((each) => [each.comment, each.counts, each.notCountedReason]).sort()).toEqual([
      ["Giao nhanh", false, "new-account"],
      ["Trả đủ", false, "new-account"],
    ]);
    const record = await reputation("ban moi");
    expect(record).toMatchObject({ positive: 0, negative: 0, trades: 1 });
    expect(record.feedback.map((each) => [each.comment, each.counts, each.notCountedReason])).toEqual([
      ["Giao nhanh", false, "new-account"],
    ]);
    await expect(bookCounts(seller, "Bán Mới")).resolves.toEqual({ positive: 0, negative: 0, trades: 1 });

    // An hour short of the rule: still not counted; at 72 hours, it counts.
    await age([buyer], 71);
    const second = await completed(seller, buyer, "Bán Mới");
    expect(await feedback(buyer, second, -1, "Lần này chậm")).toMatchObject({ counts: false, notCountedReason: "new-account" });
    await age([buyer], 72);
    const third = await completed(seller, buyer, "Bán Mới");
    expect(await feedback(buyer, third, 1, "Ổn")).toMatchObject({ counts: true, notCountedReason: null });
    expect(await reputation("Bán Mới")).toMatchObject({ positive: 1, negative: 0, trades: 3 });
    await expect(bookCounts(seller, "Bán Mới")).resolves.toEqual({ positive: 1, negative: 0, trades: 3 });
  });

  it("counts one feedback from a member to another in 30 days; the next after 30 days counts again; each side of a trade counts", async () => {
    const [seller, buyer] = await Promise.all([signUpMember(t, "Lan"), signUpMember(t, "Minh")]);
    await age([seller, buyer], 24 * 10);
    const first = await completed(seller, buyer, "Lan Bán");
    // Both sides of one trade: each about the other, both count.
    expect(await feedback(buyer, first, 1, "Uy tín")).toMatchObject({ counts: true, notCountedReason: null });
    expect(await feedback(seller, first, 1, "Mua sòng phẳng")).toMatchObject({ counts: true, notCountedReason: null });
    // Again within 30 days (the other way round too): stored and shown, not counted.
    const second = await completed(seller, buyer, "Lan Bán");
    expect(await feedback(buyer, second, -1, "Lần hai")).toMatchObject({ counts: false, notCountedReason: "repeat-pair" });
    const reversed = await completed(buyer, seller, "Minh Bán");
    expect(await feedback(buyer, reversed, 1, "Lần ba")).toMatchObject({ counts: false, notCountedReason: "repeat-pair" });
    const record = await reputation("Lan Bán");
    expect(record).toMatchObject({ positive: 1, negative: 0, trades: 2 });
    expect(record.feedback.map((each) => [each.comment, each.counts, each.notCountedReason])).toEqual([
      ["Lần hai", false, "repeat-pair"],
      ["Uy tín", true, null],
    ]);
    await expect(bookCounts(seller, "Lan Bán")).resolves.toEqual({ positive: 1, negative: 0, trades: 3 });

    // 30 days after the counted one (its time moved back), the next one counts.
    await t.db
      .update(offerFeedback)
      .set({ createdAt: sql`${offerFeedback.createdAt} - ${30 * DAY}` })
      .where(and(eq(offerFeedback.fromUid, buyer.uid), eq(offerFeedback.toUid, seller.uid)));
    const later = await completed(seller, buyer, "Lan Bán");
    expect(await feedback(buyer, later, -1, "Sau một tháng")).toMatchObject({ counts: true, notCountedReason: null });
    expect(await reputation("Lan Bán")).toMatchObject({ positive: 1, negative: 1, trades: 3 });
    await expect(bookCounts(seller, "Lan Bán")).resolves.toEqual({ positive: 1, negative: 1, trades: 4 });
  });

  it("lets only one of two feedbacks left at once between the same two members count", async () => {
    const [seller, buyer] = await Promise.all([signUpMember(t, "Hoa"), signUpMember(t, "Khoa")]);
    await age([seller, buyer], 24 * 10);
    const ids = [await completed(seller, buyer, "Hoa Bán"), await completed(seller, buyer, "Hoa Bán")];
    const answers = await Promise.all(ids.map((id) => move(buyer, id, "feedback", { score: 1, comment: "Cùng lúc" })));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    const left = await Promise.all(answers.map(async (answer) => ((await answer.json()).data as Feedback).counts));
    expect(left.filter(Boolean)).toHaveLength(1);
    const [kept] = await queryRows<{ positive: number }>(t.db, sql`select positive from offer_trader_counts where uid = ${seller.uid}`);
    expect(kept?.positive).toBe(1);
  });
});

describe.each(testEngines)("the feedback migration on %s", (engine) => {
  it("deletes feedback on trades that never completed, applies the 30-day rule to the rest, and recounts the totals", async () => {
    // The migrations before this one, then what they left, then this one.
    const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((entry) => entry.tag.endsWith("_feedback-counts"));
    expect(at).toBeGreaterThan(0);
    const before = mkdtempSync(join(tmpdir(), "feedback-migration-"));
    cpSync(migrationsFolder, before, { recursive: true });
    writeFileSync(join(before, "meta/_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    const database = await createTestDatabase(engine, { migrate: false });
    try {
      const { connection } = database;
      const { db } = connection;
      await migrateDatabase(connection, before);
      await db.execute(sql`insert into auth_users (id, name, email) values ('a', 'A', 'a@x.vn'), ('b', 'B', 'b@x.vn')`);
      const t0 = Date.UTC(2026, 9, 1);
      await db.execute(sql`
        insert into offers (id, owner_uid, client_id, side, item_id, quantity, unit_price, server, character_name, status, reserved_reply_id,
                            counterparty_uid, owner_confirmed_at, counterparty_confirmed_at, expires_at, created_at, updated_at, completed_at)
        select g, 'a', 'c' || g, 'sell', 'iron-ore', 1, 10, 'suong-mai', 'An', 'completed', 1, 'b', ${t0}, ${t0}, ${t0 + 40 * DAY}, ${t0}, ${t0}, ${t0}
        from generate_series(1, 4) g`);
      // Reserved for b's question, then cancelled: what the attack left.
      await db.execute(sql`
        insert into offers (id, owner_uid, client_id, side, item_id, quantity, unit_price, server, character_name, status, reserved_reply_id,
                            counterparty_uid, expires_at, created_at, updated_at)
        values (5, 'a', 'c5', 'sell', 'iron-ore', 1, 10, 'suong-mai', 'An', 'cancelled', 1, 'b', ${t0 + 40 * DAY}, ${t0}, ${t0})`);
      await db.execute(sql`
        insert into offer_feedback (offer_id, from_uid, to_uid, score, comment, created_at) values
          (1, 'b', 'a', 1, 'first', ${t0}), (1, 'a', 'b', 1, 'back', ${t0}), (2, 'b', 'a', 1, 'again', ${t0 + DAY}),
          (3, 'b', 'a', -1, 'a month on', ${t0 + 31 * DAY}), (4, 'b', 'a', 1, 'again later', ${t0 + 32 * DAY}),
          (5, 'a', 'b', -1, 'SCAMMER', ${t0 + DAY})`);
      expect((await db.select().from(offerTraderCounts).where(eq(offerTraderCounts.uid, "b")))[0]).toMatchObject({ negative: 1 });

      await migrateDatabase(connection);
      const rows = await queryRows<{ comment: string; counts: boolean; reason: string | null }>(
        db,
        sql`select comment, counts, not_counted_reason as reason from offer_feedback order by offer_id, from_uid`,
      );
      expect(rows).toEqual([
        { comment: "back", counts: true, reason: null },
        { comment: "first", counts: true, reason: null },
        { comment: "again", counts: false, reason: "repeat-pair" },
        { comment: "a month on", counts: true, reason: null },
        { comment: "again later", counts: false, reason: "repeat-pair" },
      ]);
      const counts = await db.select().from(offerTraderCounts).orderBy(offerTraderCounts.uid);
      expect(counts).toEqual([
        { uid: "a", trades: 4, positive: 1, negative: 1 },
        { uid: "b", trades: 4, positive: 1, negative: 0 },
      ]);
      // From now on the trigger keeps the totals to counted feedback.
      await db.update(offerFeedback).set({ counts: true, notCountedReason: null }).where(eq(offerFeedback.comment, "again"));
      expect((await db.select().from(offerTraderCounts).where(eq(offerTraderCounts.uid, "a")))[0]).toMatchObject({ positive: 2 });
    } finally {
      await database.dispose();
      rmSync(before, { recursive: true, force: true });
    }
  });
});
