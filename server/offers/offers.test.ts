import { and, eq, inArray, sql } from "drizzle-orm";
import { queryRows } from "../../db/client.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, offerTraderCounts, offers } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import type { Alert, Offer, OfferDetail, OfferReply, PriceBucket } from "../../universal/offers/offer-types.ts";
import { RATE_RULES } from "../auth/rate-limit.ts";
import { ensureContent } from "../content/content-store.ts";
import type { HubEvent } from "../realtime/hub.ts";
import { realtimeTopics } from "../realtime-topics.ts";
import { call, createTestApp, secondProcessDb, signUpMember, silentLogger, type TestApp, type TestMember } from "../testing.ts";
import { deleteAccount } from "../users/delete-account.ts";
import { createApp } from "../create-app.ts";
import { expireOffers } from "./expire-offers.ts";
import { reputationCounts } from "./offer-rows.ts";

const ITEM = "iron-ore";
const OTHER_ITEM = "beast-hide";
const SERVER = "suong-mai";
const OTHER_SERVER = "bach-hac";

describe.each(testEngines)("offers on %s", (engine) => {
  let t: TestApp;
  let clientIds = 0;
  const clientId = () => `offer-client-${++clientIds}-${Date.now()}`;
  let an: TestMember;
  let binh: TestMember;
  let chi: TestMember;
  let dung: TestMember;
  let mod: TestMember;

  async function offer(who: TestMember, extra: Record<string, unknown> = {}): Promise<Offer> {
    const response = await call(t.app, "/api/offers", {
      cookie: who.cookie,
      body: {
        side: "sell",
        itemId: ITEM,
        quantity: 10,
        unitPrice: 120,
        server: SERVER,
        characterName: "Tuấn Kiệt",
        expiresInDays: 7,
        clientId: clientId(),
        ...extra,
      },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()).data;
  }

  async function reply(who: TestMember, id: number, text = "Mình lấy nhé"): Promise<OfferReply> {
    const response = await call(t.app, `/api/offers/${id}/replies`, { cookie: who.cookie, body: { text, clientId: clientId() } });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()).data;
  }

  const move = (who: TestMember | null, id: number, what: string, body: unknown = {}) =>
    call(t.app, `/api/offers/${id}/${what}`, { cookie: who?.cookie, body });

  const read = (who: TestMember | null, id: number) => call(t.app, `/api/offers/${id}`, { cookie: who?.cookie });
  const list = async (who: TestMember | null, query: string, app = t.app): Promise<Offer[]> => {
    const response = await call(app, `/api/offers?${query}`, { cookie: who?.cookie });
    expect(response.status).toBe(200);
    return (await response.json()).data;
  };
  const kinds = async (who: TestMember): Promise<string[]> =>
    ((await (await call(t.app, "/api/notifications", { cookie: who.cookie })).json()).data as { kind: string }[]).map((n) => n.kind);

  // The race sends 200 writes from one account at once: past the API's per-account write budget
  // (60 a minute), which has its own tests. This file runs in its own worker; the budget comes back after.
  const writeBudget = RATE_RULES.write.max;
  beforeAll(async () => {
    RATE_RULES.write.max = 100_000;
    // The account age rule for feedback has its own tests (feedback.test.ts): these accounts are new.
    t = await createTestApp(engine, { SIGN_UP_LIMIT_PER_HOUR: "1000", FEEDBACK_MIN_ACCOUNT_AGE_HOURS: "0" });
    await ensureContent(t.db, silentLogger);
    [an, binh, chi, dung, mod] = await Promise.all([
      signUpMember(t, "An"),
      signUpMember(t, "Bình"),
      signUpMember(t, "Chi"),
      signUpMember(t, "Dũng"),
      signUpMember(t, "Mai", { role: "moderator" }),
    ]);
  });
  afterAll(async () => {
    RATE_RULES.write.max = writeBudget;
    await t.dispose();
  });

  it("lets visitors read the book and members post, once per client id, with the trader's presence and reputation", async () => {
    expect((await call(t.app, "/api/offers")).status).toBe(200);
    const body = { side: "sell", itemId: ITEM, quantity: 1, unitPrice: 5, server: SERVER, characterName: "An", expiresInDays: 3 };
    expect((await call(t.app, "/api/offers", { body })).status).toBe(401);
    const bad = await call(t.app, "/api/offers", { cookie: an.cookie, body: { ...body, itemId: "no-such-item" } });
    expect(bad.status).toBe(400);
    expect((await call(t.app, "/api/offers", { cookie: an.cookie, body: { ...body, expiresInDays: 31 } })).status).toBe(400);
    expect((await call(t.app, "/api/offers", { cookie: an.cookie, body: { ...body, unitPrice: 1.5 } })).status).toBe(400);
    const id = clientId();
    const first = await call(t.app, "/api/offers", { cookie: an.cookie, body: { ...body, clientId: id, itemId: OTHER_ITEM } });
    const again = await call(t.app, "/api/offers", { cookie: an.cookie, body: { ...body, clientId: id, itemId: OTHER_ITEM } });
    const [one, two] = [(await first.json()).data as Offer, (await again.json()).data as Offer];
    expect(first.status).toBe(201);
    expect(two.id).toBe(one.id);
    expect(one).toMatchObject({ status: "open", version: 1, role: "owner", counterparty: null, hidden: false });
    expect(one.trader).toMatchObject({
      uid: an.uid,
      displayName: "An",
      online: false,
      reputation: { positive: 0, negative: 0, trades: 0 },
    });
    expect(one.expiresAt - one.createdAt).toBe(3 * 86_400_000);
    const listed = await list(null, `itemId=${OTHER_ITEM}`);
    expect(listed.map((each) => each.id)).toEqual([one.id]);
    expect(listed[0]?.role).toBeNull();
    const visitor = await read(null, one.id);
    expect(visitor.status).toBe(200);
    expect(((await visitor.json()).data as OfferDetail).replies).toEqual([]);
  });

  it("keeps an item's book for visitors between changes: a post, a trader's new record and an expiry show at once; a trader in it reads their own role", async () => {
    const item = "amber-resin";
    const [lan, minh] = await Promise.all([signUpMember(t, "Lan"), signUpMember(t, "Minh")]);
    const empty = await list(null, `itemId=${item}&side=sell`);
    const first = await offer(lan, { itemId: item, unitPrice: 70 });
    expect((await list(null, `itemId=${item}&side=sell`)).map((o) => o.id)).toEqual([...empty.map((o) => o.id), first.id]);
    // Lan's record changes by a trade of another item: the book of this one shows it at once.
    const other = await offer(lan, { itemId: "wind-feather", unitPrice: 3 });
    expect((await move(lan, other.id, "reserve", { replyId: (await reply(minh, other.id)).id })).status).toBe(200);
    expect((await move(lan, other.id, "confirm")).status).toBe(200);
    expect((await move(minh, other.id, "confirm")).status).toBe(200);
    const traded = (await list(null, `itemId=${item}&side=sell`)).find((o) => o.id === first.id);
    expect(traded?.trader.reputation).toEqual({ positive: 0, negative: 0, trades: 1 });
    const praise = await move(minh, other.id, "feedback", { score: 1, comment: "Nhanh gọn" });
    expect(praise.status).toBe(201);
    // With FEEDBACK_MIN_ACCOUNT_AGE_HOURS=0 a new account's feedback counts.
    expect((await praise.json()).data).toMatchObject({ counts: true, notCountedReason: null });
    const praised = (await list(null, `itemId=${item}&side=sell`)).find((o) => o.id === first.id);
    expect(praised?.trader.reputation).toEqual({ positive: 1, negative: 0, trades: 1 });
    // Lan reads the same book as herself, Minh as a visitor does.
    expect((await list(lan, `itemId=${item}&side=sell`)).find((o) => o.id === first.id)?.role).toBe("owner");
    expect((await list(minh, `itemId=${item}&side=sell`)).find((o) => o.id === first.id)?.role).toBeNull();
    // An offer that ends leaves the kept book at its end, before any sweep or event. (Its end is
    // brought near here; Minh's new offer is the change that makes the book be read again.)
    const endsAt = Date.now() + 200;
    await t.db.update(offers).set({ expiresAt: endsAt }).where(eq(offers.id, first.id));
    const second = await offer(minh, { itemId: item, unitPrice: 90 });
    expect((await list(null, `itemId=${item}&side=sell`)).map((o) => o.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    while (Date.now() <= endsAt) await new Promise((resolve) => setTimeout(resolve, 20));
    const after = (await list(null, `itemId=${item}&side=sell`)).map((o) => o.id);
    expect(after).toContain(second.id);
    expect(after).not.toContain(first.id);
    // The sweeps of the tests below count what they expire: this one is not theirs.
    await t.db.delete(offers).where(eq(offers.id, first.id));
  });

  it("sorts an item's book: sells cheapest first, buys dearest first; filters by server and side", async () => {
    const item = "wind-feather";
    const cheap = await offer(binh, { itemId: item, unitPrice: 50 });
    const dear = await offer(chi, { itemId: item, unitPrice: 80 });
    const lowBuy = await offer(binh, { itemId: item, side: "buy", unitPrice: 30 });
    const highBuy = await offer(chi, { itemId: item, side: "buy", unitPrice: 45 });
    const elsewhere = await offer(binh, { itemId: item, unitPrice: 10, server: OTHER_SERVER });
    expect((await list(null, `itemId=${item}&side=sell&server=${SERVER}`)).map((o) => o.id)).toEqual([cheap.id, dear.id]);
    expect((await list(null, `itemId=${item}&side=buy`)).map((o) => o.id)).toEqual([highBuy.id, lowBuy.id]);
    expect((await list(null, `itemId=${item}`)).map((o) => o.id)).toEqual([elsewhere.id, cheap.id, dear.id, highBuy.id, lowBuy.id]);
    expect((await call(t.app, `/api/offers?status=bogus`)).status).toBe(400);
  });

  it("runs a trade: replies, a reservation, 403 for strangers, 409 for moves the state refuses, both confirmations, feedback once each", async () => {
    const sell = await offer(an, { unitPrice: 100, quantity: 4 });
    const events: HubEvent[] = [];
    const stop = t.hub.listen(`offer:${sell.id}`, (event) => events.push(event));
    const book: HubEvent[] = [];
    const stopBook = t.hub.listen(`offers:${ITEM}`, (event) => book.push(event));
    expect((await call(t.app, `/api/offers/${sell.id}/replies`, { body: { text: "hi" } })).status).toBe(401);
    const fromBinh = await reply(binh, sell.id);
    const fromChi = await reply(chi, sell.id, "Mình trả 95 được không?");
    expect(events.filter((e) => e.type === "offer-reply" || e.type === "poke").length).toBeGreaterThanOrEqual(2);
    expect(await kinds(an)).toContain("offer-reply");
    const detail = (await (await read(null, sell.id)).json()).data as OfferDetail;
    expect(detail.replies.map((r) => r.id)).toEqual([fromBinh.id, fromChi.id]);

    // Only the owner reserves; only for a reply in the thread.
    expect((await move(dung, sell.id, "reserve", { replyId: fromBinh.id })).status).toBe(403);
    expect((await move(null, sell.id, "reserve", { replyId: fromBinh.id })).status).toBe(401);
    expect((await move(an, sell.id, "reserve", { replyId: 999_999 })).status).toBe(400);
    const reserved = await move(an, sell.id, "reserve", { replyId: fromBinh.id });
    expect(reserved.status).toBe(200);
    expect((await reserved.json()).data).toMatchObject({
      status: "reserved",
      version: 2,
      counterparty: { uid: binh.uid },
      reservedReplyId: fromBinh.id,
    });
    const twice = await move(an, sell.id, "reserve", { replyId: fromBinh.id });
    expect(twice.status).toBe(409);
    expect((await twice.json()).error.code).toBe("failed-precondition");
    expect(await kinds(binh)).toContain("offer-reserved");
    expect(events.some((e) => e.type === "offer-changed" && e.status === "reserved")).toBe(true);
    expect(book.some((e) => e.type === "offer-book" && e.offerId === sell.id && e.offer === null)).toBe(true);

    // Reserved: only the two parties (and moderators) see it.
    expect((await read(null, sell.id)).status).toBe(404);
    expect((await read(chi, sell.id)).status).toBe(404);
    expect((await read(binh, sell.id)).status).toBe(200);
    expect((await read(mod, sell.id)).status).toBe(200);
    expect((await list(null, `itemId=${ITEM}`)).some((o) => o.id === sell.id)).toBe(false);
    expect((await list(binh, "status=reserved")).map((o) => o.id)).toContain(sell.id);
    expect((await list(chi, "status=reserved")).map((o) => o.id)).not.toContain(sell.id);
    expect((await list(null, "status=reserved")).length).toBe(0);
    expect((await list(binh, "mine=1")).find((o) => o.id === sell.id)?.role).toBe("counterparty");
    // Binh's list merges his own offers and those reserved for him, newest first, each once, filtered as asked.
    const own = await offer(binh, { itemId: ITEM, unitPrice: 70 });
    const binhs = await list(binh, "mine=1");
    expect(binhs.map((o) => o.id)).toEqual([...new Set(binhs.map((o) => o.id))].sort((a, b) => b - a));
    expect(binhs.map((o) => o.id)).toEqual(expect.arrayContaining([own.id, sell.id]));
    expect((await list(binh, "mine=1&limit=1")).map((o) => o.id)).toEqual([own.id]);
    expect((await list(binh, "mine=1&status=reserved")).map((o) => o.id)).toEqual([sell.id]);

    // A third member confirming: 403; each side once; the second completes it.
    expect((await move(chi, sell.id, "confirm")).status).toBe(403);
    expect((await move(dung, sell.id, "unreserve", { reason: "x" })).status).toBe(403);
    expect((await move(binh, sell.id, "cancel")).status).toBe(403);
    // Feedback only once the trade is completed.
    const early = await move(binh, sell.id, "feedback", { score: 1, comment: "ok" });
    expect(early.status).toBe(409);
    expect((await early.json()).error.details.reason).toBe("not-completed");
    const half = await move(binh, sell.id, "confirm");
    expect(half.status).toBe(200);
    expect((await half.json()).data).toMatchObject({ status: "reserved", ownerConfirmedAt: null });
    expect((await move(binh, sell.id, "confirm")).status).toBe(409);
    expect(await kinds(an)).toContain("offer-confirm");
    const done = await move(an, sell.id, "confirm");
    expect(done.status).toBe(200);
    const completed = (await done.json()).data as Offer;
    expect(completed).toMatchObject({ status: "completed" });
    expect(completed.completedAt).not.toBeNull();
    expect(await kinds(binh)).toContain("offer-completed");
    expect((await move(an, sell.id, "cancel")).status).toBe(409);
    expect((await move(an, sell.id, "confirm")).status).toBe(409);

    // Feedback: each party once, strangers never.
    expect((await move(binh, sell.id, "feedback", { score: 1, comment: "ok" })).status).toBe(201);
    // The other side's open page hears of it (the offer's version does not move).
    expect(events.some((e) => e.type === "offer-feedback" && e.offerId === sell.id)).toBe(true);
    expect((await move(chi, sell.id, "feedback", { score: 1, comment: "spam" })).status).toBe(403);
    expect((await move(binh, sell.id, "feedback", { score: -1, comment: "again" })).status).toBe(409);
    expect((await move(an, sell.id, "feedback", { score: 2, comment: "x" })).status).toBe(400);
    const fromAn = await move(an, sell.id, "feedback", { score: -1, comment: "Giao chậm" });
    expect(fromAn.status).toBe(201);
    expect((await fromAn.json()).data).toMatchObject({ score: -1, to: { uid: binh.uid }, from: { uid: an.uid } });
    const after = (await (await read(an, sell.id)).json()).data as OfferDetail;
    expect(after.feedback).toHaveLength(2);
    expect(after.canLeaveFeedback).toBe(false);
    const [row] = (await list(null, `itemId=${OTHER_ITEM}`)).filter((o) => o.trader.uid === an.uid);
    expect(row?.trader.reputation).toEqual({ positive: 1, negative: 0, trades: 1 });

    // The completed trade counts in the price history at once.
    const prices = await call(t.app, `/api/items/${ITEM}/prices?range=48h`);
    expect(prices.status).toBe(200);
    const buckets = (await prices.json()).data as PriceBucket[];
    expect(buckets).toEqual([{ t: expect.any(Number), median: 100, min: 100, max: 100, volume: 4 }]);
    expect((buckets[0]?.t ?? 1) % 3_600_000).toBe(0);
    const daily = (await (await call(t.app, `/api/items/${ITEM}/prices`)).json()).data as PriceBucket[];
    // Days are the game's (UTC+7).
    expect(((daily[0]?.t ?? 1) + 7 * 3_600_000) % 86_400_000).toBe(0);
    expect((await call(t.app, `/api/items/${ITEM}/prices?range=7d`)).status).toBe(400);
    stop();
    stopBook();
  });

  it("releases a reservation back to open with a reason, and lets only the owner cancel", async () => {
    const sell = await offer(an, { unitPrice: 130 });
    const fromChi = await reply(chi, sell.id);
    expect((await move(chi, sell.id, "unreserve", { reason: "x" })).status).toBe(403);
    expect((await move(an, sell.id, "unreserve", { reason: "x" })).status).toBe(409);
    expect((await move(an, sell.id, "reserve", { replyId: fromChi.id })).status).toBe(200);
    expect((await move(chi, sell.id, "unreserve", {})).status).toBe(400);
    const released = await move(chi, sell.id, "unreserve", { reason: "Hết vàng rồi" });
    expect(released.status).toBe(200);
    // Back to open: Chi is no party any more; the reason is the owner's to read, not the public's.
    expect((await released.json()).data).toMatchObject({ status: "open", counterparty: null, reason: null, version: 3 });
    expect((await (await read(an, sell.id)).json()).data.reason).toBe("Hết vàng rồi");
    expect((await (await read(null, sell.id)).json()).data.reason).toBeNull();
    expect(await kinds(an)).toContain("offer-cancelled");
    expect((await move(chi, sell.id, "confirm")).status).toBe(403);
    expect((await move(chi, sell.id, "feedback", { score: -1, comment: "x" })).status).toBe(403);
    expect((await move(an, sell.id, "reserve", { replyId: fromChi.id })).status).toBe(200);
    expect((await call(t.app, `/api/offers/${sell.id}/cancel`, { cookie: an.cookie, method: "POST" })).status).toBe(200);
    expect(await kinds(chi)).toContain("offer-cancelled");
    expect((await move(an, sell.id, "cancel", { reason: "again" })).status).toBe(409);
    // Cancelled while reserved: no trade happened, so no feedback.
    for (const who of [an, chi]) expect((await move(who, sell.id, "feedback", { score: -1, comment: "" })).status).toBe(409);
  });

  it("lets exactly one of 200 racing reservations win; the rest get 409 and nothing is corrupt", async () => {
    const sell = await offer(an, { unitPrice: 140 });
    const replies = [await reply(binh, sell.id), await reply(chi, sell.id), await reply(dung, sell.id)];
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, at) => move(an, sell.id, "reserve", { replyId: replies[at % replies.length]?.id })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(199);
    const codes = await Promise.all(answers.filter((a) => a.status === 409).map(async (a) => (await a.json()).error.code));
    expect(new Set(codes)).toEqual(new Set(["failed-precondition"]));
    const [row] = await t.db.select().from(offers).where(eq(offers.id, sell.id));
    expect(row).toMatchObject({ status: "reserved", version: 2 });
    expect(replies.map((r) => r.id)).toContain(row?.reservedReplyId);
  });

  it("keeps replies and offers idempotent by client id", async () => {
    const sell = await offer(an, { unitPrice: 150 });
    const body = { text: "Còn không bạn?", clientId: clientId() };
    const [one, two] = await Promise.all([
      call(t.app, `/api/offers/${sell.id}/replies`, { cookie: binh.cookie, body }),
      call(t.app, `/api/offers/${sell.id}/replies`, { cookie: binh.cookie, body }),
    ]);
    expect([one.status, two.status]).toEqual([201, 201]);
    expect((await one.json()).data.id).toBe((await two.json()).data.id);
    expect(((await (await read(null, sell.id)).json()).data as OfferDetail).replies).toHaveLength(1);
  });

  it("fires a price alert the moment a matching offer opens, not for the member's own offers", async () => {
    const item = "cloudsilk-cocoon";
    expect((await call(t.app, "/api/alerts", { body: { itemId: item, side: "sell", server: SERVER, maxPrice: 100 } })).status).toBe(401);
    const both = await call(t.app, "/api/alerts", {
      cookie: dung.cookie,
      body: { itemId: item, side: "sell", server: SERVER, maxPrice: 1, minPrice: 2 },
    });
    expect(both.status).toBe(400);
    const created = await call(t.app, "/api/alerts", {
      cookie: dung.cookie,
      body: { itemId: item, side: "sell", server: SERVER, maxPrice: 100 },
    });
    expect(created.status).toBe(201);
    const alert = (await created.json()).data as Alert;
    expect(alert).toMatchObject({ maxPrice: 100, minPrice: null, lastFiredAt: null });
    const before = (await kinds(dung)).filter((kind) => kind === "price-alert").length;
    await offer(an, { itemId: item, unitPrice: 150 });
    await offer(an, { itemId: item, unitPrice: 90, server: OTHER_SERVER });
    await offer(an, { itemId: item, unitPrice: 90, side: "buy" });
    await offer(dung, { itemId: item, unitPrice: 10 });
    expect((await kinds(dung)).filter((kind) => kind === "price-alert").length).toBe(before);
    await offer(an, { itemId: item, unitPrice: 100 });
    expect((await kinds(dung)).filter((kind) => kind === "price-alert").length).toBe(before + 1);
    const listed = (await (await call(t.app, "/api/alerts", { cookie: dung.cookie })).json()).data as Alert[];
    expect(listed.map((a) => a.id)).toEqual([alert.id]);
    expect(listed[0]?.lastFiredAt).not.toBeNull();
    expect((await call(t.app, "/api/alerts", { cookie: an.cookie }).then((r) => r.json())).data).toEqual([]);
    const one = await call(t.app, `/api/alerts/${alert.id}`, { cookie: dung.cookie });
    expect(one.status).toBe(200);
    expect((await one.json()).data).toEqual(listed[0]);
    expect((await call(t.app, `/api/alerts/${alert.id}`, { cookie: an.cookie })).status).toBe(404);
    expect((await call(t.app, `/api/alerts/${alert.id}`)).status).toBe(401);
    expect((await call(t.app, "/api/alerts/x", { cookie: dung.cookie })).status).toBe(404);
    expect((await call(t.app, `/api/alerts/${alert.id}`, { cookie: an.cookie, method: "DELETE" })).status).toBe(404);
    expect((await call(t.app, `/api/alerts/${alert.id}`, { cookie: dung.cookie, method: "DELETE" })).status).toBe(200);
    expect((await call(t.app, "/api/alerts", { cookie: dung.cookie }).then((r) => r.json())).data).toEqual([]);
  });

  it("fires price alerts when a released reservation opens an offer again, each alert once per offer", async () => {
    const item = "cloudsilk-cocoon";
    const alertOf = async (who: TestMember, maxPrice: number) => {
      const created = await call(t.app, "/api/alerts", {
        cookie: who.cookie,
        body: { itemId: item, side: "sell", server: SERVER, maxPrice },
      });
      expect(created.status).toBe(201);
    };
    const alerted = async (who: TestMember) => (await kinds(who)).filter((kind) => kind === "price-alert").length;
    await alertOf(dung, 60);
    const before = { dung: await alerted(dung), chi: await alerted(chi), binh: await alerted(binh) };
    const sell = await offer(an, { itemId: item, unitPrice: 60 });
    expect(await alerted(dung)).toBe(before.dung + 1);
    // Alerts set while it is reserved; at the price fires ("at or below"), one gold under does not.
    const fromBinh = await reply(binh, sell.id);
    expect((await move(an, sell.id, "reserve", { replyId: fromBinh.id })).status).toBe(200);
    await alertOf(chi, 60);
    await alertOf(binh, 60);
    await alertOf(chi, 59);
    expect((await move(binh, sell.id, "unreserve", { reason: "Đổi ý" })).status).toBe(200);
    expect(await alerted(chi)).toBe(before.chi + 1);
    // Bình released it: not told of what they just let go.
    expect(await alerted(binh)).toBe(before.binh);
    // Dũng's alert told of this offer already; Chi's now has too: released again, nobody hears twice,
    // and Bình's alert, which has not told of it yet, fires.
    expect(await alerted(dung)).toBe(before.dung + 1);
    expect((await move(an, sell.id, "reserve", { replyId: fromBinh.id })).status).toBe(200);
    expect((await move(an, sell.id, "unreserve", { reason: "Hết hàng tạm" })).status).toBe(200);
    expect([await alerted(dung), await alerted(chi), await alerted(binh)]).toEqual([before.dung + 1, before.chi + 1, before.binh + 1]);
  });

  it("expires open and reserved offers past their end exactly once, however many sweeps race", async () => {
    const item = "silverbamboo-stalk";
    const open = await offer(binh, { itemId: item, expiresInDays: 1 });
    const reserved = await offer(binh, { itemId: item, expiresInDays: 1 });
    const later = await offer(binh, { itemId: item, expiresInDays: 5 });
    const fromChi = await reply(chi, reserved.id);
    expect((await move(binh, reserved.id, "reserve", { replyId: fromChi.id })).status).toBe(200);
    const before = (await kinds(binh)).filter((kind) => kind === "offer-expired").length;
    const at = Date.now() + 2 * 86_400_000;
    const other = await secondProcessDb(t);
    const counts = await Promise.all([expireOffers(t.db, t.hub, at), expireOffers(other, t.hub, at), expireOffers(t.db, t.hub, at)]);
    expect(counts.reduce((sum, each) => sum + each, 0)).toBe(2);
    const rows = await t.db.select().from(offers).where(eq(offers.itemId, item));
    const status = new Map(rows.map((row) => [row.id, row]));
    expect(status.get(open.id)).toMatchObject({ status: "expired", version: 2 });
    expect(status.get(reserved.id)).toMatchObject({ status: "expired", version: 3 });
    expect(status.get(later.id)).toMatchObject({ status: "open", version: 1 });
    expect((await kinds(binh)).filter((kind) => kind === "offer-expired").length).toBe(before + 2);
    expect(await kinds(chi)).toContain("offer-expired");
    expect(await expireOffers(t.db, t.hub, at)).toBe(0);
    expect((await move(binh, open.id, "cancel")).status).toBe(409);
  });

  it("treats an offer past its end as expired before the sweep writes it: not listed as open, no move passes", async () => {
    const item = "wind-feather";
    const open = await offer(an, { itemId: item, unitPrice: 3 });
    const reserved = await offer(an, { itemId: item, unitPrice: 4 });
    const fromBinh = await reply(binh, open.id);
    const fromChi = await reply(chi, reserved.id);
    expect((await move(an, reserved.id, "reserve", { replyId: fromChi.id })).status).toBe(200);
    expect((await move(chi, reserved.id, "confirm")).status).toBe(200);
    // Their end passes; the sweep has not come yet.
    await t.db
      .update(offers)
      .set({ expiresAt: Date.now() - 1_000 })
      .where(inArray(offers.id, [open.id, reserved.id]));
    const ids = (offers_: Offer[]) => offers_.map((each) => each.id);
    expect(ids(await list(null, `itemId=${item}`))).not.toContain(open.id);
    expect(ids(await list(an, `itemId=${item}&status=open`))).not.toContain(open.id);
    expect(ids(await list(an, `itemId=${item}&status=reserved`))).not.toContain(reserved.id);
    const expired = await list(an, `itemId=${item}&status=expired`);
    expect(expired.map((each) => [each.id, each.status]).sort()).toEqual(
      [
        [open.id, "expired"],
        [reserved.id, "expired"],
      ].sort(),
    );
    expect((await list(chi, "mine=1")).find((each) => each.id === reserved.id)?.status).toBe("expired");
    // Public no more; its parties read it as expired.
    expect((await read(null, open.id)).status).toBe(404);
    expect(((await (await read(an, open.id)).json()).data as Offer).status).toBe("expired");
    // Every move is refused as the machine refuses it on an expired offer.
    for (const [who, id, what, body] of [
      [an, open.id, "reserve", { replyId: fromBinh.id }],
      [an, open.id, "cancel", {}],
      [an, reserved.id, "confirm", {}],
      [chi, reserved.id, "unreserve", { reason: "late" }],
      [an, reserved.id, "cancel", {}],
    ] as const) {
      const refused = await move(who, id, what, body);
      expect(refused.status, `${what} on ${id}`).toBe(409);
      expect((await refused.json()).error).toMatchObject({ code: "failed-precondition", details: { status: "expired" } });
    }
    expect((await move(dung, open.id, "reserve", { replyId: fromBinh.id })).status).toBe(403);
    expect((await call(t.app, `/api/offers/${reserved.id}/replies`, { cookie: chi.cookie, body: { text: "còn không?" } })).status).toBe(
      409,
    );
    const [row] = await t.db.select().from(offers).where(eq(offers.id, reserved.id));
    expect(row).toMatchObject({ status: "reserved", version: 3, ownerConfirmedAt: null });
    // The sweep then writes what was already true, once.
    expect(await expireOffers(t.db, t.hub)).toBe(2);
    expect(ids(await list(an, `itemId=${item}&status=expired`)).sort()).toEqual([open.id, reserved.id].sort());
  });

  it("holds the machine's invariants in the table: a write that breaks one is refused; a deleted counterparty leaves the trade whole", async () => {
    const sell = await offer(an, { itemId: "iron-ore", unitPrice: 160 });
    const fromBinh = await reply(binh, sell.id);
    const refused = async (set: Partial<typeof offers.$inferInsert>, constraint: string) => {
      const error: unknown = await t.db
        .update(offers)
        .set(set)
        .where(eq(offers.id, sell.id))
        .then(
          () => null,
          (caught: unknown) => caught,
        );
      const messages: string[] = [];
      for (let at = error; at instanceof Error; at = at.cause) messages.push(at.message);
      expect(messages.join(" | "), JSON.stringify(set)).toContain(`violates check constraint "${constraint}"`);
    };
    await refused({ reservedReplyId: fromBinh.id }, "offers_open");
    await refused({ counterpartyUid: binh.uid }, "offers_reserved_parts");
    await refused({ ownerConfirmedAt: 1 }, "offers_reserved_parts");
    await refused({ status: "reserved" }, "offers_reservation");
    await refused({ status: "expired", ownerConfirmedAt: 1 }, "offers_reserved_parts");
    expect((await move(an, sell.id, "reserve", { replyId: fromBinh.id })).status).toBe(200);
    await refused({ ownerConfirmedAt: 1, counterpartyConfirmedAt: 1 }, "offers_completed");
    await refused({ status: "completed", completedAt: 1 }, "offers_completed");
    await refused({ status: "completed", ownerConfirmedAt: 1, counterpartyConfirmedAt: 1 }, "offers_completed_at");
    await refused({ completedAt: 1 }, "offers_completed_at");
    await refused({ status: "open" }, "offers_open");
    expect((await move(an, sell.id, "confirm")).status).toBe(200);
    expect((await move(binh, sell.id, "confirm")).status).toBe(200);
    await refused({ status: "cancelled" }, "offers_completed");
    await refused({ completedAt: null }, "offers_completed_at");

    // A counterparty deletes their account: the trade stays completed; one reserved for them stays
    // reserved, and its owner may still release it.
    const gone = await signUpMember(t, "Giang");
    const other = await offer(an, { itemId: "iron-ore", unitPrice: 161 });
    expect((await move(an, other.id, "reserve", { replyId: (await reply(gone, other.id)).id })).status).toBe(200);
    await deleteAccount(t.db, gone.uid);
    const [row] = await t.db.select().from(offers).where(eq(offers.id, other.id));
    expect(row).toMatchObject({ status: "reserved", counterpartyUid: null });
    expect((await move(an, other.id, "unreserve", { reason: "Người mua đã xoá tài khoản" })).status).toBe(200);
  });

  it("lets moderators hide an offer from every public list, audited; the owner still reads it", async () => {
    const sell = await offer(chi, { itemId: "beast-hide", unitPrice: 77 });
    expect((await call(t.app, `/api/offers/${sell.id}`, { cookie: dung.cookie, method: "PATCH", body: { hidden: true } })).status).toBe(
      403,
    );
    const hidden = await call(t.app, `/api/offers/${sell.id}`, { cookie: mod.cookie, method: "PATCH", body: { hidden: true } });
    expect(hidden.status).toBe(200);
    expect((await hidden.json()).data).toMatchObject({ hidden: true });
    expect((await list(null, "itemId=beast-hide")).some((o) => o.id === sell.id)).toBe(false);
    expect((await read(null, sell.id)).status).toBe(404);
    expect((await read(chi, sell.id)).status).toBe(200);
    expect((await call(t.app, `/api/offers/${sell.id}/replies`, { cookie: binh.cookie, body: { text: "hi" } })).status).toBe(404);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "offer.hide"), eq(auditLog.targetId, String(sell.id))));
    expect(audit).toHaveLength(1);
    const topics = realtimeTopics(t.db);
    const viewer = (uid: string) => ({ uid, role: "user" }) as never;
    expect(await topics.offer?.mayRead(null, String(sell.id))).toBe(false);
    expect(await topics.offer?.mayRead(viewer(chi.uid), String(sell.id))).toBe(true);
    expect(await topics.offers?.mayRead(null, ITEM)).toBe(true);
    // A resuming subscriber of the thread gets the replies it missed, in id order.
    const first = await reply(chi, sell.id, "một");
    const second = await reply(chi, sell.id, "hai");
    expect(await topics.offer?.lastId(String(sell.id))).toBe(second.id);
    const missed = await topics.offer?.eventsAfter(String(sell.id), first.id - 1);
    expect(missed?.map((event) => event.id)).toEqual([first.id, second.id]);
  });

  it("shows who is online in the book, from the realtime presence", async () => {
    // The same app as the others, with a presence in which only Dũng is online.
    const app = createApp({
      config: t.config,
      logger: silentLogger,
      database: t.database.connection,
      build: () => Promise.reject(new Error("no pages here")),
      auth: t.auth,
      analytics: t.analytics,
      hub: t.hub,
      presence: { isOnline: (uid) => uid === dung.uid },
    });
    const sell = await offer(dung, { itemId: "wind-feather", unitPrice: 1 });
    const [row] = (await list(null, "itemId=wind-feather&side=sell", app)).filter((each) => each.id === sell.id);
    expect(row?.trader).toMatchObject({ uid: dung.uid, online: true });
    expect((await list(null, "itemId=wind-feather&side=sell", app)).find((each) => each.trader.uid === binh.uid)?.trader.online).toBe(
      false,
    );
  });
  it("keeps every trader's counts equal to a recount of the offers and feedback, through trades, feedback and deleted accounts", async () => {
    const recount = async () =>
      queryRows<{ uid: string; trades: number; positive: number; negative: number }>(
        t.db,
        sql`select uid, sum(trades)::integer as trades, sum(positive)::integer as positive, sum(negative)::integer as negative from (
              select owner_uid as uid, 1 as trades, 0 as positive, 0 as negative from offers where status = 'completed'
              union all select counterparty_uid, 1, 0, 0 from offers where status = 'completed' and counterparty_uid is not null
              union all select to_uid, 0, (score > 0)::integer, (score < 0)::integer from offer_feedback where counts
            ) as counted group by uid order by uid`,
      );
    const kept = async () =>
      (await t.db.select().from(offerTraderCounts).orderBy(offerTraderCounts.uid)).filter(
        (row) => row.trades + row.positive + row.negative > 0,
      );
    const trade = async (seller: TestMember, buyer: TestMember, scores: [number, number]) => {
      const sell = await offer(seller, { itemId: "wind-feather", unitPrice: 50 });
      expect((await move(seller, sell.id, "reserve", { replyId: (await reply(buyer, sell.id)).id })).status).toBe(200);
      expect((await move(seller, sell.id, "confirm")).status).toBe(200);
      expect((await move(buyer, sell.id, "confirm")).status).toBe(200);
      expect((await move(seller, sell.id, "feedback", { score: scores[0], comment: "ok" })).status).toBe(201);
      expect((await move(buyer, sell.id, "feedback", { score: scores[1], comment: "ok" })).status).toBe(201);
    };
    const [hoa, khoa] = await Promise.all([signUpMember(t, "Hoa"), signUpMember(t, "Khoa")]);
    await trade(hoa, khoa, [1, -1]);
    await trade(khoa, hoa, [1, 1]);
    await trade(hoa, an, [-1, 1]);
    const counts = await reputationCounts(t.db, [hoa.uid, khoa.uid, "nobody"]);
    // Hoa and Khoa's second trade's feedback, each about the other again within 30 days, counts in no total.
    expect(counts.get(hoa.uid)).toEqual({ trades: 3, positive: 1, negative: 1 });
    expect(counts.get(khoa.uid)).toEqual({ trades: 2, positive: 1, negative: 0 });
    expect(counts.get("nobody")).toEqual({ trades: 0, positive: 0, negative: 0 });
    expect(await kept()).toEqual(await recount());

    // Two trades between the same two members, each the other's owner, completing at once: both
    // complete (the counters change in uid order, so the two cannot wait on each other).
    for (let round = 0; round < 5; round++) {
      const mine = await offer(hoa, { itemId: "wind-feather", unitPrice: 60 + round });
      const theirs = await offer(khoa, { itemId: "wind-feather", unitPrice: 70 + round });
      expect((await move(hoa, mine.id, "reserve", { replyId: (await reply(khoa, mine.id)).id })).status).toBe(200);
      expect((await move(khoa, theirs.id, "reserve", { replyId: (await reply(hoa, theirs.id)).id })).status).toBe(200);
      expect((await move(hoa, mine.id, "confirm")).status).toBe(200);
      expect((await move(khoa, theirs.id, "confirm")).status).toBe(200);
      const both = await Promise.all([move(khoa, mine.id, "confirm"), move(hoa, theirs.id, "confirm")]);
      expect(both.map((response) => response.status)).toEqual([200, 200]);
    }
    expect((await reputationCounts(t.db, [hoa.uid])).get(hoa.uid)?.trades).toBe(13);
    expect(await kept()).toEqual(await recount());

    // A deleted account takes its own counts, its offers and the feedback it received with it;
    // the others' counts lose what went with them and nothing else.
    await deleteAccount(t.db, khoa.uid);
    expect(await kept()).toEqual(await recount());
    expect((await reputationCounts(t.db, [khoa.uid])).get(khoa.uid)).toEqual({ trades: 0, positive: 0, negative: 0 });
  });
});
