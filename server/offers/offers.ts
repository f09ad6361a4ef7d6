/**
 * Offers between players (issue 20): the book, the thread, the moves, feedback, price alerts and the
 * expiry sweep. Every move asks the pure state machine (universal/offers/offer-machine.ts) and is
 * then written as one `update … where id = ? and version = ?`: of two racing moves exactly one
 * writes; the other reads the offer again and asks the machine again (a second reserve is then
 * refused with 409, a second confirmation completes the trade). Notifications commit with the move;
 * realtime events are published after the commit.
 */
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { foldedQuery } from "../../db/folding.ts";
import {
  authUsers,
  bookPrice,
  characterClaims,
  contentEntries,
  offerFeedback,
  offerReplies,
  offerTraderCounts,
  offers,
  presence,
  priceAlertHits,
  priceAlerts,
  users,
} from "../../db/schema/index.ts";
import { can } from "../../universal/auth/permissions.ts";
import { nextOfferState, stateAt, type OfferActor, type OfferMove, type OfferState } from "../../universal/offers/offer-machine.ts";
import {
  FEEDBACK_REPEAT_WINDOW_MS,
  OFFER_PAGE_MAX,
  type Alert,
  type Feedback,
  type FeedbackNotCountedReason,
  type Offer,
  type OfferDetail,
  type OfferReply,
  type OfferRole,
  type OfferSide,
  type OfferStatus,
  type ReputationCounts,
  type TradePerson,
  type Trader,
} from "../../universal/offers/offer-limits.ts";
import type { PersistedEvent } from "../../universal/realtime/protocol.ts";
import type { Viewer } from "../auth/viewer.ts";
import { consumeRateLimit, type RateRule } from "../auth/rate-limit.ts";
import { AppError } from "../errors.ts";
import { DEFAULT_QUOTAS, holdQuota } from "../quotas.ts";
import type { Logger } from "../logger.ts";
import { recordAudit } from "../moderation/audit-log.ts";
import { notify, type NotificationInput } from "../notifications/notifications.ts";
import type { RealtimeHub } from "../realtime/hub.ts";

type OfferRow = typeof offers.$inferSelect;
type ReplyRow = typeof offerReplies.$inferSelect;

export const OFFER_RATE: RateRule = { max: 30, window: 10 * 60 };
export const REPLY_RATE: RateRule = { max: 30, window: 10 * 60 };
const DAY_MS = 86_400_000;
/** Replies an offer's page shows, and replays to a resuming `offer:{id}` subscriber. */
export const REPLIES_MAX = 200;
/** Offers the expiry sweep moves per statement. */
const SWEEP_BATCH = 500;

export function offerTopic(id: number | string): string {
  return `offer:${id}`;
}

export function bookTopic(itemId: string): string {
  return `offers:${itemId}`;
}

export function offerLink(id: number): string {
  return `/me/make-offer/detail?id=${id}`;
}

// ---------------------------------------------------------------------------------------------
// Who is online: the realtime presence of this process (boot.ts hands it over); without it
// (tests, a process without sockets) nobody is online and "last seen" comes from the database.

let onlineSource: { isOnline(uid: string): boolean } | null = null;

export function setTraderPresence(source: { isOnline(uid: string): boolean } | null): void {
  onlineSource = source;
}

// ---------------------------------------------------------------------------------------------
// Reading

function stateOf(row: OfferRow): OfferState {
  return {
    status: row.status as OfferStatus,
    // Reserved for a reply: its author's account may have been deleted since (counterparty_uid set null).
    reserved: row.reservedReplyId !== null,
    ownerConfirmed: row.ownerConfirmedAt !== null,
    counterpartyConfirmed: row.counterpartyConfirmedAt !== null,
  };
}

/**
 * The offer as of `now`: one past its end that is still open or reserved in the table is expired
 * (the machine's `stateAt`), whether or not the sweep has written that yet. Every row read for an
 * answer, a permission or a move passes through here, so no path lists, reserves or confirms it.
 */
export function asOf(row: OfferRow, now = Date.now()): OfferRow {
  const status = stateAt(stateOf(row), row.expiresAt, now).status;
  return status === row.status ? row : { ...row, status };
}

/** In SQL, the offers whose status as of `now` is `status` (what `asOf` decides for one row). */
function statusIs(status: OfferStatus, now: number): SQL | undefined {
  const live = inArray(offers.status, ["open", "reserved"]);
  switch (status) {
    case "open":
    case "reserved":
      // `+ 0`: nearly every open offer ends in the future, but the planner, taking the status and the
      // end as independent, guessed a few dozen rows and read the whole book through offers_expiry
      // to sort it; so the end is checked on each row read, and the book is read in order (decision 019).
      return and(eq(offers.status, status), gt(sql`${offers.expiresAt} + 0`, now));
    case "expired":
      return or(eq(offers.status, "expired"), and(live, lte(offers.expiresAt, now)));
    default:
      return eq(offers.status, status);
  }
}

const isModerator = (viewer: Viewer | null) => !!viewer && can(viewer.role, "offer:hide");

