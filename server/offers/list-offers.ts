/**
 * The offers list (`GET /api/offers`, the "my offers" page): an item's public book, or the viewer's
 * own offers and those reserved for them, each offer as of now with its trader's presence and record.
 */
import { and, asc, desc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { bookPrice, offers } from "../../db/schema/index.ts";
import type { Offer, OfferSide, OfferStatus } from "../../universal/offers/offer-types.ts";
import type { Viewer } from "../auth/viewer.ts";
import { asOf, nobodyOnline, statusIs, toOffers, type OfferRow, type TraderPresence } from "./offer-rows.ts";

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
export async function listOffers(
  db: Database,
  viewer: Viewer | null,
  query: OffersQuery,
  now = Date.now(),
  presence: TraderPresence = nobodyOnline,
): Promise<Offer[]> {
  const status = query.status ?? (query.mine ? undefined : "open");
  const conditions: (SQL | undefined)[] = [
    query.itemId ? eq(offers.itemId, query.itemId) : undefined,
    query.side ? eq(offers.side, query.side) : undefined,
    query.server ? eq(offers.server, query.server) : undefined,
    // An offer past its end counts as expired (asOf), listed as such before the sweep writes it.
    status ? statusIs(status, now) : undefined,
  ];
  // Each row as of `now` (asOf), with its trader's presence and record.
  const answer = (rows: readonly OfferRow[]) =>
    toOffers(
      db,
      rows.map((row) => asOf(row, now)),
      viewer,
      presence,
    );
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
      return answer(
        await db
          .select()
          .from(offers)
          .where(sql`${offers.id} in (${ids})`)
          .orderBy(desc(offers.id))
          .limit(query.limit),
      );
    }
    conditions.push(or(eq(offers.ownerUid, viewer.uid), eq(offers.counterpartyUid, viewer.uid)));
  } else conditions.push(isNull(offers.hiddenAt));
  // One order for every book, one side or both (sells first, cheapest first; buys dearest first),
  // the very expression the open-book indexes hold, so each is read in order (decision 019).
  const order = [desc(offers.side), bookPrice(offers), asc(offers.id)];
  return answer(
    await db
      .select()
      .from(offers)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(query.limit),
  );
}
