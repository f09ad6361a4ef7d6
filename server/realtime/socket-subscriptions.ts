/**
 * Topics on the socket: one feed per topic with a subscriber in this process, and each connection's
 * subscriptions to them. A subscription replays what the client missed after `after`, then says
 * `subscribed` (followed by the state a new subscriber starts from, where the topic has one), then
 * goes live, with no gap and no duplicate: it listens to the hub before it reads the missed events,
 * holds what arrives meanwhile, and sends each id once, in order. Also here: asking a topic again
 * who may read it after a move, typing indicators, and who is online in each topic (presence).
 * Topics come from features as `TopicSource`s; this module knows none of them.
 */
import {
  isRelayedTransient,
  PRESENCE_LIST_MAX,
  type PersistedEvent,
  type PresenceMember,
  type ServerFrame,
} from "../../universal/realtime/protocol.ts";
import type { Logger } from "../logger.ts";
import type { RealtimeHub } from "./hub.ts";
import { SITE, type Presence, type PresenceChange } from "./presence.ts";
import { freshReads } from "./fresh-reads.ts";
import type { Connection, Member, Send, StillHolds } from "./socket-connection.ts";
import type { TopicSource } from "./topic-source.ts";

/** A member sends one typing indicator a topic at most this often. */
const TYPING_EVERY_MS = 2_000;

export interface SubscriptionsOptions {
  hub: RealtimeHub;
  logger: Logger;
  topics: Record<string, TopicSource>;
  /** Who is online, across processes; without it, topics carry no presence. */
  presence: Presence | undefined;
  /** Topics one connection may have or ask for at once (more: an `error` frame `too-many-topics`). */
  topicsPerConnection: number;
  send: Send;
  /** Whether the connection's session still holds (socket-connection.ts); a subscribe asks it first. */
  stillHolds: StillHolds;
}

export interface Subscriptions {
  subscribe(connection: Connection, topic: string, after: number | undefined): Promise<void>;
  unsubscribe(connection: Connection, topic: string): void;
  /** Takes the connection out of every topic it has (it closed, or its session ended). */
  leaveAll(connection: Connection): void;
  /** Relays a member's typing indicator on a topic they have open, where the topic allows it. */
  typing(connection: Connection, topic: string, now: number): void;
  /** Topics with a subscriber in this process. */
  readonly feedCount: number;
  /** Stops hearing presence changes. */
  close(): void;
}

/**
 * The source with its history reads shared among subscribers that ask at once (fresh-reads.ts): a
 * burst of resumes (the clients of a process that died) reads a topic's newest id and what followed
 * each last id seen a few times, not once per client.
 */
function sharingHistory(source: TopicSource): TopicSource {
  return {
    ...source,
    lastId: freshReads(
      (id: string) => id,
      (id) => source.lastId(id),
    ),
    eventsAfter: freshReads(
      (id: string, afterId: number) => `${afterId}:${id}`,
      (id, afterId) => source.eventsAfter(id, afterId),
    ),
  };
}