function roleOf(row: OfferRow, viewer: Viewer | null): OfferRole {
  if (!viewer) return null;
  if (row.ownerUid === viewer.uid) return "owner";
  if (row.counterpartyUid === viewer.uid) return "counterparty";
  return null;
}

/** Open offers are public (unless hidden); the others only their two parties (and moderators) read. */
function mayRead(row: OfferRow, viewer: Viewer | null): boolean {
  if (roleOf(row, viewer) !== null || isModerator(viewer)) return true;
  return row.status === "open" && row.hiddenAt === null;
}

async function people(db: Database, uids: readonly string[]): Promise<Map<string, TradePerson>> {
  const wanted = [...new Set(uids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ uid: users.uid, displayName: sql<string>`coalesce(${users.displayName}, '')`, photoURL: users.photoURL })
    .from(users)
    .where(inArray(users.uid, wanted));
  const found = new Map(rows.map((row) => [row.uid, row]));
  return new Map(wanted.map((uid) => [uid, found.get(uid) ?? { uid, displayName: "", photoURL: null }]));
}

/** Feedback received and completed trades, per member: one row each, kept by triggers (`offer_trader_counts`). */
export async function reputationCounts(db: Database, uids: readonly string[]): Promise<Map<string, ReputationCounts>> {
  const wanted = [...new Set(uids)];
  const counts = new Map(wanted.map((uid) => [uid, { positive: 0, negative: 0, trades: 0 }]));
  if (wanted.length === 0) return counts;
  const rows = await db
    .select({
      uid: offerTraderCounts.uid,
      positive: offerTraderCounts.positive,
      negative: offerTraderCounts.negative,
      trades: offerTraderCounts.trades,
    })
    .from(offerTraderCounts)
    .where(inArray(offerTraderCounts.uid, wanted));
  for (const { uid, ...row } of rows) counts.set(uid, row);
  return counts;
}

async function traders(db: Database, uids: readonly string[]): Promise<Map<string, Trader>> {
  const wanted = [...new Set(uids)];
  if (wanted.length === 0) return new Map();
  const [named, counts, seen] = await Promise.all([
    people(db, wanted),
    reputationCounts(db, wanted),
    db.select().from(presence).where(inArray(presence.uid, wanted)),
  ]);
  const lastSeen = new Map(seen.map((row) => [row.uid, row.lastSeenAt]));
  return new Map(
    wanted.map((uid) => [
      uid,
      {
        ...(named.get(uid) ?? { uid, displayName: "", photoURL: null }),
        online: onlineSource?.isOnline(uid) ?? false,
        lastSeenAt: lastSeen.get(uid) ?? null,
        reputation: counts.get(uid) ?? { positive: 0, negative: 0, trades: 0 },
      },
    ]),
  );
}

function toOffer(row: OfferRow, trader: Trader, counterparty: TradePerson | null, viewer: Viewer | null): Offer {
  return {
    id: row.id,
    side: row.side as OfferSide,
    itemId: row.itemId,
    quantity: row.quantity,
    unitPrice: row.unitPrice,
    server: row.server,
    characterName: row.characterName,
    note: row.note,
    status: row.status as OfferStatus,
    version: row.version,
    trader,
    counterparty,
    reservedReplyId: row.reservedReplyId,
    ownerConfirmedAt: row.ownerConfirmedAt,
    counterpartyConfirmedAt: row.counterpartyConfirmedAt,
    // Why a reservation was released or the offer cancelled is the two parties' business.
    reason: roleOf(row, viewer) === null ? null : row.reason,
    hidden: row.hiddenAt !== null,
    role: roleOf(row, viewer),
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    completedAt: row.completedAt,
  };
}

async function toOffers(db: Database, rows: readonly OfferRow[], viewer: Viewer | null): Promise<Offer[]> {
  const byUid = await traders(
    db,
    rows.map((row) => row.ownerUid),
  );
  const others = await people(
    db,
    rows.flatMap((row) => (row.counterpartyUid ? [row.counterpartyUid] : [])),
  );
  return rows.map((row) =>
    toOffer(row, byUid.get(row.ownerUid) as Trader, row.counterpartyUid ? (others.get(row.counterpartyUid) ?? null) : null, viewer),
  );
}

export interface OffersQuery {
  itemId?: string | undefined;
  side?: OfferSide | undefined;
  server?: string | undefined;
  status?: OfferStatus | undefined;
  mine?: boolean | undefined;
  limit: number;
}

/**
 * The list. Open offers (the default) are public, hidden ones left out; any other status, and
 * `mine`, list only the viewer's own offers and those reserved for them. An item's book sorts
 * sells cheapest first and buys dearest first (sells before buys); `mine` sorts newest first.
 */
