/**
 * The offers' realtime topics: `offer:{id}`, an offer's thread (its replies, stored; its moves, as
 * they happen), for whoever may read the offer; `offers:{itemId}`, an item's book (offers entering
 * and leaving it, as they happen), for anyone.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { contentEntries } from "../../db/schema/index.ts";
import type { TopicSource } from "../realtime/topic-source.ts";
import { mayReadOffer, offerLastReplyId, offerRepliesAfter } from "./offers.ts";

export function offerThreadTopic(db: Database): TopicSource {
  return {
    mayRead: (viewer, id) => mayReadOffer(db, viewer, id),
    lastId: (id) => offerLastReplyId(db, id),
    eventsAfter: (id, afterId) => offerRepliesAfter(db, id, afterId),
  };
}

const PACK_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** `offers:{itemId}` names an item of the pack: a topic for an item that does not exist is refused. */
export function offerBookTopic(db: Database): TopicSource {
  return {
    async mayRead(_viewer, itemId) {
      if (!PACK_ID.test(itemId)) return false;
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
