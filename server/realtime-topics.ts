/** The realtime topics the socket serves, one per feature that has them (composed here, like the API routes in create-app.ts). */
import type { Database } from "../db/client.ts";
import { chatRoomTopic } from "./chat/chat-topic.ts";
import { feedPostsTopic } from "./feed/feed-topic.ts";
import { userNotificationsTopic } from "./notifications/notifications-topic.ts";
import { offerBookTopic, offerThreadTopic } from "./offers/offer-topic.ts";
import type { TopicSource } from "./realtime/topic-source.ts";

export function realtimeTopics(db: Database): Record<string, TopicSource> {
  return {
    room: chatRoomTopic(db),
    user: userNotificationsTopic(db),
    feed: feedPostsTopic(db),
    offer: offerThreadTopic(db),
    offers: offerBookTopic(db),
  };
}
