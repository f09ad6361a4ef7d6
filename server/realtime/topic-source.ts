/**
 * What a feature hands the socket server for one kind of topic (`room`, `user`, `feed`…): who may
 * read it, what a subscriber missed, the newest id, and optionally an opening state, typing and
 * presence. The socket server knows no topic itself; server/realtime-topics.ts composes the
 * features' sources. Kept apart from the socket server so features depend on this contract only.
 */
import type { PersistedEvent, TransientEvent } from "../../universal/realtime/protocol.ts";
import type { Viewer } from "../auth/viewer.ts";

/** A kind of topic (`room`, `user`, `feed`…) as a feature provides it. */
export interface TopicSource {
  /** Whether this viewer (null: a visitor) may read the topic `kind:id`. */
  mayRead(viewer: Viewer | null, id: string): Promise<boolean>;
  /** The newest persisted event id of the topic, or null when it has none. */
  lastId(id: string): Promise<number | null>;
  /** The persisted events after `afterId`, in id order; undefined when too many were missed (the client reloads). */
  eventsAfter(id: string, afterId: number): Promise<PersistedEvent[] | undefined>;
  /**
   * The state a new subscriber starts from, sent right after `subscribed` and before any later
   * event: as of `lastId`, the id that frame names (a member's unread count on `user:{uid}`).
   */
  opening?: (id: string, lastId: number | null) => Promise<TransientEvent>;
  /** Whether members may send typing indicators on this topic. */
  typing?: boolean;
  /**
   * Who is online in the topic `kind:id`: `subscribers` (whoever has it open: a lounge), or the
   * members it names, online anywhere on the site (the two members of a direct conversation).
   */
  presence?: (id: string) => Promise<"subscribers" | readonly string[]>;
}
