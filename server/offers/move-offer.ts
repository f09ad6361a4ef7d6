/**
 * The moves of a trade (`POST /api/offers/{id}/reserve|unreserve|confirm|cancel`). Every move asks
 * the pure state machine (universal/offers/offer-machine.ts) and is then written as one
 * `update … where id = ? and version = ?`: of two racing moves exactly one writes; the other reads
 * the offer again and asks the machine again (a second reserve is then refused with 409, a second
 * confirmation completes the trade). Notifications commit with the move; realtime events are
 * published after the commit.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { offerReplies, offers } from "../../db/schema/index.ts";
import { nextOfferState, type OfferActor, type OfferMove } from "../../universal/offers/offer-machine.ts";
import type { Offer } from "../../universal/offers/offer-types.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";
import { notify, type NotificationInput } from "../notifications/notifications.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { itemNames, noticeData, offerLink, type ItemNames } from "./offer-notices.ts";
import { existingOffer, nobodyOnline, stateOf, toOffers, type OfferRow, type TraderPresence } from "./offer-rows.ts";
import { publishOffer, publishTraders } from "./offer-topic.ts";
import { fireAlerts } from "./price-alerts.ts";

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
  presence: TraderPresence = nobodyOnline,
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
        if (!reply)
          throw new AppError("invalid-argument", "replyId: no such reply in this offer's thread.", { field: "replyId", reason: "reply" });
        if (reply.authorUid === row.ownerUid)
          throw new AppError("invalid-argument", "replyId: reserve for another member's reply.", { field: "replyId", reason: "reply" });
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
    await publishOffer(db, hub, presence, outcome.moved, outcome.events);
    if (outcome.moved.status === "completed")
      await publishTraders(db, hub, presence, [outcome.moved.ownerUid, outcome.moved.counterpartyUid], now);
    return (await toOffers(db, [outcome.moved], viewer, presence))[0] as Offer;
  }
  throw new AppError("failed-precondition", "The offer keeps changing; read it again.", { reason: "busy" });
}