export async function listOffers(db: Database, viewer: Viewer | null, query: OffersQuery, now = Date.now()): Promise<Offer[]> {
  const status = query.status ?? (query.mine ? undefined : "open");
  const conditions: (SQL | undefined)[] = [
    query.itemId ? eq(offers.itemId, query.itemId) : undefined,
    query.side ? eq(offers.side, query.side) : undefined,
    query.server ? eq(offers.server, query.server) : undefined,
    // An offer past its end counts as expired (asOf), listed as such before the sweep writes it.
    status ? statusIs(status, now) : undefined,
  ];
  const private_ = query.mine || status !== "open";
  if (private_) {
    if (!viewer) return [];
    if (query.mine) {
      // Newest first, the viewer's own offers and those reserved for them: the newest `limit` of each
      // (an index each, read backwards), merged. Filtered as one, PostgreSQL walked every offer newest
      // first for a busy trader's (7 ms for 200 at 1,000,000 offers, against 3 ms).
      const newest = (party: SQL) =>
        db
          .select({ id: offers.id })
          .from(offers)
          .where(and(...conditions, party))
          .orderBy(desc(offers.id))
          .limit(query.limit);
      const ids = sql`(${newest(eq(offers.ownerUid, viewer.uid))}) union all (${newest(eq(offers.counterpartyUid, viewer.uid))})`;
      const rows = await db
        .select()
        .from(offers)
        .where(sql`${offers.id} in (${ids})`)
        .orderBy(desc(offers.id))
        .limit(query.limit);
      return toOffers(
        db,
        rows.map((row) => asOf(row, now)),
        viewer,
      );
    }
    conditions.push(or(eq(offers.ownerUid, viewer.uid), eq(offers.counterpartyUid, viewer.uid)));
  } else conditions.push(isNull(offers.hiddenAt));
  // One order for every book, one side or both (sells first, cheapest first; buys dearest first),
  // the very expression the open-book indexes hold, so each is read in order (decision 019).
  const order = [desc(offers.side), bookPrice(offers), asc(offers.id)];
  const rows = await db
    .select()
    .from(offers)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(query.limit);
  return toOffers(
    db,
    rows.map((row) => asOf(row, now)),
    viewer,
  );
}

async function offerRow(db: Database, viewer: Viewer | null, id: number, now = Date.now()): Promise<OfferRow> {
  const row = await existingOffer(db, id, now);
  if (!mayRead(row, viewer)) throw new AppError("not-found", "No such offer.");
  return row;
}

/** For moves and feedback: a member who may not make the move is told so (403), even on an offer they cannot read. */
async function existingOffer(db: Database, id: number, now = Date.now()): Promise<OfferRow> {
  const [row] = await db.select().from(offers).where(eq(offers.id, id));
  if (!row) throw new AppError("not-found", "No such offer.");
  return asOf(row, now);
}

function toReply(row: ReplyRow, author: TradePerson): OfferReply {
  return { id: row.id, offerId: row.offerId, author, text: row.text, createdAt: row.createdAt };
}

async function repliesWhere(db: Database, where: SQL | undefined, limit: number): Promise<OfferReply[]> {
  const rows = await db.select().from(offerReplies).where(where).orderBy(asc(offerReplies.id)).limit(limit);
  const authors = await people(
    db,
    rows.map((row) => row.authorUid),
  );
  return rows.map((row) => toReply(row, authors.get(row.authorUid) as TradePerson));
}

async function feedbackWhere(db: Database, where: SQL | undefined, limit = 100): Promise<Feedback[]> {
  const rows = await db
    .select({ row: offerFeedback, itemId: offers.itemId, server: offers.server })
    .from(offerFeedback)
    .innerJoin(offers, eq(offers.id, offerFeedback.offerId))
    .where(where)
    .orderBy(desc(offerFeedback.createdAt))
    .limit(limit);
  const named = await people(
    db,
    rows.flatMap(({ row }) => [row.fromUid, row.toUid]),
  );
  return rows.map(({ row, itemId, server }) => ({
    offerId: row.offerId,
    from: named.get(row.fromUid) as TradePerson,
    to: named.get(row.toUid) as TradePerson,
    score: row.score === 1 ? 1 : -1,
    comment: row.comment,
    subjectName: row.subjectName,
    // The trade's server, also when no character was known when the feedback was left.
    subjectServer: row.subjectServer ?? server,
    itemId,
    createdAt: row.createdAt,
    counts: row.counts,
    notCountedReason: row.counts ? null : ((row.notCountedReason ?? "new-account") as FeedbackNotCountedReason),
  }));
}

export { feedbackWhere };

/**
 * Whether the viewer may leave feedback (once): a party of a trade that happened, both sides having
 * confirmed. Not on one only reserved, released, cancelled or expired: reserving a reply that only
 * asked a question, leaving -1 and cancelling once put a trade that never was on the other's record.
 */
function feedbackAllowed(row: OfferRow, viewer: Viewer | null): boolean {
  return !!viewer && roleOf(row, viewer) !== null && row.counterpartyUid !== null && row.status === "completed";
}

