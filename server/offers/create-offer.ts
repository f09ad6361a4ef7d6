/**
 * Posting: an offer (`POST /api/offers`) and a reply in its thread (`POST /api/offers/{id}/replies`),
 * each once per client id, within the member's rate and quota. An offer's price alerts fire as it
 * is written; the owner or the other party hears of a reply.
 */
import { randomBytes } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { foldedQuery } from "../../db/folding.ts";
import { characterClaims, offerReplies, offers } from "../../db/schema/index.ts";
import { OFFER_RATE, REPLY_RATE } from "../../universal/offers/offer-limits.ts";
import type { Offer, OfferReply, OfferSide, TradePerson } from "../../universal/offers/offer-types.ts";
import type { Viewer } from "../auth/viewer.ts";
import { consumeRateLimit } from "../auth/rate-limit.ts";
import { AppError } from "../errors.ts";
import { DEFAULT_QUOTAS, holdQuota } from "../quotas.ts";
import { notify } from "../notifications/notifications.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { assertInPack, itemNames, noticeData, offerLink } from "./offer-notices.ts";
import { asOf, nobodyOnline, offerRow, people, roleOf, statusIs, toOffers, toReply, type TraderPresence } from "./offer-rows.ts";
import { offerTopic, publishOffer } from "./offer-topic.ts";
import { fireAlerts } from "./price-alerts.ts";

const DAY_MS = 86_400_000;

async function limit(db: Database, viewer: Viewer, what: "offer" | "reply", now: number): Promise<void> {
  const rule = what === "offer" ? OFFER_RATE : REPLY_RATE;
  const decision = await consumeRateLimit(db, `offer-${what}:${viewer.uid}`, rule, now);
  if (!decision.allowed)
    throw new AppError(
      "resource-exhausted",
      `At most ${rule.max} ${what === "offer" ? "offers" : "replies"} in ${rule.window / 60} minutes.`,
      {
        reason: "rate-limit",
        retryAfter: decision.retryAfter,
      },
    );
}

/** The account's open offers (as of `now`) stay under its quota: counted under the quota's lock in `tx`. */
function holdOpenOffersQuota(tx: Database, uid: string, now: number, limit: number): Promise<void> {
  return holdQuota(tx, uid, "open-offers", limit, async () => {
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(offers)
      .where(and(eq(offers.ownerUid, uid), statusIs("open", now)));
    return row?.count ?? 0;
  });
}

/**
 * A character another member has proven theirs (a verified claim, folded name and server) is theirs
 * to trade under: anyone else's offer naming it is refused, so nobody builds or ruins its record.
 */
async function assertCharacterFree(db: Database, viewer: Viewer, characterName: string, server: string): Promise<void> {
  const [claimed] = await db
    .select({ id: characterClaims.id })
    .from(characterClaims)
    .where(
      and(
        sql`f_unaccent(lower(${characterClaims.name})) = ${foldedQuery(characterName)}`,
        eq(characterClaims.server, server),
        eq(characterClaims.status, "verified"),
        ne(characterClaims.uid, viewer.uid),
      ),
    )
    .limit(1);
  if (claimed) throw new AppError("character-claimed", "Another member has proven this character is theirs.");
}

export interface CreateOfferInput {
  side: OfferSide;
  itemId: string;
  quantity: number;
  unitPrice: number;
  server: string;
  characterName: string;
  note: string | null;
  expiresInDays: number;
  clientId?: string | undefined;
}

/**
 * Posts an offer once per client id (the same id again answers the offer already made). The offer
 * and the notifications of the price alerts it fires commit together; the item's book hears of it after.
 */
