import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import type { Report } from "../../universal/moderation/moderation-limits.ts";
import type { CharacterClaim, Offer, Reputation } from "../../universal/offers/offer-types.ts";
import { ensureContent } from "../content/content-store.ts";
import { call, createTestApp, signUpMember, silentLogger, type TestApp, type TestMember } from "../testing.ts";

const SERVER = "suong-mai";

describe.each(testEngines)("reputation on %s", (engine) => {
  let t: TestApp;
  let clientIds = 0;
  const clientId = () => `rep-client-${++clientIds}-${Date.now()}`;
  let an: TestMember;
  let binh: TestMember;
  let chi: TestMember;
  let mod: TestMember;

  const claim = (who: TestMember | null, name: string, server = SERVER) =>
    call(t.app, "/api/characters/claims", { cookie: who?.cookie, body: { name, server } });

  const reputation = async (query: string): Promise<Reputation> => {
    const response = await call(t.app, `/api/reputation?${query}`);
    expect(response.status).toBe(200);
    return (await response.json()).data;
  };

  async function offer(who: TestMember, characterName: string): Promise<Offer> {
    const response = await call(t.app, "/api/offers", {
      cookie: who.cookie,
      body: {
        side: "sell",
        itemId: "iron-ore",
        quantity: 3,
        unitPrice: 90,
        server: SERVER,
        characterName,
        expiresInDays: 7,
        clientId: clientId(),
      },
    });
    expect(response.status).toBe(201);
    return (await response.json()).data;
  }

  async function png(): Promise<Blob> {
    const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c33" } })
      .png()
      .toBuffer();
    return new Blob([new Uint8Array(bytes)], { type: "image/png" });
  }

  beforeAll(async () => {
    // New accounts' feedback counts here: the account age rule has its own tests (server/offers/feedback.test.ts).
    t = await createTestApp(engine, { SIGN_UP_LIMIT_PER_HOUR: "1000", FEEDBACK_MIN_ACCOUNT_AGE_HOURS: "0" });
    await ensureContent(t.db, silentLogger);
    [an, binh, chi, mod] = await Promise.all([
      signUpMember(t, "An"),
      signUpMember(t, "Bình"),
      signUpMember(t, "Chi"),
      signUpMember(t, "Mai", { role: "moderator" }),
    ]);
  });
  afterAll(() => t.dispose());

  /** A claim proven: the member's screenshot, verified by the moderator. */
  async function prove(who: TestMember, id: number): Promise<void> {
    const form = new FormData();
    form.append("screenshot", await png(), "code.png");
    const sent = await call(t.app, `/api/characters/claims/${id}/proof`, { cookie: who.cookie, body: form });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const reportId = (await sent.json()).data.proofReportId;
    expect((await call(t.app, `/api/reports/${reportId}/resolve`, { cookie: mod.cookie, body: { action: "verify" } })).status).toBe(200);
  }

  async function verifiedClaim(who: TestMember, name: string, server = SERVER): Promise<CharacterClaim> {
    const made = await claim(who, name, server);
    expect(made.status).toBe(201);
    const data = (await made.json()).data as CharacterClaim;
    await prove(who, data.id);
    return data;
  }

  it("lets a member claim a character once (folded name, one server); once proven, someone else's claim is 409", async () => {
    expect((await claim(null, "Bình An")).status).toBe(401);
    expect((await claim(binh, "Bình An", "no-such-server")).status).toBe(400);
    const first = await claim(binh, "Bình An");
    expect(first.status).toBe(201);
    const made = (await first.json()).data as CharacterClaim;
    expect(made).toMatchObject({ name: "Bình An", server: SERVER, status: "pending" });
    const again = await claim(binh, "binh an");
    expect(again.status).toBe(200);
    expect((await again.json()).data.id).toBe(made.id);
    // Unproven, a claim keeps nobody out: first come is not first served.
    expect((await claim(chi, "BÌNH AN")).status).toBe(201);
    await prove(binh, made.id);
    const taken = await claim(an, "BÌNH AN");
    expect(taken.status).toBe(409);
    expect((await taken.json()).error.code).toBe("conflict");
    expect((await claim(chi, "Bình An", "bach-hac")).status).toBe(201);
    const own = (await (await call(t.app, "/api/characters/claims", { cookie: binh.cookie })).json()).data as CharacterClaim[];
    expect(own.map((c) => [c.id, c.status])).toEqual([[made.id, "verified"]]);
    expect((await call(t.app, "/api/characters/claims")).status).toBe(401);
    expect((await call(t.app, `/api/characters/claims/${made.id}`, { cookie: chi.cookie, method: "DELETE" })).status).toBe(404);
    expect((await call(t.app, `/api/characters/claims/${made.id}`, { cookie: binh.cookie, method: "DELETE" })).status).toBe(200);
    await verifiedClaim(binh, "Bình An");
  });

  it("shows a character's feedback and completed trades, accent-insensitively, from both sides of a trade", async () => {
    const sell = await offer(an, "Tuấn Kiệt");
    const reply = await call(t.app, `/api/offers/${sell.id}/replies`, {
      cookie: binh.cookie,
      body: { text: "Mình mua", clientId: clientId() },
    });
    const replyId = (await reply.json()).data.id;
    expect((await call(t.app, `/api/offers/${sell.id}/reserve`, { cookie: an.cookie, body: { replyId } })).status).toBe(200);
    expect((await call(t.app, `/api/offers/${sell.id}/confirm`, { cookie: an.cookie, body: {} })).status).toBe(200);
    expect((await call(t.app, `/api/offers/${sell.id}/confirm`, { cookie: binh.cookie, body: {} })).status).toBe(200);
    expect(
      (await call(t.app, `/api/offers/${sell.id}/feedback`, { cookie: binh.cookie, body: { score: 1, comment: "Uy tín" } })).status,
    ).toBe(201);
    const aboutBinh = await call(t.app, `/api/offers/${sell.id}/feedback`, { cookie: an.cookie, body: { score: -1, comment: "Trả chậm" } });
    expect((await aboutBinh.json()).data).toMatchObject({ subjectName: "Bình An", subjectServer: SERVER });

    const seller = await reputation(`name=${encodeURIComponent("tuan kiet")}&server=${SERVER}`);
    expect(seller).toMatchObject({
      name: "Tuấn Kiệt",
      server: SERVER,
      positive: 1,
      negative: 0,
      trades: 1,
      claimedBy: null,
      verified: false,
      reports: [],
    });
    expect(seller.feedback.map((f) => f.comment)).toEqual(["Uy tín"]);
    const buyer = await reputation(`name=${encodeURIComponent("BINH AN")}&server=${SERVER}`);
    expect(buyer).toMatchObject({ name: "Bình An", positive: 0, negative: 1, trades: 1, claimedBy: { uid: binh.uid }, verified: true });
    expect((await reputation(`name=${encodeURIComponent("Tuấn Kiệt")}`)).trades).toBe(1);
    expect((await reputation("name=nobody&server=bach-hac")).trades).toBe(0);
    expect((await call(t.app, "/api/reputation")).status).toBe(400);
  });

  it("brings feedback about a counterparty to the character they claim later; the book's member counts agree with it", async () => {
    async function trade(owner: TestMember, counterparty: TestMember, characterName: string): Promise<number> {
      const sell = await offer(owner, characterName);
      const reply = await call(t.app, `/api/offers/${sell.id}/replies`, {
        cookie: counterparty.cookie,
        body: { text: "Mình lấy", clientId: clientId() },
      });
      const replyId = (await reply.json()).data.id;
      expect((await call(t.app, `/api/offers/${sell.id}/reserve`, { cookie: owner.cookie, body: { replyId } })).status).toBe(200);
      expect((await call(t.app, `/api/offers/${sell.id}/confirm`, { cookie: owner.cookie, body: {} })).status).toBe(200);
      expect((await call(t.app, `/api/offers/${sell.id}/confirm`, { cookie: counterparty.cookie, body: {} })).status).toBe(200);
      return sell.id;
    }
    const feedback = (who: TestMember, id: number, score: 1 | -1, comment: string) =>
      call(t.app, `/api/offers/${id}/feedback`, { cookie: who.cookie, body: { score, comment } });

    // Chi claims no character on this server yet: An's feedback about Chi names none.
    const first = await trade(an, chi, "Kiệt Ba");
    const left = await feedback(an, first, -1, "Không trả lời tin nhắn");
    expect((await left.json()).data).toMatchObject({ subjectName: null, subjectServer: SERVER, to: { uid: chi.uid } });
    expect((await feedback(chi, first, 1, "Giao nhanh")).status).toBe(201);
    expect((await reputation(`name=${encodeURIComponent("Chi Lan")}&server=${SERVER}`)).negative).toBe(0);

    // Claimed later, the character shows it, with the trade.
    await verifiedClaim(chi, "Chi Lan");
    const chiLan = await reputation(`name=${encodeURIComponent("chi lan")}&server=${SERVER}`);
    expect(chiLan).toMatchObject({ name: "Chi Lan", positive: 0, negative: 1, trades: 1, claimedBy: { uid: chi.uid } });
    expect(chiLan.feedback.map((f) => [f.comment, f.subjectServer])).toEqual([["Không trả lời tin nhắn", SERVER]]);
    // On every server too, and not on another server's lookup.
    expect((await reputation(`name=${encodeURIComponent("Chi Lan")}`)).negative).toBe(1);
    expect((await reputation(`name=${encodeURIComponent("Chi Lan")}&server=bach-hac`)).negative).toBe(0);
    // Feedback about an offer's owner stays with the offer's character, not the owner's other claims.
    await verifiedClaim(an, "An Khác");
    expect(await reputation(`name=${encodeURIComponent("An Khác")}&server=${SERVER}`)).toMatchObject({ positive: 0, negative: 0 });
    expect(await reputation(`name=${encodeURIComponent("Kiệt Ba")}&server=${SERVER}`)).toMatchObject({
      positive: 1,
      negative: 0,
      trades: 1,
    });

    // Chi trades under the claimed character as an owner too: the book's counts for Chi (the member)
    // are what /bplayer shows for Chi's one character.
    const second = await trade(chi, binh, "Chi Lan");
    expect((await feedback(binh, second, 1, "Uy tín")).status).toBe(201);
    const open = await offer(chi, "Chi Lan");
    const book = (await (await call(t.app, "/api/offers?itemId=iron-ore&side=sell")).json()).data as Offer[];
    const counts = book.find((each) => each.id === open.id)?.trader.reputation;
    const record = await reputation(`name=${encodeURIComponent("Chi Lan")}&server=${SERVER}`);
    expect(record).toMatchObject({ positive: 1, negative: 1, trades: 2 });
    expect(counts).toEqual({ positive: record.positive, negative: record.negative, trades: record.trades });
    expect(record.feedback.map((f) => f.comment).sort()).toEqual(["Không trả lời tin nhắn", "Uy tín"]);
  });

  it("takes scam reports with screenshots into the moderation queue; public only once a moderator verifies them", async () => {
    const body = { kind: "character", name: "Tuấn Kiệt", server: SERVER, reason: "Nhận vàng rồi không giao đồ" };
    expect((await call(t.app, "/api/reports", { body })).status).toBe(401);
    expect((await call(t.app, "/api/reports", { cookie: binh.cookie, body: { ...body, name: "binh an" } })).status).toBe(400);
    expect((await call(t.app, "/api/reports", { cookie: chi.cookie, body: { ...body, server: "nowhere" } })).status).toBe(400);
    const form = new FormData();
    for (const [key, value] of Object.entries(body)) form.set(key, value);
    form.append("images", await png(), "proof.png");
    const filed = await call(t.app, "/api/reports", { cookie: chi.cookie, body: form });
    expect(filed.status, await filed.clone().text()).toBe(201);
    const reportId = (await filed.json()).data.id as number;
    // Another member's report of the same character (written differently) joins the same report.
    const joined = await call(t.app, "/api/reports", { cookie: binh.cookie, body: { ...body, name: "tuan kiet", reason: "Mình cũng bị" } });
    expect((await joined.json()).data).toMatchObject({ id: reportId, count: 2 });
    const notImages = new FormData();
    notImages.set("kind", "post");
    notImages.set("id", "1");
    notImages.set("reason", "x");
    notImages.append("images", await png(), "x.png");
    expect((await call(t.app, "/api/reports", { cookie: chi.cookie, body: notImages })).status).toBe(400);

    expect((await reputation(`name=tuan%20kiet&server=${SERVER}`)).reports).toEqual([]);
    const queue = (await (await call(t.app, "/api/reports", { cookie: mod.cookie })).json()).data as Report[];
    const report = queue.find((each) => each.id === reportId);
    expect(report?.kind).toBe("character");
    expect(report?.context?.images).toHaveLength(1);
    const imageUrl = report?.context?.images?.[0]?.url ?? "";
    expect((await call(t.app, imageUrl)).status).toBe(404);
    const shown = await call(t.app, imageUrl, { cookie: mod.cookie });
    expect(shown.status).toBe(200);
    expect(shown.headers.get("Content-Type")).toBe("image/webp");

    expect((await call(t.app, `/api/reports/${reportId}/resolve`, { cookie: chi.cookie, body: { action: "verify" } })).status).toBe(403);
    expect((await call(t.app, `/api/reports/${reportId}/resolve`, { cookie: mod.cookie, body: { action: "hide" } })).status).toBe(400);
    const verified = await call(t.app, `/api/reports/${reportId}/resolve`, {
      cookie: mod.cookie,
      body: { action: "verify", note: "Đã đối chiếu" },
    });
    expect(verified.status).toBe(200);
    const record = await reputation(`name=${encodeURIComponent("TUẤN KIỆT")}&server=${SERVER}`);
    expect(record.reports).toHaveLength(1);
    expect(record.reports[0]?.reason).toContain("Nhận vàng rồi không giao đồ");
    expect(record.reports[0]?.images).toHaveLength(1);
    expect((await call(t.app, imageUrl)).status).toBe(200);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "report.verify"), eq(auditLog.targetKind, "character")));
    expect(audit).toHaveLength(1);
  });

  it("takes reports of offers; upheld, the offer leaves the book; a report of another kind is not verified", async () => {
    const sell = await offer(an, "Kiệt Hai");
    expect((await call(t.app, "/api/reports", { cookie: an.cookie, body: { kind: "offer", id: sell.id, reason: "mine" } })).status).toBe(
      400,
    );
    const filed = await call(t.app, "/api/reports", { cookie: chi.cookie, body: { kind: "offer", id: sell.id, reason: "Giá ảo" } });
    expect(filed.status).toBe(201);
    const reportId = (await filed.json()).data.id;
    expect((await call(t.app, `/api/reports/${reportId}/resolve`, { cookie: mod.cookie, body: { action: "verify" } })).status).toBe(400);
    expect((await call(t.app, `/api/reports/${reportId}/resolve`, { cookie: mod.cookie, body: { action: "hide" } })).status).toBe(200);
    const book = (await (await call(t.app, "/api/offers?itemId=iron-ore")).json()).data as Offer[];
    expect(book.some((each) => each.id === sell.id)).toBe(false);
    expect((await call(t.app, `/api/offers/${sell.id}`)).status).toBe(404);
  });
});