export async function getOffer(db: Database, viewer: Viewer | null, id: number): Promise<OfferDetail> {
  const row = await offerRow(db, viewer, id);
  const [offer] = await toOffers(db, [row], viewer);
  const replies = await repliesWhere(db, and(eq(offerReplies.offerId, id), isNull(offerReplies.hiddenAt)), REPLIES_MAX);
  const feedback = await feedbackWhere(db, eq(offerFeedback.offerId, id));
  return {
    ...(offer as Offer),
    replies,
    feedback,
    canLeaveFeedback: feedbackAllowed(row, viewer) && !feedback.some((each) => each.from.uid === viewer?.uid),
  };
}

// ---------------------------------------------------------------------------------------------
// Writing

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

/** An item's or server's names, or a 400 (`unknown-item`, `unknown-server`) when the pack has no such entry. */
async function assertInPack(db: Database, kind: "items" | "servers", id: string, field: string): Promise<ItemNames> {
  const [entry] = await db
    .select({ itemVi: contentEntries.nameVi, itemEn: contentEntries.nameEn })
    .from(contentEntries)
    .where(and(eq(contentEntries.kind, kind), eq(contentEntries.id, id)));
  const what = kind === "items" ? "item" : "server";
  if (!entry) throw new AppError("invalid-argument", `${field}: no such ${what} in the catalog.`, { reason: `unknown-${what}` });
  return entry;
}

/** An item's names in both languages: notifications carry both, and each language's text names the item in its own. */
interface ItemNames {
  itemVi: string;
  itemEn: string;
}

async function itemNames(db: Database, itemIds: readonly string[]): Promise<Map<string, ItemNames>> {
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: contentEntries.id, itemVi: contentEntries.nameVi, itemEn: contentEntries.nameEn })
    .from(contentEntries)
    .where(and(eq(contentEntries.kind, "items"), inArray(contentEntries.id, ids)));
  return new Map(rows.map(({ id, ...names }) => [id, names]));
}

/** What an offer's notifications carry (the page words them in the reader's language). */
function noticeData(
  row: OfferRow,
  names: ItemNames | undefined,
  extra: Record<string, string | number | null> = {},
): Record<string, string | number | null> {
  return {
    itemVi: names?.itemVi ?? row.itemId,
    itemEn: names?.itemEn ?? row.itemId,
    offerId: row.id,
    itemId: row.itemId,
    side: row.side,
    quantity: row.quantity,
    unitPrice: row.unitPrice,
    server: row.server,
    ...extra,
  };
}

/** Publishes, after commit, what a change to an offer means on its topic and its item's book. */
async function publishOffer(db: Database, hub: RealtimeHub, row: OfferRow, events: readonly PersistedEvent[] = []): Promise<void> {
  hub.publish({
    type: "offer-changed",
    topic: offerTopic(row.id),
    offerId: row.id,
    status: row.status as OfferStatus,
    version: row.version,
  });
  const inBook = asOf(row).status === "open" && row.hiddenAt === null;
  const [offer] = inBook ? await toOffers(db, [row], null) : [];
  hub.publish({ type: "offer-book", topic: bookTopic(row.itemId), offerId: row.id, offer: offer ?? null });
  for (const event of events) hub.publish(event);
}

/**
 * A trader's record changed (a trade completed, feedback received): each book showing one of their
 * open offers hears of that offer again, with the new record (and drops what it kept, market-cache.ts).
 */
async function publishTraders(db: Database, hub: RealtimeHub, uids: readonly (string | null)[], now = Date.now()): Promise<void> {
  const wanted = [...new Set(uids.filter((uid): uid is string => uid !== null))];
  // Each trader's newest open offers, up to a page each: a busy trader does not crowd out the other.
  const rows = (
    await Promise.all(
      wanted.map((uid) =>
        db
          .select()
          .from(offers)
          .where(and(eq(offers.ownerUid, uid), statusIs("open", now), isNull(offers.hiddenAt)))
          .orderBy(desc(offers.id))
          .limit(OFFER_PAGE_MAX),
      ),
    )
  ).flat();
  if (rows.length === 0) return;
  for (const offer of await toOffers(db, rows, null))
    hub.publish({ type: "offer-book", topic: bookTopic(offer.itemId), offerId: offer.id, offer });
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
 * The alerts an offer that opens fires: same item, side and server, the price at or below the
 * alert's `maxPrice` (or at or above its `minPrice`), not the owner's own, nor those of `skipUid`
 * (who just released it). Each alert tells of an offer once, however often it opens again: the
 * alert–offer pair is recorded first (`price_alert_hits`), and only alerts recorded now fire. One
 * notification per member, in the caller's transaction.
 */
async function fireAlerts(
  tx: Database,
  row: OfferRow,
  names: ItemNames | undefined,
  now: number,
  skipUid: string | null = null,
): Promise<PersistedEvent[]> {
  if (row.hiddenAt !== null) return [];
  const alerts = await tx
    .select({ id: priceAlerts.id, uid: priceAlerts.uid })
    .from(priceAlerts)
    .where(
      and(
        eq(priceAlerts.itemId, row.itemId),
        eq(priceAlerts.side, row.side),
        eq(priceAlerts.server, row.server),
        ne(priceAlerts.uid, row.ownerUid),
        skipUid ? ne(priceAlerts.uid, skipUid) : undefined,
        or(sql`${priceAlerts.maxPrice} >= ${row.unitPrice}`, sql`${priceAlerts.minPrice} <= ${row.unitPrice}`),
      ),
    );
  if (alerts.length === 0) return [];
  const fresh = await tx
    .insert(priceAlertHits)
    .values(alerts.map((alert) => ({ alertId: alert.id, offerId: row.id, firedAt: now })))
    .onConflictDoNothing()
    .returning({ alertId: priceAlertHits.alertId });
  if (fresh.length === 0) return [];
  const firing = new Set(fresh.map((hit) => hit.alertId));
  await tx
    .update(priceAlerts)
    .set({ lastFiredAt: now })
    .where(inArray(priceAlerts.id, [...firing]));
  const uids = new Set(alerts.filter((alert) => firing.has(alert.id)).map((alert) => alert.uid));
  return notify(
    tx,
    [...uids].map((uid): NotificationInput => ({
      uid,
      kind: "price-alert",
      actorUid: row.ownerUid,
      link: offerLink(row.id),
      data: noticeData(row, names),
    })),
    now,
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
): Promise<Offer> {
  const clientId = input.clientId ?? randomBytes(12).toString("base64url");
  const [existing] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.ownerUid, viewer.uid), eq(offers.clientId, clientId)));
  if (existing) return (await toOffers(db, [asOf(existing, now)], viewer))[0] as Offer;
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
  if (!row) return createOffer(db, hub, viewer, { ...input, clientId }, now, openOffersMax);
  await publishOffer(db, hub, row, events);
  return (await toOffers(db, [row], viewer))[0] as Offer;
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
    if (existing.offerId !== offerId) throw new AppError("invalid-argument", "clientId: already used for another reply.");
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

