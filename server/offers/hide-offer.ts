/**
 * A moderator hides or restores an offer: by hand (`PATCH /api/offers/{id}`, audited), or as the
 * outcome of an upheld report (offer-reports.ts). A hidden offer leaves every public list; its two
 * parties and moderators still read it.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { offers } from "../../db/schema/index.ts";
import { can } from "../../universal/auth/permissions.ts";
import type { Offer } from "../../universal/offers/offer-types.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";
import { recordAudit } from "../moderation/audit-log.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { asOf, nobodyOnline, offerRow, toOffers, type OfferRow, type TraderPresence } from "./offer-rows.ts";
import { publishOffer } from "./offer-topic.ts";

/** `PATCH /api/offers/{id} {hidden}`: a moderator hides or restores an offer, audited. */
export async function hideOffer(
  db: Database,
  hub: RealtimeHub,
  moderator: Viewer,
  id: number,
  hidden: boolean,
  now = Date.now(),
  presence: TraderPresence = nobodyOnline,
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
      {
        actorUid: moderator.uid,
        action: "offer.hide",
        targetKind: "offer",
        targetId: String(id),
        before: { hidden: row.hiddenAt !== null },
        after: { hidden },
      },
      now,
    );
    return changed as OfferRow;
  });
  await publishOffer(db, hub, presence, moved);
  return (await toOffers(db, [asOf(moved, now)], moderator, presence))[0] as Offer;
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
