/** Offers between players (`/api/offers`, `/api/alerts`, `/api/items/{id}/prices`). */
import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import {
  cancelBody,
  createAlertBody,
  createOfferBody,
  createReplyBody,
  editOfferBody,
  feedbackBody,
  offersQuery,
  pricesQuery,
  reserveBody,
  unreserveBody,
} from "../../universal/offers/offer-schemas.ts";
import { isPackId } from "../../universal/schemas.ts";
import { AppError } from "../errors.ts";
import type { Offer } from "../../universal/offers/offer-types.ts";
import { allowPermission, idParam, parseJson, parseQuery, requirePermission, type AppEnv } from "../http/context.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { sharedJson, sharedResponse } from "../http/shared-body.ts";
import { createMarketCache } from "./market-cache.ts";
import { priceHistory } from "./offer-prices.ts";
import { createOffer, createReply } from "./create-offer.ts";
import { getOffer } from "./get-offer.ts";
import { hideOffer } from "./hide-offer.ts";
import { leaveFeedback, type FeedbackRules } from "./leave-feedback.ts";
import { listOffers } from "./list-offers.ts";
import { moveOffer } from "./move-offer.ts";
import type { TraderPresence } from "./offer-rows.ts";
import { createAlert, deleteAlert, getAlert, listAlerts } from "./price-alerts.ts";

/** When the first of these offers ends (no later than forever). */
function endOf(listed: readonly Offer[]): number {
  return listed.reduce((first, offer) => Math.min(first, offer.expiresAt), Number.POSITIVE_INFINITY);
}

/** `presence`: who is online, shown with each offer's trader. */
export function offerRoutes(db: Database, hub: RealtimeHub, rules: FeedbackRules, presence: TraderPresence): Hono<AppEnv> {
  const market = createMarketCache(hub);
  return new Hono<AppEnv>()
    .get("/offers", async (c) => {
      const viewer = allowPermission(c, "view:record");
      const query = parseQuery(c, offersQuery);
      if (query.mine && !viewer) throw new AppError("unauthenticated", "Sign in first.");
      const { itemId } = query;
      if (!itemId || query.mine || (query.status ?? "open") !== "open")
        return c.json({ data: await listOffers(db, viewer, query, Date.now(), presence) });
      // An item's public book, as a visitor reads it: the same for every member but the traders in
      // it, who read their own offers with their role and reasons.
      const book = await market.read(
        itemId,
        `book:${query.side ?? ""}:${query.server ?? ""}:${query.limit}`,
        async () => {
          const listed = await listOffers(db, null, query, Date.now(), presence);
          return { traders: new Set(listed.map((offer) => offer.trader.uid)), endsAt: endOf(listed), body: sharedJson({ data: listed }) };
        },
        ({ endsAt }) => endsAt,
      );
      if (viewer && book.traders.has(viewer.uid)) return c.json({ data: await listOffers(db, viewer, query, Date.now(), presence) });
      return sharedResponse(c.req.raw, book.body);
    })
    .post("/offers", async (c) => {
      const viewer = requirePermission(c, "offer:manage:own");
      const body = await parseJson(c, createOfferBody);
      return c.json({ data: await createOffer(db, hub, viewer, body, Date.now(), c.get("quotas")["open-offers"], presence) }, 201);
    })
    .get("/offers/:id", async (c) => {
      const viewer = allowPermission(c, "view:record");
      return c.json({ data: await getOffer(db, viewer, idParam(c, "offer"), presence) });
    })
    .patch("/offers/:id", async (c) => {
      const moderator = requirePermission(c, "offer:hide");
      const { hidden } = await parseJson(c, editOfferBody);
      const id = idParam(c, "offer");
      const offer = await hideOffer(db, hub, moderator, id, hidden, Date.now(), presence);
      c.get("logger").info("offer moderated", { by: moderator.uid, offer: id, hidden });
      return c.json({ data: offer });
    })
    .post("/offers/:id/replies", async (c) => {
      const viewer = requirePermission(c, "offer:reply");
      const body = await parseJson(c, createReplyBody);
      return c.json({ data: await createReply(db, hub, viewer, idParam(c, "offer"), body) }, 201);
    })
    .post("/offers/:id/reserve", async (c) => {
      const viewer = requirePermission(c, "offer:manage:own");
      const { replyId } = await parseJson(c, reserveBody);
      return c.json({ data: await moveOffer(db, hub, viewer, idParam(c, "offer"), { move: "reserve", replyId }, Date.now(), presence) });
    })
    .post("/offers/:id/unreserve", async (c) => {
      const viewer = requirePermission(c, "offer:trade");
      const { reason } = await parseJson(c, unreserveBody);
      return c.json({ data: await moveOffer(db, hub, viewer, idParam(c, "offer"), { move: "unreserve", reason }, Date.now(), presence) });
    })
    .post("/offers/:id/confirm", async (c) => {
      const viewer = requirePermission(c, "offer:trade");
      return c.json({ data: await moveOffer(db, hub, viewer, idParam(c, "offer"), { move: "confirm" }, Date.now(), presence) });
    })
    .post("/offers/:id/cancel", async (c) => {
      const viewer = requirePermission(c, "offer:manage:own");
      const text = await c.req.text();
      const { reason } = text.trim() === "" ? { reason: null } : await parseJson(c, cancelBody);
      return c.json({ data: await moveOffer(db, hub, viewer, idParam(c, "offer"), { move: "cancel", reason }, Date.now(), presence) });
    })
    .post("/offers/:id/feedback", async (c) => {
      const viewer = requirePermission(c, "feedback:create");
      const body = await parseJson(c, feedbackBody);
      return c.json({ data: await leaveFeedback(db, hub, viewer, idParam(c, "offer"), body, rules, Date.now(), presence) }, 201);
    })
    .get("/alerts", async (c) => {
      const viewer = requirePermission(c, "alert:manage:own");
      return c.json({ data: await listAlerts(db, viewer) });
    })
    .post("/alerts", async (c) => {
      const viewer = requirePermission(c, "alert:manage:own");
      const body = await parseJson(c, createAlertBody);
      return c.json({ data: await createAlert(db, viewer, body, Date.now(), c.get("quotas")["price-alerts"]) }, 201);
    })
    .get("/alerts/:id", async (c) => {
      const viewer = requirePermission(c, "alert:manage:own");
      return c.json({ data: await getAlert(db, viewer, idParam(c, "alert")) });
    })
    .delete("/alerts/:id", async (c) => {
      const viewer = requirePermission(c, "alert:manage:own");
      await deleteAlert(db, viewer, idParam(c, "alert"));
      return c.json({ ok: true });
    })
    .get("/items/:id/prices", async (c) => {
      allowPermission(c, "view:record");
      const itemId = c.req.param("id");
      if (!isPackId(itemId)) throw new AppError("not-found", "No such item.");
      const { range } = parseQuery(c, pricesQuery);
      return sharedResponse(
        c.req.raw,
        await market.read(itemId, `prices:${range}`, async () => sharedJson({ data: await priceHistory(db, itemId, range) })),
      );
    });
}