function actorOf(row: OfferRow, viewer: Viewer): OfferActor {
  if (row.ownerUid === viewer.uid) return "owner";
  if (row.counterpartyUid === viewer.uid && row.status !== "open") return "counterparty";
  return "stranger";
}

const refusals = {
  "permission-denied": () => new AppError("permission-denied", "You may not make this move on this offer."),
  "failed-precondition": (row: OfferRow) =>
    new AppError("failed-precondition", `This offer is ${row.status}: the move is not possible now.`, { status: row.status }),
};

/** How many times a move reads the offer again after losing a race, before giving up with 409. */
const MOVE_ATTEMPTS = 5;

export type MoveInput =
  | { move: "reserve"; replyId: number }
  | { move: "unreserve"; reason: string }
  | { move: "confirm" }
  | { move: "cancel"; reason: string | null };

/**
 * One move by a member: the machine decides on the offer as read; the write is
 * `update … where id = ? and version = ?`; on losing a race the offer is read again and the machine
 * asked again. The move's notifications commit with it.
 */
export async function moveOffer(
  db: Database,
  hub: RealtimeHub,
  viewer: Viewer,
  id: number,
  input: MoveInput,
  now = Date.now(),
): Promise<Offer> {
  let names: ItemNames | undefined;
  for (let attempt = 0; attempt < MOVE_ATTEMPTS; attempt++) {
    const row = await existingOffer(db, id, now);
    const actor = actorOf(row, viewer);
    const decided = nextOfferState(stateOf(row), actor, input.move as OfferMove);
    if (!decided.ok) throw refusals[decided.refusal](row);
    if (row.hiddenAt !== null && input.move === "reserve") throw refusals["failed-precondition"](row);
    names ??= (await itemNames(db, [row.itemId])).get(row.itemId);
    const set: Partial<OfferRow> = { status: decided.state.status, version: row.version + 1, updatedAt: now };
    const notices: NotificationInput[] = [];
    const other = actor === "owner" ? row.counterpartyUid : row.ownerUid;
    const base = { actorUid: viewer.uid, link: offerLink(id) };
    switch (input.move) {
      case "reserve": {
        const [reply] = await db
          .select()
          .from(offerReplies)
          .where(and(eq(offerReplies.id, input.replyId), eq(offerReplies.offerId, id), isNull(offerReplies.hiddenAt)));
        if (!reply) throw new AppError("invalid-argument", "replyId: no such reply in this offer's thread.", { reason: "reply" });
        if (reply.authorUid === row.ownerUid)
          throw new AppError("invalid-argument", "replyId: reserve for another member's reply.", { reason: "reply" });
        Object.assign(set, {
          reservedReplyId: reply.id,
          counterpartyUid: reply.authorUid,
          ownerConfirmedAt: null,
          counterpartyConfirmedAt: null,
          reason: null,
        });
        notices.push({ ...base, uid: reply.authorUid, kind: "offer-reserved", data: noticeData(row, names) });
        break;
      }
      case "unreserve":
        Object.assign(set, {
          reservedReplyId: null,
          counterpartyUid: null,
          ownerConfirmedAt: null,
          counterpartyConfirmedAt: null,
          reason: input.reason,
        });
        if (other) notices.push({ ...base, uid: other, kind: "offer-cancelled", data: noticeData(row, names, { reason: input.reason }) });
        break;
      case "confirm":
        Object.assign(set, actor === "owner" ? { ownerConfirmedAt: now } : { counterpartyConfirmedAt: now });
        if (decided.state.status === "completed") {
          set.completedAt = now;
          for (const uid of [row.ownerUid, row.counterpartyUid])
            if (uid) notices.push({ ...base, uid, kind: "offer-completed", data: noticeData(row, names) });
        } else if (other) notices.push({ ...base, uid: other, kind: "offer-confirm", data: noticeData(row, names) });
        break;
      case "cancel":
        set.reason = input.reason;
        if (row.counterpartyUid)
          notices.push({
            ...base,
            uid: row.counterpartyUid,
            kind: "offer-cancelled",
            data: noticeData(row, names, { reason: input.reason }),
          });
        break;
    }
    const outcome = await db.transaction(async (tx) => {
      const [moved] = await tx
        .update(offers)
        .set(set)
        .where(and(eq(offers.id, id), eq(offers.version, row.version)))
        .returning();
      if (!moved) return undefined;
      const events = await notify(tx, notices, now);
      // Open again (a reservation released): the price alerts that have not told of it yet fire now.
      if (moved.status === "open") events.push(...(await fireAlerts(tx, moved, names, now, viewer.uid)));
      return { moved, events };
    });
    if (!outcome) continue;
    await publishOffer(db, hub, outcome.moved, outcome.events);
    if (outcome.moved.status === "completed") await publishTraders(db, hub, [outcome.moved.ownerUid, outcome.moved.counterpartyUid], now);
    return (await toOffers(db, [outcome.moved], viewer))[0] as Offer;
  }
  throw new AppError("failed-precondition", "The offer keeps changing; read it again.", { reason: "busy" });
}

