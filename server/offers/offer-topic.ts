/**
 * The offers' realtime topics: `offer:{id}`, an offer's thread (its replies, stored; its moves, as
 * they happen), for whoever may read the offer; `offers:{itemId}`, an item's book (offers entering
 * and leaving it, as they happen), for anyone.
 */
import type { Database } from "../../db/client.ts";
import type { TopicSource } from "../realtime/socket-server.ts";
import { mayReadOffer, offerLastReplyId, offerRepliesAfter } from "./offers.ts";

export function offerThreadTopic(db: Database): TopicSource {
  return {
    mayRead: (viewer, id) => mayReadOffer(db, viewer, id),
    lastId: (id) => offerLastReplyId(db, id),
    eventsAfter: (id, afterId) => offerRepliesAfter(db, id, afterId),
  };
}

const PACK_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export function offerBookTopic(): TopicSource {
  return {
    mayRead: async (_viewer, itemId) => PACK_ID.test(itemId),
    lastId: async () => null,
    eventsAfter: async () => [],
  };
}