export function createSubscriptions(options: SubscriptionsOptions): Subscriptions {
  const { hub, logger, presence, send, stillHolds } = options;
  const topics = Object.fromEntries(Object.entries(options.topics).map(([kind, source]) => [kind, sharingHistory(source)]));

  /**
   * One feed per topic with a subscriber in this process. Persisted events (or pokes from other
   * processes) only wake it: it reads what follows its cursor from the topic's source, so its
   * subscribers get the database's id order even when publications arrive out of order.
   */
  const feeds = new Map<string, Feed>();

  interface Feed {
    members: Set<Member>;
    /** For a topic whose presence is some members' presence on the site: those members. */
    watched: Set<string> | undefined;
    cursor: Promise<number>;
    /** Reads what follows the cursor if `eventId` is past it (any id past it reads). */
    wake(eventId: number): void;
    /** A pull is under way; `again`: it reads once more before it stops. */
    pulling: boolean;
    again: boolean;
    stop(): void;
  }

  function deliverTo(member: Member, event: PersistedEvent, text?: string): void {
    if (!member.live) {
      member.held.push(event);
      return;
    }
    if (event.id <= member.lastSent) return;
    member.lastSent = event.id;
    send(member.connection, event, text);
  }

  function feedFor(topic: string, source: TopicSource, id: string): Feed {
    const existing = feeds.get(topic);
    if (existing) return existing;
    // Reads while woken. `again` is checked and `pulling` cleared in one step, at the loop's end:
    // a wake that comes in between would otherwise find it still pulling and be lost.
    const pull = async (feed: Feed): Promise<void> => {
      try {
        while (feed.again && feeds.get(topic) === feed) {
          feed.again = false;
          const from = await feed.cursor;
          const events = await source.eventsAfter(id, from);
          if (!events) {
            // Too much at once for the feed: its subscribers start over.
            for (const member of feed.members) send(member.connection, { type: "error", topic, code: "reload" });
            for (const member of [...feed.members]) {
              leave(member.connection, topic);
              member.connection.requests.delete(topic);
            }
            return;
          }
          const last = events.at(-1)?.id;
          if (last !== undefined) feed.cursor = Promise.resolve(Math.max(from, last));
          for (const event of events) {
            const text = JSON.stringify(event);
            for (const member of feed.members) deliverTo(member, event, text);
          }
        }
      } catch (error) {
        logger.error("a realtime feed could not read its topic", { error, topic });
      } finally {
        feed.pulling = false;
      }
    };
    const feed: Feed = {
      members: new Set(),
      watched: undefined,
      cursor: source.lastId(id).then((last) => last ?? 0),
      pulling: false,
      again: false,
      stop: () => {},
      wake: () => {},
    };
    const wake = (feed.wake = (eventId: number) => {
      void feed.cursor.then((cursor) => {
        if (eventId <= cursor) return;
        feed.again = true;
        if (feed.pulling) return;
        feed.pulling = true;
        void pull(feed);
      });
    });
    feed.stop = hub.listen(topic, (event) => {
      if (event.type === "poke" || "id" in event) {
        wake(event.id);
        return;
      }
      // Fewer may read the topic now (a member left a clan): each subscriber is asked again.
      if (event.type === "readers-changed") {
        recheck(topic, feed, source, id);
        return;
      }
      // Transient events (typing, unread counts, offers' moves) go to the live subscribers as they are.
      if (!isRelayedTransient(event)) return;
      const text = JSON.stringify(event);
      for (const member of feed.members) {
        if (!member.live) continue;
        if (event.type === "typing" && event.uid === member.connection.viewer?.uid) continue;
        send(member.connection, event, text);
      }
      // A move may change who may read the topic (an offer reserved for one replier is no longer public).
      if (event.type === "offer-changed") recheck(topic, feed, source, id);
    });
    feeds.set(topic, feed);
    return feed;
  }

  /**
   * Asks the topic again whether each subscriber may still read it. What arrives meanwhile is held;
   * a subscriber still allowed gets it, one no longer allowed is dropped from the topic, told
   * `permission-denied`, and gets none of it.
   */
  function recheck(topic: string, feed: Feed, source: TopicSource, id: string): void {
    for (const member of feed.members) {
      if (!member.live) continue;
      member.live = false;
      void source
        .mayRead(member.connection.viewer, id)
        .catch(() => false)
        .then((allowed) => {
          if (member.connection.subscriptions.get(topic) !== member) return;
          if (!allowed) {
            leave(member.connection, topic);
            member.connection.requests.delete(topic);
            send(member.connection, { type: "error", topic, code: "permission-denied" });
            return;
          }
          member.live = true;
          for (const held of member.held.splice(0)) deliverTo(member, held);
        });
    }
  }

  function leave(connection: Connection, topic: string): void {
    const member = connection.subscriptions.get(topic);
    connection.subscriptions.delete(topic);
    if (member) detach(topic, member);
  }

  /** Takes a member out of its topic's feed (and presence); the feed stops with its last member. */
  function detach(topic: string, member: Member): void {
    if (member.present && member.connection.viewer) presence?.remove(topic, member.connection.viewer.uid);
    member.present = false;
    if (member.connection.subscriptions.get(topic) === member) member.connection.subscriptions.delete(topic);
    const feed = feeds.get(topic);
    if (!feed || !feed.members.delete(member)) return;
    if (feed.members.size === 0) {
      feed.stop();
      feeds.delete(topic);
    }
  }

  let requestCount = 0;
  function request(connection: Connection, topic: string): number {
    requestCount += 1;
    connection.requests.set(topic, requestCount);
    return requestCount;
  }

  function stillWanted(connection: Connection, topic: string, token: number): boolean {
    return connection.requests.get(topic) === token && connection.socket.readyState === connection.socket.OPEN;
  }

  /** A subscribe that ended without a subscription: the topic no longer counts toward the limit. */
  function forget(connection: Connection, topic: string, token: number): void {
    if (connection.requests.get(topic) === token) connection.requests.delete(topic);
  }

  /** Who is online in a topic now, as this process knows it. */
  function onlineIn(feed: Feed, topic: string): PresenceMember[] {
    if (!presence) return [];
    if (feed.watched) {
      const watched = feed.watched;
      return presence.members(SITE).filter((member) => watched.has(member.uid));
    }
    return presence.members(topic);
  }

  /** Counts a live subscriber in the topic's presence, and tells it who is online there. */
  async function joinPresence(member: Member, feed: Feed, source: TopicSource, topic: string, id: string): Promise<void> {
    if (!presence || !source.presence) return;
    const viewer = member.connection.viewer;
    const who = await source.presence(id);
    if (member.connection.subscriptions.get(topic) !== member) return;
    if (who === "subscribers") {
      if (viewer) {
        presence.add(topic, viewer.uid, viewer.name);
        member.present = true;
      }
    } else {
      feed.watched ??= new Set(who);
    }
    if (member.connection.subscriptions.get(topic) !== member) return;
    const online = onlineIn(feed, topic);
    send(member.connection, { type: "presence", topic, count: online.length, members: online.slice(0, PRESENCE_LIST_MAX) });
  }

  /** Joins and leaves, batched by the presence book, to the live subscribers of the topics they concern. */
  function presenceChanged(change: PresenceChange): void {
    const tell = (feed: Feed, topic: string, joined: PresenceMember[], left: string[]) => {
      if (joined.length === 0 && left.length === 0) return;
      const count = onlineIn(feed, topic).length;
      const frame: ServerFrame = {
        type: "presence",
        topic,
        count,
        joined: joined.slice(0, PRESENCE_LIST_MAX),
        left: left.slice(0, PRESENCE_LIST_MAX),
      };
      for (const member of feed.members) if (member.live) send(member.connection, frame);
    };
    if (change.scope === SITE) {
      for (const [topic, feed] of feeds) {
        const watched = feed.watched;
        if (!watched) continue;
        tell(
          feed,
          topic,
          change.joined.filter((member) => watched.has(member.uid)),
          change.left.filter((uid) => watched.has(uid)),
        );
      }
      return;
    }
    const feed = feeds.get(change.scope);
    if (feed && !feed.watched) tell(feed, change.scope, change.joined, change.left);
  }
  const stopPresence = presence?.onChange(presenceChanged);

  async function subscribe(connection: Connection, topic: string, after: number | undefined): Promise<void> {
    if (!connection.requests.has(topic) && connection.requests.size >= options.topicsPerConnection) {
      send(connection, { type: "error", topic, code: "too-many-topics" });
      return;
    }
    const token = request(connection, topic);
    leave(connection, topic);
    // Who asks is who they were: a session ended meanwhile closes the socket instead.
    if (!(await stillHolds(connection, false))) return;
    const separator = topic.indexOf(":");
    const source = topics[topic.slice(0, separator)];
    const id = topic.slice(separator + 1);
    const allowed = source && stillWanted(connection, topic, token) ? await source.mayRead(connection.viewer, id) : false;
    if (!stillWanted(connection, topic, token)) return;
    if (!source || !allowed) {
      forget(connection, topic, token);
      // A socket without an account asking for a member's topic: its page believes it is signed in,
      // and its session ended while it was away (a ban between a close and the reconnect).
      send(connection, { type: "error", topic, code: connection.viewer ? "permission-denied" : "unauthenticated" });
      return;
    }
    const feed = feedFor(topic, source, id);
    const member: Member = { connection, lastSent: after ?? 0, live: false, held: [], present: false };
    feed.members.add(member);
    connection.subscriptions.set(topic, member);
    // After each wait: a later request for the topic, or a closed socket, takes this member out.
    const superseded = () => {
      if (stillWanted(connection, topic, token) && connection.subscriptions.get(topic) === member) return false;
      detach(topic, member);
      return true;
    };
    try {
      // The feed listens already: whatever it delivers from now on is held for this member, and
      // what was committed before is read here; ids that come twice are sent once.
      const lastId = await source.lastId(id);
      if (superseded()) return;
      if (after !== undefined) {
        const missed = await source.eventsAfter(id, after);
        if (superseded()) return;
        if (!missed) {
          leave(connection, topic);
          forget(connection, topic, token);
          send(connection, { type: "error", topic, code: "reload" });
          return;
        }
        for (const event of missed) {
          member.lastSent = event.id;
          send(connection, event);
        }
      } else {
        member.lastSent = Math.max(lastId ?? 0, await feed.cursor);
        if (superseded()) return;
      }
      const subscribedAt = Math.max(lastId ?? 0, member.lastSent) || null;
      const opening = source.opening ? await source.opening(id, subscribedAt) : undefined;
      if (superseded()) return;
      send(connection, { type: "subscribed", topic, lastId: subscribedAt });
      if (opening) send(connection, opening);
      member.live = true;
      for (const event of member.held.splice(0)) deliverTo(member, event);
      await joinPresence(member, feed, source, topic, id);
      if (superseded()) return;
    } catch (error) {
      logger.error("websocket subscribe failed", { error, topic });
      detach(topic, member);
      forget(connection, topic, token);
      send(connection, { type: "error", topic, code: "reload" });
    }
  }

  function leaveAll(connection: Connection): void {
    for (const topic of [...connection.subscriptions.keys()]) leave(connection, topic);
  }

  function unsubscribe(connection: Connection, topic: string): void {
    // No request left for the topic: a subscribe still under way for it stops at its next step.
    connection.requests.delete(topic);
    leave(connection, topic);
  }

  function typing(connection: Connection, topic: string, now: number): void {
    const viewer = connection.viewer;
    const source = topics[topic.slice(0, topic.indexOf(":"))];
    if (!viewer || !source?.typing || !connection.subscriptions.has(topic)) return;
    if (now - (connection.lastTyping.get(topic) ?? 0) < TYPING_EVERY_MS) return;
    connection.lastTyping.set(topic, now);
    hub.publish({ type: "typing", topic, uid: viewer.uid, displayName: viewer.name });
  }

  // Events of other processes may have been missed (the bus reconnected or changed transport):
  // every feed reads what follows its cursor, as a poke past it would have made it.
  const stopGaps = hub.onGap(() => {
    for (const feed of feeds.values()) feed.wake(Number.MAX_SAFE_INTEGER);
  });

  return {
    subscribe,
    unsubscribe,
    leaveAll,
    typing,
    get feedCount() {
      return feeds.size;
    },
    close: () => {
      stopGaps();
      stopPresence?.();
    },
  };
}