/** `PATCH /api/offers/{id} {hidden}`: a moderator hides or restores an offer, audited. */
export async function hideOffer(
  db: Database,
  hub: RealtimeHub,
  moderator: Viewer,
  id: number,
  hidden: boolean,
  now = Date.now(),
): Promise<Offer> {
  if (!can(moderator.role, "offer:hide")) throw new AppError("permission-denied", "Only moderators can hide offers.");
  const row = await offerRow(db, moderator, id, now);
  const moved = await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(offers)
      .set(
        hidden
          ? { hiddenAt: row.hiddenAt ?? now, hiddenBy: moderator.uid, version: sql`${offers.version} + 1` }
          : { hiddenAt: null, hiddenBy: null, version: sql`${offers.version} + 1` },
      )
      .where(eq(offers.id, id))
      .returning();
    await recordAudit(
      tx,
      { actorUid: moderator.uid, action: "offer.hide", targetKind: "offer", targetId: String(id), data: { hidden } },
      now,
    );
    return changed as OfferRow;
  });
  await publishOffer(db, hub, moved);
  return (await toOffers(db, [asOf(moved, now)], moderator))[0] as Offer;
}

/** Hides an offer inside a moderation decision's transaction (a reported offer upheld). */
export async function hideOfferIn(tx: Database, moderator: Viewer, id: number, now: number): Promise<OfferRow | undefined> {
  const [changed] = await tx
    .update(offers)
    .set({ hiddenAt: now, hiddenBy: moderator.uid, version: sql`${offers.version} + 1` })
    .where(and(eq(offers.id, id), isNull(offers.hiddenAt)))
    .returning();
  return changed;
}

export { publishOffer };

// ---------------------------------------------------------------------------------------------
// Feedback

/** The feedback rules a deployment sets (server/config.ts). */
export interface FeedbackRules {
  /** A giver's account younger than this leaves feedback that counts in no total; 0: no such rule. */
  feedbackMinAccountAgeHours: number;
}

/**
 * Whether feedback from `fromUid` to `toUid` left at `now` counts in the totals, and if not why:
 * the giver's account is newer than the setting, or the giver's feedback to the same member already
 * counted in the 30 days before. Asked inside the transaction that inserts it, under a lock on the
 * pair, so that of two left at once (two trades between the same two members) only one counts.
 * The pair is ordered: each side of one trade leaves feedback about the other, and both count.
 */
