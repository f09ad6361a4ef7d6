/**
 * The offers' realtime topics: `offer:{id}`, an offer's thread (its replies, stored; its moves, as
 * they happen), for whoever may read the offer; `offers:{itemId}`, an item's book (offers entering
 * and leaving it, as they happen), for anyone. Also what each change to an offer publishes on them.
 */
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { contentEntries, offerReplies, offers } from "../../db/schema/index.ts";
import { OFFER_PAGE_MAX, REPLIES_MAX } from "../../universal/offers/offer-limits.ts";
import type { OfferStatus } from "../../universal/offers/offer-types.ts";
import type { PersistedEvent } from "../../universal/realtime/protocol.ts";
import { isPackId } from "../../universal/schemas.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import type { TopicSource } from "../realtime/topic-source.ts";
import { asOf, mayRead, repliesWhere, statusIs, toOffers, type OfferRow, type TraderPresence } from "./offer-rows.ts";

export function offerTopic(id: number | string): string {
  return `offer:${id}`;
}

export function bookTopic(itemId: string): string {
  return `offers:${itemId}`;
}

async function mayReadOffer(db: Database, viewer: Viewer | null, id: string): Promise<boolean> {
  const offerId = Number(id);
  if (!Number.isSafeInteger(offerId) || offerId < 1) return false;
  const [row] = await db.select().from(offers).where(eq(offers.id, offerId));
  return !!row && mayRead(asOf(row), viewer);
}

async function offerLastReplyId(db: Database, id: string): Promise<number | null> {
  const offerId = Number(id);
  if (!Number.isSafeInteger(offerId)) return null;
  const [row] = await db
    .select({ last: sql<string | number | null>`max(${offerReplies.id})` })
    .from(offerReplies)
    .where(eq(offerReplies.offerId, offerId));
  return row?.last === null || row?.last === undefined ? null : Number(row.last);
}

async function offerRepliesAfter(db: Database, id: string, afterId: number): Promise<PersistedEvent[] | undefined> {
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

/** Publishes, after commit, what a change to an offer means on its topic and its item's book. */
export async function publishOffer(
  db: Database,
  hub: RealtimeHub,
  presence: TraderPresence,
  row: OfferRow,
  events: readonly PersistedEvent[] = [],
): Promise<void> {
  hub.publish({
    type: "offer-changed",
    topic: offerTopic(row.id),
    offerId: row.id,
    status: row.status as OfferStatus,
    version: row.version,
  });
  const inBook = asOf(row).status === "open" && row.hiddenAt === null;
  const [offer] = inBook ? await toOffers(db, [row], null, presence) : [];
  hub.publish({ type: "offer-book", topic: bookTopic(row.itemId), offerId: row.id, offer: offer ?? null });
  for (const event of events) hub.publish(event);
}

/**
 * A trader's record changed (a trade completed, feedback received): each book showing one of their
 * open offers hears of that offer again, with the new record (and drops what it kept, market-cache.ts).
 */
export async function publishTraders(
  db: Database,
  hub: RealtimeHub,
  presence: TraderPresence,
  uids: readonly (string | null)[],
  now = Date.now(),
): Promise<void> {
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
  for (const offer of await toOffers(db, rows, null, presence))
    hub.publish({ type: "offer-book", topic: bookTopic(offer.itemId), offerId: offer.id, offer });
}

export function offerThreadTopic(db: Database): TopicSource {
  return {
    mayRead: (viewer, id) => mayReadOffer(db, viewer, id),
    lastId: (id) => offerLastReplyId(db, id),
    eventsAfter: (id, afterId) => offerRepliesAfter(db, id, afterId),
  };
}

/** `offers:{itemId}` names an item of the pack: a topic for an item that does not exist is refused. */
export function offerBookTopic(db: Database): TopicSource {
  return {
    async mayRead(_viewer, itemId) {
      if (!isPackId(itemId)) return false;
      const [item] = await db
        .select({ id: contentEntries.id })
        .from(contentEntries)
        .where(and(eq(contentEntries.kind, "items"), eq(contentEntries.id, itemId)));
      return item !== undefined;
    },
    lastId: async () => null,
    eventsAfter: async () => [],
  };
}
