/**
 * The one WebSocket endpoint, `/ws`, on the app's port. It authenticates by the session cookie (or
 * a Bearer ID token) like the HTTP API, refuses other sites' pages (`Origin`), caps frames at 16 KB,
 * limits frames per connection and per account, pings every 25 s and drops peers that stop
 * answering, and drops a client that does not read what it is sent (slow consumer) instead of
 * letting its buffer grow.
 *
 * Topics come from features as `TopicSource`s (who may read, what was missed, the newest id); this
 * module knows none of them. A subscription replays what the client missed after `after`, then
 * says `subscribed` (followed by the state a new subscriber starts from, where the topic has one),
 * then goes live, with no gap and no duplicate: it listens to the hub before it
 * reads the missed events, holds what arrives meanwhile, and sends each id once, in order.
 */
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import {
  clientFrame,
  isRelayedTransient,
  PRESENCE_LIST_MAX,
  topicSchema,
  type PersistedEvent,
  type PresenceMember,
  type ServerFrame,
  type TransientEvent,
} from "../../universal/realtime/protocol.ts";
import type { Auth } from "../auth/create-auth.ts";
import { getViewer, type Viewer } from "../auth/viewer.ts";
import type { Database } from "../../db/client.ts";
import type { Logger } from "../logger.ts";
import type { RealtimeHub } from "./hub.ts";
import { SITE, type Presence, type PresenceChange } from "./presence.ts";

export const SOCKET_PATH = "/ws";
export const MAX_FRAME_BYTES = 16 * 1024;
export const PING_INTERVAL_MS = 25_000;
/** Past this much unsent data a client is a slow consumer and is dropped (it reconnects and resumes). */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

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

export interface FrameRate {
  max: number;
  windowMs: number;
}

export interface SocketServerOptions {
  hub: RealtimeHub;
  db: Database;
  auth: Auth;
  logger: Logger;
  /** Origins whose pages may open the socket; a request without `Origin` (not a browser) is let in. */
  allowedOrigins: readonly string[];
  topics: Record<string, TopicSource>;
  /** Who is online, across processes; without it, topics carry no presence. */
  presence?: Presence;
  pingIntervalMs?: number;
  maxBufferedBytes?: number;
  /** Frames one connection may send (default 40 per 10 s) and one account over all its connections (100 per 10 s). */
  connectionRate?: FrameRate;
  accountRate?: FrameRate;
}

interface Connection {
  socket: WebSocket;
  viewer: Viewer | null;
  /** Topic → this connection's place in the topic's feed. */
  subscriptions: Map<string, Member>;
  alive: boolean;
  frames: Window;
  lastTyping: Map<string, number>;
  /**
   * Topic → the latest subscribe or unsubscribe asked for it. A subscribe that awaited (the
   * permission, the history) goes on only while it is still the latest, so two subscribes, or a
   * subscribe and an unsubscribe, crossing each other never leave a second member behind.
   */
  requests: Map<string, number>;
}

/** A connection's subscription to a topic: what it was sent last, and what waits while it catches up. */
interface Member {
  connection: Connection;
  lastSent: number;
  live: boolean;
  held: PersistedEvent[];
  /** Counted in the topic's presence (removed when it leaves). */
  present: boolean;
}

/** A fixed-window counter. */
class Window {
  private count = 0;
  private start = 0;
  private readonly rate: FrameRate;
  constructor(rate: FrameRate) {
    this.rate = rate;
  }
  take(now: number): boolean {
    if (now - this.start >= this.rate.windowMs) {
      this.start = now;
      this.count = 0;
    }
    this.count += 1;
    return this.count <= this.rate.max;
  }
}

const TYPING_EVERY_MS = 2_000;

export interface SocketServer {
  /** Live connections (for the bench and tests). */
  readonly size: number;
  /** Topics with a subscriber in this process (for tests: none once every client has gone). */
  readonly feedCount: number;
  /** Closes every connection with 1001 (going away): clients reconnect, to another process if need be. */
  close(): Promise<void>;
}