async function feedbackCounts(
  tx: Database,
  fromUid: string,
  toUid: string,
  rules: FeedbackRules,
  now: number,
): Promise<{ counts: boolean; notCountedReason: FeedbackNotCountedReason | null }> {
  if (rules.feedbackMinAccountAgeHours > 0) {
    const [giver] = await tx.select({ createdAt: authUsers.createdAt }).from(authUsers).where(eq(authUsers.id, fromUid));
    const age = now - (giver?.createdAt.getTime() ?? now);
    if (age < rules.feedbackMinAccountAgeHours * 3_600_000) return { counts: false, notCountedReason: "new-account" };
  }
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`feedback:${fromUid}>${toUid}`}))`);
  const [counted] = await tx
    .select({ offerId: offerFeedback.offerId })
    .from(offerFeedback)
    .where(
      and(
        eq(offerFeedback.fromUid, fromUid),
        eq(offerFeedback.toUid, toUid),
        eq(offerFeedback.counts, true),
        gt(offerFeedback.createdAt, now - FEEDBACK_REPEAT_WINDOW_MS),
      ),
    )
    .limit(1);
  return counted ? { counts: false, notCountedReason: "repeat-pair" } : { counts: true, notCountedReason: null };
}

/**
 * Each party once per offer, about the other, once the trade completed (both confirmed). The
 * subject character: the offer's for its owner; the counterparty's verified claim on the
 * offer's server, if any. Whether it counts is decided as it is written (`feedbackCounts`).
 */
export async function leaveFeedback(
  db: Database,
  hub: RealtimeHub,
  viewer: Viewer,
  offerId: number,
  input: { score: 1 | -1; comment: string },
  rules: FeedbackRules,
  now = Date.now(),
): Promise<Feedback> {
  const row = await existingOffer(db, offerId, now);
  const role = roleOf(row, viewer);
  if (role === null) throw new AppError("permission-denied", "Only the two sides of a trade leave feedback on it.");
  if (!feedbackAllowed(row, viewer) || !row.counterpartyUid)
    throw new AppError("failed-precondition", "Feedback comes once the trade is completed: both of you confirmed it.", {
      reason: "not-completed",
      status: row.status,
    });
  const toUid = role === "owner" ? row.counterpartyUid : row.ownerUid;
  let subject: { name: string; server: string } | null;
  if (role === "counterparty") subject = { name: row.characterName, server: row.server };
  else {
    const [claim] = await db
      .select({ name: characterClaims.name, server: characterClaims.server })
      .from(characterClaims)
      .where(and(eq(characterClaims.uid, toUid), eq(characterClaims.server, row.server), eq(characterClaims.status, "verified")))
      .orderBy(asc(characterClaims.id))
      .limit(1);
    subject = claim ?? null;
  }
  const inserted = await db.transaction(async (tx) =>
    tx
      .insert(offerFeedback)
      .values({
        offerId,
        fromUid: viewer.uid,
        toUid,
        score: input.score,
        comment: input.comment,
        subjectName: subject?.name ?? null,
        subjectServer: subject?.server ?? null,
        createdAt: now,
        ...(await feedbackCounts(tx, viewer.uid, toUid, rules, now)),
      })
      .onConflictDoNothing()
      .returning(),
  );
  if (inserted.length === 0) throw new AppError("conflict", "You already left feedback on this trade.", { reason: "already" });
  await publishTraders(db, hub, [toUid], now);
  hub.publish({ type: "offer-feedback", topic: offerTopic(offerId), offerId });
  const [feedback] = await feedbackWhere(db, and(eq(offerFeedback.offerId, offerId), eq(offerFeedback.fromUid, viewer.uid)), 1);
  return feedback as Feedback;
}

// ---------------------------------------------------------------------------------------------
// Price alerts

function toAlert(row: typeof priceAlerts.$inferSelect): Alert {
  return {
    id: row.id,
    itemId: row.itemId,
    side: row.side as OfferSide,
    server: row.server,
    maxPrice: row.maxPrice,
    minPrice: row.minPrice,
    createdAt: row.createdAt,
    lastFiredAt: row.lastFiredAt,
  };
}

export async function createAlert(
  db: Database,
  viewer: Viewer,
  input: { itemId: string; side: OfferSide; server: string; maxPrice?: number | undefined; minPrice?: number | undefined },
  now = Date.now(),
  limit = DEFAULT_QUOTAS["price-alerts"],
): Promise<Alert> {
  await assertInPack(db, "items", input.itemId, "itemId");
  await assertInPack(db, "servers", input.server, "server");
  return db.transaction(async (tx) => {
    await holdQuota(tx, viewer.uid, "price-alerts", limit, async () => {
      const [count] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(priceAlerts)
        .where(eq(priceAlerts.uid, viewer.uid));
      return count?.count ?? 0;
    });
    const [row] = await tx
      .insert(priceAlerts)
      .values({
        uid: viewer.uid,
        itemId: input.itemId,
        side: input.side,
        server: input.server,
        maxPrice: input.maxPrice ?? null,
        minPrice: input.minPrice ?? null,
        createdAt: now,
      })
      .returning();
    return toAlert(row as typeof priceAlerts.$inferSelect);
  });
}

export async function listAlerts(db: Database, viewer: Viewer): Promise<Alert[]> {
  const rows = await db.select().from(priceAlerts).where(eq(priceAlerts.uid, viewer.uid)).orderBy(desc(priceAlerts.id));
  return rows.map(toAlert);
}

/** One alert of the viewer's; another member's answers 404, like one that does not exist. */
export async function getAlert(db: Database, viewer: Viewer, id: number): Promise<Alert> {
  const [row] = await db
    .select()
    .from(priceAlerts)
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.uid, viewer.uid)));
  if (!row) throw new AppError("not-found", "No such alert.");
  return toAlert(row);
}

/** Only its owner deletes an alert; another's answers 404, like one that does not exist. */
export async function deleteAlert(db: Database, viewer: Viewer, id: number): Promise<void> {
  const deleted = await db
    .delete(priceAlerts)
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.uid, viewer.uid)))
    .returning({ id: priceAlerts.id });
  if (deleted.length === 0) throw new AppError("not-found", "No such alert.");
}

// ---------------------------------------------------------------------------------------------
// Expiry

/**
 * Writes `expired` on offers past their end, each exactly once however many processes sweep at the
 * same time. Each batch takes the due rows with `for update skip locked` (a row another sweep holds
 * is skipped; one it has already moved no longer matches when the lock is taken), asks the state
 * machine for the system's `expire` move on each, and writes its answer while the locks are held,
 * from the status the machine saw (one statement per distinct move). The owners (and
 * counterparties) are notified in the same transaction; the events go out after it commits.
 */
export async function expireOffers(db: Database, hub: RealtimeHub, now = Date.now()): Promise<number> {
  let total = 0;
  for (;;) {
    const { taken, rows, events } = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(offers)
        .where(and(inArray(offers.status, ["open", "reserved"]), lte(offers.expiresAt, now)))
        .orderBy(asc(offers.expiresAt), asc(offers.id))
        .limit(SWEEP_BATCH)
        .for("update", { skipLocked: true });
      // The machine decides each row; rows that make the same move are written together.
      const moves = new Map<string, { from: OfferStatus; to: OfferStatus; ids: number[] }>();
      for (const row of due) {
        const decided = nextOfferState(stateOf(row), "system", "expire");
        if (!decided.ok) continue;
        const from = row.status as OfferStatus;
        const key = `${from}>${decided.state.status}`;
        const group = moves.get(key) ?? { from, to: decided.state.status, ids: [] };
        group.ids.push(row.id);
        moves.set(key, group);
      }
      const expired: OfferRow[] = [];
      for (const { from, to, ids } of moves.values())
        expired.push(
          ...(await tx
            .update(offers)
            .set({ status: to, version: sql`${offers.version} + 1`, updatedAt: now })
            .where(and(inArray(offers.id, ids), eq(offers.status, from)))
            .returning()),
        );
      const names = await itemNames(
        tx,
        expired.map((row) => row.itemId),
      );
      const notices = expired.flatMap((row) =>
        [row.ownerUid, row.counterpartyUid].flatMap((uid): NotificationInput[] =>
          uid
            ? [{ uid, kind: "offer-expired", actorUid: null, link: offerLink(row.id), data: noticeData(row, names.get(row.itemId)) }]
            : [],
        ),
      );
      return { taken: due.length, rows: expired, events: await notify(tx, notices, now) };
    });
    for (const row of rows) await publishOffer(db, hub, row);
    for (const event of events) hub.publish(event);
    total += rows.length;
    // A full batch may have more behind it; a batch the machine moved none of would come back the same.
    if (taken < SWEEP_BATCH || rows.length === 0) return total;
  }
}

/** Sweeps every `everyMs` (first soon after start); returns the function that stops it. */
export function startOfferExpiry(db: Database, hub: RealtimeHub, logger: Logger, everyMs = 60_000): () => void {
  let running = false;
  const sweep = () => {
    if (running) return;
    running = true;
    expireOffers(db, hub)
      .then((count) => {
        if (count > 0) logger.info("offers expired", { count });
      })
      .catch((error: unknown) => logger.warn("the offer expiry sweep failed; it runs again soon", { error }))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(sweep, Math.min(5_000, everyMs));
  const timer = setInterval(sweep, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

// ---------------------------------------------------------------------------------------------
// Realtime: `offer:{id}` (replies; readers of the offer) and `offers:{itemId}` (the book; anyone)

export async function mayReadOffer(db: Database, viewer: Viewer | null, id: string): Promise<boolean> {
  const offerId = Number(id);
  if (!Number.isSafeInteger(offerId) || offerId < 1) return false;
  const [row] = await db.select().from(offers).where(eq(offers.id, offerId));
  return !!row && mayRead(asOf(row), viewer);
}

export async function offerLastReplyId(db: Database, id: string): Promise<number | null> {
  const offerId = Number(id);
  if (!Number.isSafeInteger(offerId)) return null;
  const [row] = await db
    .select({ last: sql<string | number | null>`max(${offerReplies.id})` })
    .from(offerReplies)
    .where(eq(offerReplies.offerId, offerId));
  return row?.last === null || row?.last === undefined ? null : Number(row.last);
}

export async function offerRepliesAfter(db: Database, id: string, afterId: number): Promise<PersistedEvent[] | undefined> {
  const offerId = Number(id);
  if (!Number.isSafeInteger(offerId)) return [];
  const rows = await repliesWhere(
    db,
    and(eq(offerReplies.offerId, offerId), gt(offerReplies.id, afterId), isNull(offerReplies.hiddenAt)),
    REPLIES_MAX + 1,
  );
  if (rows.length > REPLIES_MAX) return undefined;
  return rows.map((reply) => ({ type: "offer-reply", topic: offerTopic(offerId), id: reply.id, reply }));
}
