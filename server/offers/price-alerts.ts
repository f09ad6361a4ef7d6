/**
 * Price alerts (`/api/alerts`): a member's standing wish for an item on a server at a price, and
 * their firing when an offer that matches opens (once per alert and offer, however often it opens).
 */
import { and, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { priceAlertHits, priceAlerts } from "../../db/schema/index.ts";
import type { Alert, OfferSide } from "../../universal/offers/offer-types.ts";
import type { PersistedEvent } from "../../universal/realtime/protocol.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";
import { DEFAULT_QUOTAS, holdQuota } from "../quotas.ts";
import { notify, type NotificationInput } from "../notifications/notifications.ts";
import { assertInPack, noticeData, offerLink, type ItemNames } from "./offer-notices.ts";
import type { OfferRow } from "./offer-rows.ts";

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

/**
 * The alerts an offer that opens fires: same item, side and server, the price at or below the
 * alert's `maxPrice` (or at or above its `minPrice`), not the owner's own, nor those of `skipUid`
 * (who just released it). Each alert tells of an offer once, however often it opens again: the
 * alert–offer pair is recorded first (`price_alert_hits`), and only alerts recorded now fire. One
 * notification per member, in the caller's transaction.
 */
export async function fireAlerts(
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
