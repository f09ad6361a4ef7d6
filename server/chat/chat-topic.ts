/** The `room:{id}` realtime topic: a room's messages, edits and deletions, for the room's members. */
import type { Database } from "../../db/client.ts";
import { can } from "../../universal/auth/permissions.ts";
import type { TopicSource } from "../realtime/topic-source.ts";
import { findRoom, mayRead, REPLAY_MAX, roomEventsAfter, roomLastEventId } from "./chat.ts";

export function chatRoomTopic(db: Database, replayMax = REPLAY_MAX): TopicSource {
  return {
    typing: true,
    async mayRead(viewer, id) {
      if (!viewer || !can(viewer.role, "chat:read")) return false;
      const room = await findRoom(db, id);
      return room !== undefined && mayRead(viewer, room);
    },
    lastId: (id) => roomLastEventId(db, id),
    eventsAfter: (id, afterId) => roomEventsAfter(db, id, afterId, replayMax),
    // A lounge shows who has it open; a direct conversation, whether its two members are on the site.
    async presence(id) {
      const room = await findRoom(db, id);
      return room?.kind === "direct" ? [room.memberA ?? "", room.memberB ?? ""].filter(Boolean) : "subscribers";
    },
  };
}
