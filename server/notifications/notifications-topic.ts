/** The `user:{uid}` realtime topic: that member's new notifications, for that member only. */
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client.ts";
import { userTopic, type PersistedEvent } from "../../universal/realtime/protocol.ts";
import type { TopicSource } from "../realtime/topic-source.ts";
import { notificationsAfter, unreadCount } from "./notifications.ts";

export const NOTIFICATION_REPLAY_MAX = 200;

export function userNotificationsTopic(db: Database, replayMax = NOTIFICATION_REPLAY_MAX): TopicSource {
  return {
    mayRead: async (viewer, uid) => viewer?.uid === uid,
    async lastId(uid) {
      const [row] = await queryRows<{ last: string | number | null }>(
        db,
        sql`select max(id) as last from notifications where uid = ${uid}`,
      );
      return row?.last === null || row?.last === undefined ? null : Number(row.last);
    },
    async eventsAfter(uid, afterId): Promise<PersistedEvent[] | undefined> {
      const missed = await notificationsAfter(db, uid, afterId, replayMax + 1);
      if (missed.length > replayMax) return undefined;
      return missed.map((notification) => ({ type: "notification", topic: userTopic(uid), id: notification.id, notification }));
    },
    // The bell's count as of the `subscribed` frame's id: later notifications arrive as events and
    // add to it, so none is counted twice (and a page that signs out meanwhile asks nothing over HTTP).
    async opening(uid, lastId) {
      return { type: "unread", topic: userTopic(uid), unread: await unreadCount(db, uid, lastId ?? 0) };
    },
  };
}
