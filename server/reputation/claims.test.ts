/**
 * A character's record belongs to its owner. A claim needs proof a moderator
 * verifies; an unproven claim makes nothing anyone's; another member's offers cannot name a claimed
 * character, and what others traded under it does not count on its record.
 */
import { and, eq } from "drizzle-orm";
import sharp, { type Create } from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, contributionPoints } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import type { Report } from "../../universal/moderation/moderation-limits.ts";
import { CLAIM_PENDING_DAYS } from "../../universal/offers/offer-limits.ts";
import type { CharacterClaim, Offer, Reputation } from "../../universal/offers/offer-types.ts";
import type { Viewer } from "../auth/viewer.ts";
import { ensureContent } from "../content/content-store.ts";
import { call, createTestApp, signUpMember, silentLogger, type TestApp, type TestMember } from "../testing.ts";
import { claimCharacter, listClaims } from "./reputation.ts";

const SERVER = "suong-mai";
const DAY = 86_400_000;

describe.each(testEngines)("character claims on %s", (engine) => {
  let t: TestApp;
  let clientIds = 0;
  const clientId = () => `claim-client-${++clientIds}-${Date.now()}`;
  let victim: TestMember;
  let forger: TestMember;
  let friend: TestMember;
  let other: TestMember;
  let mod: TestMember;

  const viewerOf = (who: TestMember): Viewer => ({
    uid: who.uid,
    email: who.email,
    name: "",
    image: null,
    role: "user",
    tag: "",
    title: "",
    level: 1,
    signedInAt: null,
  });

  /** A screenshot: a tiny one, or (`large`) one past the 64 KB every JSON body is held to, as a phone's is. */
  async function png(large = false): Promise<Blob> {
    const create: Create = large
      ? { width: 400, height: 300, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 40 } }
      : { width: 60, height: 40, channels: 3, background: "#36c" };
    const bytes = await sharp({ create }).png().toBuffer();
    if (large) expect(bytes.byteLength).toBeGreaterThan(64 * 1024);
    return new Blob([new Uint8Array(bytes)], { type: "image/png" });
  }

  const claim = (who: TestMember | null, name: string, server = SERVER) =>
    call(t.app, "/api/characters/claims", { cookie: who?.cookie, body: { name, server } });

  async function proof(who: TestMember | null, id: number, field = "screenshot", large = false): Promise<Response> {
    const form = new FormData();
    form.append(field, await png(large), "proof.png");
    return call(t.app, `/api/characters/claims/${id}/proof`, { cookie: who?.cookie, body: form });
  }

  const resolve = (who: TestMember, reportId: number, action: string, note = "") =>
    call(t.app, `/api/reports/${reportId}/resolve`, { cookie: who.cookie, body: { action, note } });

  /** Claims, sends the proof and has the moderator verify it. */
  async function verifiedClaim(who: TestMember, name: string, server = SERVER): Promise<CharacterClaim> {
    const made = (await (await claim(who, name, server)).json()).data as CharacterClaim;
    const sent = await proof(who, made.id);
    expect(sent.status, await sent.clone().text()).toBe(201);
    const reportId = ((await sent.json()).data as CharacterClaim).proofReportId as number;
    expect((await resolve(mod, reportId, "verify")).status).toBe(200);
    return made;
  }

  const reputation = async (name: string, server: string | null = SERVER): Promise<Reputation> => {
    const query = new URLSearchParams(server ? { name, server } : { name });
    const response = await call(t.app, `/api/reputation?${query}`);
    expect(response.status).toBe(200);
    return (await response.json()).data;
  };

  const postOffer = (who: TestMember, characterName: string, server = SERVER) =>
    call(t.app, "/api/offers", {
      cookie: who.cookie,
      body: { side: "sell", itemId: "iron-ore", quantity: 1, unitPrice: 50, server, characterName, expiresInDays: 7, clientId: clientId() },
    });

  /** The forge of the issue: `owner` posts under `characterName`, `buyer` replies, both confirm, the buyer leaves −1. */
  async function tradeWithFeedback(owner: TestMember, buyer: TestMember, characterName: string): Promise<number> {
    const posted = await postOffer(owner, characterName);
    expect(posted.status, await posted.clone().text()).toBe(201);
    const sell = (await posted.json()).data as Offer;
    const reply = await call(t.app, `/api/offers/${sell.id}/replies`, {
      cookie: buyer.cookie,
      body: { text: "Mua", clientId: clientId() },
    });
    const replyId = (await reply.json()).data.id;
    expect((await call(t.app, `/api/offers/${sell.id}/reserve`, { cookie: owner.cookie, body: { replyId } })).status).toBe(200);
    expect((await call(t.app, `/api/offers/${sell.id}/confirm`, { cookie: owner.cookie, body: {} })).status).toBe(200);
    expect((await call(t.app, `/api/offers/${sell.id}/confirm`, { cookie: buyer.cookie, body: {} })).status).toBe(200);
    const left = await call(t.app, `/api/offers/${sell.id}/feedback`, { cookie: buyer.cookie, body: { score: -1, comment: "SCAMMER" } });
    expect(left.status).toBe(201);
    return sell.id;
  }

  beforeAll(async () => {
    // The forge is a trade with feedback between new accounts: the account age rule (feedback.test.ts) is not what this tests.
    t = await createTestApp(engine, { SIGN_UP_LIMIT_PER_HOUR: "1000", FEEDBACK_MIN_ACCOUNT_AGE_HOURS: "0" });
    await ensureContent(t.db, silentLogger);
    [victim, forger, friend, other, mod] = await Promise.all([
      signUpMember(t, "Nạn Nhân"),
      signUpMember(t, "Kẻ Giả"),
      signUpMember(t, "Bạn Kẻ Giả"),
      signUpMember(t, "Người Khác"),
      signUpMember(t, "Điều Hành", { role: "moderator" }),
    ]);
  });
  afterAll(() => t.dispose());

  it("cannot forge a claimed character's record: another member's offer under its name is refused, and what was traded under it before does not count", async () => {
    // Before anyone has proven it, a trade under the name counts, and the record says it is unverified.
    await tradeWithFeedback(forger, friend, "Nguyệt Ảnh");
    const before = await reputation("nguyet anh");
    expect(before).toMatchObject({ negative: 1, trades: 1, claimedBy: null, verified: false });

    await verifiedClaim(victim, "Nguyệt Ảnh");
    // The forger's earlier trade is not the owner's: the record is the owner's, empty and verified.
    const after = await reputation("NGUYỆT ẢNH");
    expect(after).toMatchObject({
      name: "Nguyệt Ảnh",
      negative: 0,
      positive: 0,
      trades: 0,
      verified: true,
      claimedBy: { uid: victim.uid },
    });
    expect(after.feedback).toEqual([]);
    expect(await reputation("Nguyệt Ảnh", null)).toMatchObject({ negative: 0, trades: 0, verified: true });

    // The forge itself: an offer naming the claimed character (folded) by anyone but its owner.
    const refused = await postOffer(forger, "nguyet anh");
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.code).toBe("character-claimed");
    // The same name on another server is another character.
    expect((await postOffer(forger, "Nguyệt Ảnh", "bach-hac")).status).toBe(201);
    // The owner's own trades under it count.
    await tradeWithFeedback(victim, other, "Nguyệt Ảnh");
    expect(await reputation("Nguyệt Ảnh")).toMatchObject({ negative: 1, trades: 1, verified: true });
  });

  it("an unproven claim makes nothing anyone's: others still trade under it and claim it too", async () => {
    const first = await claim(forger, "Bình Minh");
    expect(first.status).toBe(201);
    const made = (await first.json()).data as CharacterClaim;
    expect(made).toMatchObject({ name: "Bình Minh", server: SERVER, status: "pending", proofReportId: null, verifiedAt: null });
    expect(made.code).toMatch(/^LV-[2-9A-HJ-NP-Z]{4}$/);
    expect(made.expiresAt).toBe(made.createdAt + CLAIM_PENDING_DAYS * DAY);
    // The same claim again is the same claim, code and all.
    const again = await claim(forger, "binh minh");
    expect(again.status).toBe(200);
    expect((await again.json()).data).toMatchObject({ id: made.id, code: made.code });
    // Squatting proves nothing: the record is nobody's, anyone may post under it and claim it.
    expect(await reputation("Bình Minh")).toMatchObject({ claimedBy: null, verified: false });
    expect((await postOffer(victim, "Bình Minh")).status).toBe(201);
    const rival = await claim(victim, "BÌNH MINH");
    expect(rival.status).toBe(201);
    expect((await rival.json()).data.code).not.toBe(made.code);
    expect((await claim(null, "Bình Minh")).status).toBe(401);
    expect((await claim(victim, "Bình Minh", "no-such-server")).status).toBe(400);
  });

  it("takes a claim's proof only from its member; a moderator verifies it, a plain member cannot", async () => {
    const made = (await (await claim(other, "Hoa Rơi")).json()).data as CharacterClaim;
    // Not someone else's claim, not signed out, not without the screenshot.
    expect((await proof(forger, made.id)).status).toBe(404);
    expect((await proof(null, made.id)).status).toBe(401);
    expect((await proof(other, made.id, "images")).status).toBe(400);
    expect((await proof(other, 999_999)).status).toBe(404);
    const json = await call(t.app, `/api/characters/claims/${made.id}/proof`, { cookie: other.cookie, body: {} });
    expect(json.status).toBe(400);
    // The claim report cannot be filed through /api/reports.
    expect((await call(t.app, "/api/reports", { cookie: other.cookie, body: { kind: "claim", id: made.id, reason: "x" } })).status).toBe(
      400,
    );

    const sent = await proof(other, made.id, "screenshot", true);
    expect(sent.status).toBe(201);
    const pending = (await sent.json()).data as CharacterClaim;
    expect(pending).toMatchObject({ id: made.id, status: "pending", expiresAt: null });
    const reportId = pending.proofReportId as number;
    expect(reportId).toBeGreaterThan(0);
    // Sent again (a clearer screenshot), it joins the same report, up to REPORT_IMAGES_MAX.
    expect(((await (await proof(other, made.id)).json()).data as CharacterClaim).proofReportId).toBe(reportId);

    const queue = (await (await call(t.app, "/api/reports", { cookie: mod.cookie })).json()).data as Report[];
    const report = queue.find((each) => each.id === reportId);
    expect(report?.kind).toBe("claim");
    expect(report?.context?.around[0]?.text).toContain(made.code);
    expect(report?.context?.images).toHaveLength(2);
    expect((await call(t.app, report?.context?.images?.[0]?.url ?? "", { cookie: mod.cookie })).status).toBe(200);
    // The screenshot is not public (the report is not a verified scam report).
    expect((await call(t.app, report?.context?.images?.[0]?.url ?? "")).status).toBe(404);

    // Its own member cannot verify it, nor can any plain member; a moderator can.
    expect((await resolve(other, reportId, "verify")).status).toBe(403);
    expect((await resolve(forger, reportId, "verify")).status).toBe(403);
    expect((await resolve(mod, reportId, "hide")).status).toBe(400);
    expect(await reputation("Hoa Rơi")).toMatchObject({ claimedBy: null, verified: false });
    expect((await resolve(mod, reportId, "verify", "Mã khớp")).status).toBe(200);
    // Verified, the proof's screenshot still stays with moderators.
    expect((await call(t.app, report?.context?.images?.[0]?.url ?? "")).status).toBe(404);
    expect(await reputation("hoa roi")).toMatchObject({ claimedBy: { uid: other.uid }, verified: true });
    const mine = (await (await call(t.app, "/api/characters/claims", { cookie: other.cookie })).json()).data as CharacterClaim[];
    expect(mine.find((each) => each.id === made.id)).toMatchObject({ status: "verified", proofReportId: null, expiresAt: null });
    expect((await proof(other, made.id)).status).toBe(409);
    // Now proven, nobody else can claim it (they may dispute it).
    const taken = await claim(forger, "Hoa Rơi");
    expect(taken.status).toBe(409);
    expect((await taken.json()).error.details.reason).toBe("claimed");
  });

  it("refuses to verify a second member's claim of a character already verified", async () => {
    const first = (await (await claim(forger, "Sao Băng")).json()).data as CharacterClaim;
    const second = (await (await claim(friend, "sao bang")).json()).data as CharacterClaim;
    const firstReport = ((await (await proof(forger, first.id)).json()).data as CharacterClaim).proofReportId as number;
    const secondReport = ((await (await proof(friend, second.id)).json()).data as CharacterClaim).proofReportId as number;
    expect(firstReport).not.toBe(secondReport);
    expect((await resolve(mod, secondReport, "verify")).status).toBe(200);
    const refused = await resolve(mod, firstReport, "verify");
    expect(refused.status).toBe(409);
    expect(await reputation("Sao Băng")).toMatchObject({ claimedBy: { uid: friend.uid } });
    expect((await resolve(mod, firstReport, "dismiss", "Đã có chủ")).status).toBe(200);
    // The loser's claim is pending still, to expire; its proof cannot be sent again.
    expect((await proof(forger, first.id)).status).toBe(409);
  });

  it("expires a pending claim 7 days after it was made, unless its proof is waiting for a moderator", async () => {
    const now = Date.now();
    const viewer = viewerOf(friend);
    const old = await claimCharacter(t.db, viewer, { name: "Lá Vàng", server: SERVER }, now - (CLAIM_PENDING_DAYS * DAY + 1000));
    const young = await claimCharacter(t.db, viewer, { name: "Lá Đỏ", server: SERVER }, now - (CLAIM_PENDING_DAYS * DAY - 60_000));
    expect(old.created && young.created).toBe(true);
    const ids = (await listClaims(t.db, viewer, now)).map((each) => each.id);
    expect(ids).not.toContain(old.claim.id);
    expect(ids).toContain(young.claim.id);
    // A day later the young one is gone too.
    expect((await listClaims(t.db, viewer, now + DAY)).map((each) => each.id)).not.toContain(young.claim.id);
    // An expired claim takes no proof; claiming again starts afresh with a new code.
    expect((await proof(friend, old.claim.id)).status).toBe(404);
    const fresh = await claim(friend, "Lá Vàng");
    expect(fresh.status).toBe(201);
    const renewed = (await fresh.json()).data as CharacterClaim;
    expect(renewed.id).not.toBe(old.claim.id);

    // A claim whose proof was sent just in time does not expire while the moderator has not decided.
    const late = await claimCharacter(t.db, viewer, { name: "Lá Tím", server: SERVER }, now - (CLAIM_PENDING_DAYS * DAY - 60_000));
    expect((await proof(friend, late.claim.id)).status).toBe(201);
    expect((await listClaims(t.db, viewer, now + DAY)).find((each) => each.id === late.claim.id)).toMatchObject({ status: "pending" });
  });

  it("takes a dispute of a verified claim with a screenshot; upheld, the claim is removed and audited", async () => {
    const disputed = await verifiedClaim(victim, "Trăng Khuyết");
    const body = { kind: "claim-dispute", claimId: disputed.id, reason: "Nhân vật này là của mình, xem ảnh" };
    const form = async (fields: Record<string, string | number>, withImage = true) => {
      const data = new FormData();
      for (const [key, value] of Object.entries(fields)) data.set(key, String(value));
      if (withImage) data.append("images", await png(), "mine.png");
      return data;
    };
    expect((await call(t.app, "/api/reports", { body: await form(body) })).status).toBe(401);
    // Without a screenshot, about one's own claim, or about a claim not verified: refused.
    expect((await call(t.app, "/api/reports", { cookie: forger.cookie, body })).status).toBe(400);
    expect((await call(t.app, "/api/reports", { cookie: victim.cookie, body: await form(body) })).status).toBe(400);
    const unproven = (await (await claim(friend, "Không Chứng")).json()).data as CharacterClaim;
    expect((await call(t.app, "/api/reports", { cookie: forger.cookie, body: await form({ ...body, claimId: unproven.id }) })).status).toBe(
      404,
    );

    const filed = await call(t.app, "/api/reports", { cookie: forger.cookie, body: await form(body) });
    expect(filed.status, await filed.clone().text()).toBe(201);
    const reportId = (await filed.json()).data.id as number;
    const queue = (await (await call(t.app, "/api/reports", { cookie: mod.cookie })).json()).data as Report[];
    expect(queue.find((each) => each.id === reportId)).toMatchObject({ kind: "claim-dispute", context: { author: { uid: victim.uid } } });
    expect((await resolve(forger, reportId, "verify")).status).toBe(403);
    expect(await reputation("Trăng Khuyết")).toMatchObject({ claimedBy: { uid: victim.uid }, claimId: disputed.id, verified: true });

    expect((await resolve(mod, reportId, "verify", "Ảnh của người khiếu nại đúng")).status).toBe(200);
    expect(await reputation("Trăng Khuyết")).toMatchObject({ claimedBy: null, claimId: null, verified: false });
    const left = (await (await call(t.app, "/api/characters/claims", { cookie: victim.cookie })).json()).data as CharacterClaim[];
    expect(left.some((each) => each.id === disputed.id)).toBe(false);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "claim.remove"), eq(auditLog.targetId, String(disputed.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toMatchObject({ uid: victim.uid, name: "Trăng Khuyết" });
    expect(audit[0]?.after).toMatchObject({ report: reportId, uid: null });
    // The character is free again: the disputer may claim and prove it.
    expect((await claim(forger, "Trăng Khuyết")).status).toBe(201);

    // A dispute dismissed leaves the claim where it was.
    const kept = await verifiedClaim(other, "Gió Bắc");
    const second = await call(t.app, "/api/reports", { cookie: friend.cookie, body: await form({ ...body, claimId: kept.id }) });
    expect((await resolve(mod, (await second.json()).data.id, "dismiss")).status).toBe(200);
    expect(await reputation("Gió Bắc")).toMatchObject({ claimedBy: { uid: other.uid }, verified: true });
  });

  it("lets no moderator verify their own claim or uphold their own dispute: another moderator decides", async () => {
    const made = await claim(mod, "Mây Tím");
    expect(made.status, await made.clone().text()).toBe(201);
    const mine = (await made.json()).data as CharacterClaim;
    const sent = await proof(mod, mine.id);
    const proofReport = ((await sent.json()).data as CharacterClaim).proofReportId as number;
    const own = await resolve(mod, proofReport, "verify");
    expect(own.status).toBe(403);
    expect((await own.json()).error.details).toMatchObject({ reason: "own-claim" });
    expect(await reputation("Mây Tím")).toMatchObject({ claimedBy: null, verified: false });

    const victims = await verifiedClaim(victim, "Sương Khói");
    const form = new FormData();
    form.set("kind", "claim-dispute");
    form.set("claimId", String(victims.id));
    form.set("reason", "Của mình mà");
    form.append("images", await png(), "mine.png");
    const disputed = await call(t.app, "/api/reports", { cookie: mod.cookie, body: form });
    expect(disputed.status, await disputed.clone().text()).toBe(201);
    expect((await resolve(mod, (await disputed.json()).data.id, "verify")).status).toBe(403);
    expect(await reputation("Sương Khói")).toMatchObject({ claimedBy: { uid: victim.uid }, verified: true });
    // A claim verified is the claimant's gain, not the community's: it earns no contribution points.
    const points = await t.db.select().from(contributionPoints).where(eq(contributionPoints.uid, victim.uid));
    expect(points.filter((each) => each.reason === "report-upheld")).toEqual([]);
  });
});