export function attachSocketServer(server: Server, options: SocketServerOptions): SocketServer {
  const { hub, db, auth, logger, topics, presence } = options;
  const maxBuffered = options.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  const connectionRate = options.connectionRate ?? { max: 40, windowMs: 10_000 };
  const accountRate = options.accountRate ?? { max: 100, windowMs: 10_000 };
  const accountWindows = new Map<string, Window>();
  const origins = new Set(options.allowedOrigins);
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  const connections = new Set<Connection>();

  /** `text` is the frame as JSON, when the caller sends one frame to many (it is serialised once). */
  function send(connection: Connection, frame: ServerFrame, text?: string): void {
    const { socket } = connection;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > maxBuffered) {
      logger.warn("dropping a slow websocket consumer", { uid: connection.viewer?.uid, buffered: socket.bufferedAmount });
      socket.terminate();
      return;
    }
    socket.send(text ?? JSON.stringify(frame));
  }

  function refuse(socket: Duplex, status: number, reason: string): void {
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }

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
            for (const member of [...feed.members]) leave(member.connection, topic);
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
    };
    const wake = (eventId: number) => {
      void feed.cursor.then((cursor) => {
        if (eventId <= cursor) return;
        feed.again = true;
        if (feed.pulling) return;
        feed.pulling = true;
        void pull(feed);
      });
    };
    feed.stop = hub.listen(topic, (event) => {
      if (event.type === "poke" || "id" in event) {
        wake(event.id);
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
    const token = request(connection, topic);
    leave(connection, topic);
    const separator = topic.indexOf(":");
    const source = topics[topic.slice(0, separator)];
    const id = topic.slice(separator + 1);
    const allowed = source ? await source.mayRead(connection.viewer, id) : false;
    if (!stillWanted(connection, topic, token)) return;
    if (!source || !allowed) {
      send(connection, { type: "error", topic, code: "permission-denied" });
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
      send(connection, { type: "error", topic, code: "reload" });
    }
  }

  function onFrame(connection: Connection, data: Buffer, isBinary: boolean): void {
    const now = Date.now();
    const uid = connection.viewer?.uid;
    let account: Window | undefined;
    if (uid) {
      account = accountWindows.get(uid);
      if (!account) accountWindows.set(uid, (account = new Window(accountRate)));
    }
    const allowedHere = connection.frames.take(now);
    const allowedAccount = account ? account.take(now) : true;
    if (!allowedHere || !allowedAccount) {
      send(connection, { type: "error", code: "resource-exhausted" });
      return;
    }
    let parsed: unknown;
    try {
      parsed = isBinary ? undefined : JSON.parse(data.toString("utf8"));
    } catch {
      parsed = undefined;
    }
    const frame = clientFrame.safeParse(parsed);
    if (!frame.success) {
      const topic = topicSchema.safeParse((parsed as { topic?: unknown } | undefined)?.topic);
      send(connection, { type: "error", code: "invalid-argument", ...(topic.success ? { topic: topic.data } : {}) });
      return;
    }
    const message = frame.data;
    switch (message.type) {
      case "subscribe":
        void subscribe(connection, message.topic, message.after);
        break;
      case "unsubscribe":
        request(connection, message.topic);
        leave(connection, message.topic);
        break;
      case "typing": {
        const viewer = connection.viewer;
        const source = topics[message.topic.slice(0, message.topic.indexOf(":"))];
        if (!viewer || !source?.typing || !connection.subscriptions.has(message.topic)) return;
        if (now - (connection.lastTyping.get(message.topic) ?? 0) < TYPING_EVERY_MS) return;
        connection.lastTyping.set(message.topic, now);
        hub.publish({ type: "typing", topic: message.topic, uid: viewer.uid, displayName: viewer.name });
        break;
      }
    }
  }

  function onConnection(socket: WebSocket, viewer: Viewer | null): void {
    const connection: Connection = {
      socket,
      viewer,
      subscriptions: new Map(),
      alive: true,
      frames: new Window(connectionRate),
      lastTyping: new Map(),
      requests: new Map(),
    };
    connections.add(connection);
    if (viewer) presence?.add(SITE, viewer.uid, viewer.name);
    socket.on("pong", () => {
      connection.alive = true;
    });
    socket.on("message", (data, isBinary) => onFrame(connection, data as Buffer, isBinary));
    socket.on("error", () => socket.terminate());
    socket.on("close", () => {
      connections.delete(connection);
      for (const topic of [...connection.subscriptions.keys()]) leave(connection, topic);
      if (viewer) presence?.remove(SITE, viewer.uid);
    });
  }

  const heartbeat = setInterval(() => {
    for (const connection of connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
    // The frame counts of accounts with no connection left are forgotten.
    const online = new Set([...connections].flatMap((each) => (each.viewer ? [each.viewer.uid] : [])));
    for (const uid of accountWindows.keys()) if (!online.has(uid)) accountWindows.delete(uid);
  }, options.pingIntervalMs ?? PING_INTERVAL_MS);
  heartbeat.unref();

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (url.pathname !== SOCKET_PATH) return;
    const origin = request.headers.origin;
    if (origin !== undefined && !origins.has(origin)) {
      refuse(socket, 403, "Forbidden");
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(", "));
    }
    getViewer(auth, db, headers)
      .catch((error: unknown) => {
        logger.warn("websocket viewer lookup failed", { error });
        return null;
      })
      .then((viewer) => {
        if (socket.destroyed) return;
        wss.handleUpgrade(request, socket, head, (ws) => onConnection(ws, viewer));
      });
  };
  server.on("upgrade", onUpgrade);

  return {
    get size() {
      return connections.size;
    },
    get feedCount() {
      return feeds.size;
    },
    close: async () => {
      clearInterval(heartbeat);
      stopPresence?.();
      server.off("upgrade", onUpgrade);
      for (const connection of connections) connection.socket.close(1001, "going away");
      await new Promise<void>((done) => wss.close(() => done()));
    },
  };
}
