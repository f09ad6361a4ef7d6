/**
 * How an offer's rows become answers: its status as of now (an offer past its end reads as expired
 * before the sweep writes it), who the viewer is to it and whether they may read it, and the traders,
 * replies and people an answer names. Every reading and writing file of the domain builds on these.
 */
import { and, asc, eq, gt, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { offerReplies, offerTraderCounts, offers, presence as presenceRows, users } from "../../db/schema/index.ts";
import { can } from "../../universal/auth/permissions.ts";
import { stateAt, type OfferState } from "../../universal/offers/offer-machine.ts";
import type {
  Offer,
  OfferReply,
  OfferRole,
  OfferSide,
  OfferStatus,
  ReputationCounts,
  TradePerson,
  Trader,
} from "../../universal/offers/offer-types.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";

export type OfferRow = typeof offers.$inferSelect;
type ReplyRow = typeof offerReplies.$inferSelect;

/**
 * Who is online: the realtime presence of the process, which boot.ts hands to the routes, the
 * reports and the expiry sweep. Without one (tests, scripts, a process without sockets) nobody is
 * online and "last seen" comes from the database.
 */
export interface TraderPresence {
  isOnline(uid: string): boolean;
}

export const nobodyOnline: TraderPresence = { isOnline: () => false };

export function stateOf(row: OfferRow): OfferState {
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
export function statusIs(status: OfferStatus, now: number): SQL | undefined {
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

export function roleOf(row: OfferRow, viewer: Viewer | null): OfferRole {
  if (!viewer) return null;
  if (row.ownerUid === viewer.uid) return "owner";
  if (row.counterpartyUid === viewer.uid) return "counterparty";
  return null;
}

/** Open offers are public (unless hidden); the others only their two parties (and moderators) read. */
export function mayRead(row: OfferRow, viewer: Viewer | null): boolean {
  if (roleOf(row, viewer) !== null || isModerator(viewer)) return true;
  return row.status === "open" && row.hiddenAt === null;
}

export async function offerRow(db: Database, viewer: Viewer | null, id: number, now = Date.now()): Promise<OfferRow> {
  const row = await existingOffer(db, id, now);
  if (!mayRead(row, viewer)) throw new AppError("not-found", "No such offer.");
  return row;
}

/** For moves and feedback: a member who may not make the move is told so (403), even on an offer they cannot read. */
export async function existingOffer(db: Database, id: number, now = Date.now()): Promise<OfferRow> {
  const [row] = await db.select().from(offers).where(eq(offers.id, id));
  if (!row) throw new AppError("not-found", "No such offer.");
  return asOf(row, now);
}

export async function people(db: Database, uids: readonly string[]): Promise<Map<string, TradePerson>> {
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

async function traders(db: Database, uids: readonly string[], presence: TraderPresence): Promise<Map<string, Trader>> {
  const wanted = [...new Set(uids)];
  if (wanted.length === 0) return new Map();
  const [named, counts, seen] = await Promise.all([
    people(db, wanted),
    reputationCounts(db, wanted),
    db.select().from(presenceRows).where(inArray(presenceRows.uid, wanted)),
  ]);
  const lastSeen = new Map(seen.map((row) => [row.uid, row.lastSeenAt]));
  return new Map(
    wanted.map((uid) => [
      uid,
      {
        ...(named.get(uid) ?? { uid, displayName: "", photoURL: null }),
        online: presence.isOnline(uid),
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

export async function toOffers(db: Database, rows: readonly OfferRow[], viewer: Viewer | null, presence: TraderPresence): Promise<Offer[]> {
  const byUid = await traders(
    db,
    rows.map((row) => row.ownerUid),
    presence,
  );
  const others = await people(
    db,
    rows.flatMap((row) => (row.counterpartyUid ? [row.counterpartyUid] : [])),
  );
  return rows.map((row) =>
    toOffer(row, byUid.get(row.ownerUid) as Trader, row.counterpartyUid ? (others.get(row.counterpartyUid) ?? null) : null, viewer),
  );
}

export function toReply(row: ReplyRow, author: TradePerson): OfferReply {
  return { id: row.id, offerId: row.offerId, author, text: row.text, createdAt: row.createdAt };
}

export async function repliesWhere(db: Database, where: SQL | undefined, limit: number): Promise<OfferReply[]> {
  const rows = await db.select().from(offerReplies).where(where).orderBy(asc(offerReplies.id)).limit(limit);
  const authors = await people(
    db,
    rows.map((row) => row.authorUid),
  );
  return rows.map((row) => toReply(row, authors.get(row.authorUid) as TradePerson));
}
