/**
 * One offer's page (`GET /api/offers/{id}`): the offer, its thread and the feedback left on it, for
 * whoever may read it (another's reserved or past offer answers 404 like one that does not exist).
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { offerFeedback, offerReplies } from "../../db/schema/index.ts";
import { REPLIES_MAX } from "../../universal/offers/offer-limits.ts";
import type { Offer, OfferDetail } from "../../universal/offers/offer-types.ts";
import type { Viewer } from "../auth/viewer.ts";
import { feedbackAllowed, feedbackWhere } from "./leave-feedback.ts";
import { nobodyOnline, offerRow, repliesWhere, toOffers, type TraderPresence } from "./offer-rows.ts";

export async function getOffer(
  db: Database,
  viewer: Viewer | null,
  id: number,
  presence: TraderPresence = nobodyOnline,
): Promise<OfferDetail> {
  const row = await offerRow(db, viewer, id);
  const [offer] = await toOffers(db, [row], viewer, presence);
  const replies = await repliesWhere(db, and(eq(offerReplies.offerId, id), isNull(offerReplies.hiddenAt)), REPLIES_MAX);
  const feedback = await feedbackWhere(db, eq(offerFeedback.offerId, id));
  return {
    ...(offer as Offer),
    replies,
    feedback,
    canLeaveFeedback: feedbackAllowed(row, viewer) && !feedback.some((each) => each.from.uid === viewer?.uid),
  };
}
