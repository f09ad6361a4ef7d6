/**
 * The expiry sweep: offers past their end are written `expired` on a schedule, each exactly once
 * however many processes sweep (until then every read already treats them as expired, offer-rows.ts).
 */
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { offers } from "../../db/schema/index.ts";
import { nextOfferState } from "../../universal/offers/offer-machine.ts";
import type { OfferStatus } from "../../universal/offers/offer-types.ts";
import type { Logger } from "../logger.ts";
import { startSweep } from "../sweep.ts";
import { notify, type NotificationInput } from "../notifications/notifications.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { itemNames, noticeData, offerLink } from "./offer-notices.ts";
import { nobodyOnline, stateOf, type OfferRow, type TraderPresence } from "./offer-rows.ts";
import { publishOffer } from "./offer-topic.ts";

/** Offers the expiry sweep moves per statement. */
const SWEEP_BATCH = 500;

/**
 * Writes `expired` on offers past their end, each exactly once however many processes sweep at the
 * same time. Each batch takes the due rows with `for update skip locked` (a row another sweep holds
 * is skipped; one it has already moved no longer matches when the lock is taken), asks the state
 * machine for the system's `expire` move on each, and writes its answer while the locks are held,
 * from the status the machine saw (one statement per distinct move). The owners (and
 * counterparties) are notified in the same transaction; the events go out after it commits.
 */
export async function expireOffers(
  db: Database,
  hub: RealtimeHub,
  now = Date.now(),
  presence: TraderPresence = nobodyOnline,
): Promise<number> {
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
    for (const row of rows) await publishOffer(db, hub, presence, row);
    for (const event of events) hub.publish(event);
    total += rows.length;
    // A full batch may have more behind it; a batch the machine moved none of would come back the same.
    if (taken < SWEEP_BATCH || rows.length === 0) return total;
  }
}

/** Sweeps every `everyMs` (first soon after start); returns the function that stops it. */
export function startOfferExpiry(db: Database, hub: RealtimeHub, logger: Logger, presence: TraderPresence, everyMs = 60_000): () => void {
  return startSweep("offer expiry", () => expireOffers(db, hub, Date.now(), presence), logger, everyMs);
}