export async function createOffer(
  db: Database,
  hub: RealtimeHub,
  viewer: Viewer,
  input: CreateOfferInput,
  now = Date.now(),
  openOffersMax = DEFAULT_QUOTAS["open-offers"],
  presence: TraderPresence = nobodyOnline,
): Promise<Offer> {
  const clientId = input.clientId ?? randomBytes(12).toString("base64url");
  const [existing] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.ownerUid, viewer.uid), eq(offers.clientId, clientId)));
  if (existing) return (await toOffers(db, [asOf(existing, now)], viewer, presence))[0] as Offer;
  const names = await assertInPack(db, "items", input.itemId, "itemId");
  await assertInPack(db, "servers", input.server, "server");
  await assertCharacterFree(db, viewer, input.characterName, input.server);
  await limit(db, viewer, "offer", now);
  const { row, events } = await db.transaction(async (tx) => {
    await holdOpenOffersQuota(tx, viewer.uid, now, openOffersMax);
    const [inserted] = await tx
      .insert(offers)
      .values({
        ownerUid: viewer.uid,
        clientId,
        side: input.side,
        itemId: input.itemId,
        quantity: input.quantity,
        unitPrice: input.unitPrice,
        server: input.server,
        characterName: input.characterName,
        note: input.note,
        expiresAt: now + input.expiresInDays * DAY_MS,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) return { row: undefined, events: [] };
    return { row: inserted, events: await fireAlerts(tx, inserted, names, now) };
  });
  // A retry that raced the first request: the first one's offer.
  if (!row) return createOffer(db, hub, viewer, { ...input, clientId }, now, openOffersMax, presence);
  await publishOffer(db, hub, presence, row, events);
  return (await toOffers(db, [row], viewer, presence))[0] as Offer;
}

/**
 * A reply in an offer's thread, once per client id: anyone who may read the offer, while it is open
 * or reserved. The owner hears of others' replies; a reply on a reserved offer reaches the other party.
 * Replies of one offer commit in id order (a lock per offer), so a subscriber never misses one.
 */
export async function createReply(
  db: Database,
  hub: RealtimeHub,
  viewer: Viewer,
  offerId: number,
  input: { text: string; clientId?: string | undefined },
  now = Date.now(),
): Promise<OfferReply> {
  const clientId = input.clientId ?? randomBytes(12).toString("base64url");
  const find = async () =>
    (
      await db
        .select()
        .from(offerReplies)
        .where(and(eq(offerReplies.authorUid, viewer.uid), eq(offerReplies.clientId, clientId)))
    )[0];
  const existing = await find();
  if (existing) {
    if (existing.offerId !== offerId)
      throw new AppError("invalid-argument", "clientId: already used for another reply.", { field: "clientId" });
    return toReply(existing, (await people(db, [viewer.uid])).get(viewer.uid) as TradePerson);
  }
  const offer = await offerRow(db, viewer, offerId, now);
  if (offer.status !== "open" && offer.status !== "reserved")
    throw new AppError("failed-precondition", "This offer takes no more replies.", { status: offer.status });
  if (offer.hiddenAt !== null && roleOf(offer, viewer) === null) throw new AppError("not-found", "No such offer.");
  await limit(db, viewer, "reply", now);
  const names = (await itemNames(db, [offer.itemId])).get(offer.itemId);
  const { row, events } = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${offerTopic(offerId)}))`);
    const [inserted] = await tx
      .insert(offerReplies)
      .values({ offerId, authorUid: viewer.uid, clientId, text: input.text, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!inserted) return { row: undefined, events: [] };
    const to = viewer.uid === offer.ownerUid ? (offer.status === "reserved" ? offer.counterpartyUid : null) : offer.ownerUid;
    const notices = to
      ? await notify(
          tx,
          [
            {
              uid: to,
              kind: "offer-reply",
              actorUid: viewer.uid,
              link: offerLink(offerId),
              data: noticeData(offer, names, { excerpt: input.text.slice(0, 120) }),
            },
          ],
          now,
        )
      : [];
    return { row: inserted, events: notices };
  });
  if (!row) {
    const raced = await find();
    if (!raced) throw new AppError("internal", "The reply was not saved.");
    return toReply(raced, (await people(db, [viewer.uid])).get(viewer.uid) as TradePerson);
  }
  const reply = toReply(row, (await people(db, [viewer.uid])).get(viewer.uid) as TradePerson);
  hub.publish({ type: "offer-reply", topic: offerTopic(offerId), id: row.id, reply });
  for (const event of events) hub.publish(event);
  return reply;
}
