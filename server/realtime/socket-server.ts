/**
 * The one WebSocket endpoint, `/ws`, on the app's port. It authenticates by the session cookie (or
 * a Bearer ID token) like the HTTP API, refuses other sites' pages (`Origin`), caps frames at 16 KB,
 * limits frames per connection and per account, pings every 25 s and drops peers that stop
 * answering, and drops a client that does not read what it is sent (slow consumer) instead of
 * letting its buffer grow.
 *
 * Who holds a socket is checked again: every socket of a member whose sessions changed (a sign-out,
 * a revoked session, a password change or reset, a ban, a role change, a deleted account: the hub's
 * `sessions-changed`, from any process) is checked against the database at once and closed with an
 * application code (4401: the session ended; 4403: the account changed) when it no longer holds; and
 * each subscribe checks the session again once the last check is `sessionRecheckMs` old.
 *
 * Limits (settings `WS_*`): topics per connection (an `error` frame `too-many-topics`), sockets per
 * account and visitor sockets per address, new connections per address per minute (each refused
 * with an `error` frame and close 1008 naming it). The socket counts and the connection rate are
 * counted in each process: behind N processes an account may hold N times as many sockets.
 *
 * Topics come from features as `TopicSource`s (who may read, what was missed, the newest id); this
 * module knows none of them. A subscription replays what the client missed after `after`, then
 * says `subscribed` (followed by the state a new subscriber starts from, where the topic has one),
 * then goes live, with no gap and no duplicate: it listens to the hub before it
 * reads the missed events, holds what arrives meanwhile, and sends each id once, in order.
 */
import type { IncomingMessage, Server } from "node:http";
import type { BlockList } from "node:net";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import {
  clientFrame,
  isRelayedTransient,
  PRESENCE_LIST_MAX,
  SOCKET_CLOSE,
  type SocketCloseReason,
  type SocketErrorCode,
  topicSchema,
  type PersistedEvent,
  type PresenceMember,
  type ServerFrame,
  type TransientEvent,
} from "../../universal/realtime/protocol.ts";
import type { Auth } from "../auth/create-auth.ts";
import { sessionStanding } from "../auth/session-standing.ts";
import { getViewerAndSession, type Viewer } from "../auth/viewer.ts";
import { addressBucket, normalizeAddress, resolveClientIp } from "../http/client-ip.ts";
import type { Database } from "../../db/client.ts";
import type { Logger } from "../logger.ts";
import type { RealtimeHub } from "./hub.ts";
import { SITE, type Presence, type PresenceChange } from "./presence.ts";
import { SESSIONS_TOPIC } from "./session-ends.ts";

export const SOCKET_PATH = "/ws";
export const MAX_FRAME_BYTES = 16 * 1024;
export const PING_INTERVAL_MS = 25_000;
/** Past this much unsent data a client is a slow consumer and is dropped (it reconnects and resumes). */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/** How long a socket's session check holds before a subscribe checks again (the issue allows 60 s). */
export const SESSION_RECHECK_MS = 30_000;
const MINUTE_MS = 60_000;

/** The socket limits; each is a setting (server/config.ts `WS_*`). 0 turns the connection rate off. */
export interface SocketLimits {
  topicsPerConnection: number;
  socketsPerAccount: number;
  /** Visitors' sockets (no session) from one address (IPv6: one /64). */
  socketsPerAddress: number;
  connectionsPerMinutePerAddress: number;
}

export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  topicsPerConnection: 50,
  socketsPerAccount: 10,
  socketsPerAddress: 20,
  connectionsPerMinutePerAddress: 300,
};

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
  limits?: Partial<SocketLimits>;
  /** See SESSION_RECHECK_MS (0: every subscribe checks). */
  sessionRecheckMs?: number;
  /** TRUST_PROXY's proxies (server/http/client-ip.ts), or null: the socket's peer is the client. */
  trustedProxies?: BlockList | null;
}

interface Connection {
  socket: WebSocket;
  viewer: Viewer | null;
  /** The session the socket opened with (undefined: a visitor, or a Bearer ID token). */
  sessionId: string | undefined;
  /** The client's address bucket (client-ip.ts), for the per-address limits. */
  address: string;
  /** When the session was last found to hold (ms). */
  checkedAt: number;
  /** A check under way, which a subscribe waits for instead of starting another. */
  checking: Promise<boolean> | undefined;
  /** Topic → this connection's place in the topic's feed. */
  subscriptions: Map<string, Member>;
  alive: boolean;
  frames: Window;
  lastTyping: Map<string, number>;
  /**
   * Topic → the latest subscribe or unsubscribe asked for it. A subscribe that awaited (the
   * permission, the history) goes on only while it is still the latest, so two subscribes, or a
   * subscribe and an unsubscribe, crossing each other never leave a second member behind. Holds
   * exactly the topics the connection has or is asking for: its size is what the topic limit counts.
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
  const limits: SocketLimits = { ...DEFAULT_SOCKET_LIMITS, ...options.limits };
  const sessionRecheckMs = options.sessionRecheckMs ?? SESSION_RECHECK_MS;
  const trustedProxies = options.trustedProxies ?? null;
  /** Sockets per account, visitors' sockets per address, new connections per address this minute. */
  const accountSockets = new Map<string, number>();
  const visitorSockets = new Map<string, number>();
  const newConnections = new Map<string, { start: number; count: number }>();
  /** Member → when their sessions last changed: a socket whose identity was read before that is checked at once. */
  const sessionChanges = new Map<string, number>();
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

  /** Ends a socket whose holder changed: nothing more reaches it, and its client learns why. */
  function end(connection: Connection, reason: SocketCloseReason): void {
    for (const topic of [...connection.subscriptions.keys()]) leave(connection, topic);
    connection.requests.clear();
    const code = reason === "banned" || reason === "role-changed" ? SOCKET_CLOSE.accountChanged : SOCKET_CLOSE.sessionEnded;
    connection.socket.close(code, reason);
  }

  /**
   * Whether the socket's session and account still hold (a visitor's always does); ends the socket
   * when not. `force`: check now (the member's sessions changed), else only once the last check is
   * `sessionRecheckMs` old, sharing a check under way. A check that fails (the database) lets the
   * socket be: the next one decides.
   */
  function stillHolds(connection: Connection, force: boolean): Promise<boolean> | boolean {
    const viewer = connection.viewer;
    if (!viewer) return true;
    if (connection.socket.readyState !== connection.socket.OPEN) return false;
    if (!force && Date.now() - connection.checkedAt < sessionRecheckMs) return true;
    if (!force && connection.checking) return connection.checking;
    const startedAt = Date.now();
    const check = sessionStanding(db, { uid: viewer.uid, role: viewer.role, sessionId: connection.sessionId }).then(
      (reason) => {
        if (reason) {
          end(connection, reason);
          return false;
        }
        connection.checkedAt = Math.max(connection.checkedAt, startedAt);
        return connection.socket.readyState === connection.socket.OPEN;
      },
      (error: unknown) => {
        logger.warn("a websocket session check failed", { error, uid: viewer.uid });
        return true;
      },
    );
    if (!force) {
      connection.checking = check;
      void check.finally(() => {
        if (connection.checking === check) connection.checking = undefined;
      });
    }
    return check;
  }

  const stopSessionEnds = hub.listen(SESSIONS_TOPIC, (event) => {
    if (event.type !== "sessions-changed") return;
    sessionChanges.set(event.uid, Date.now());
    for (const connection of connections) if (connection.viewer?.uid === event.uid) void stillHolds(connection, true);
  });

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
    if (!connection.requests.has(topic) && connection.requests.size >= limits.topicsPerConnection) {
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
        // No request left for the topic: a subscribe still under way for it stops at its next step.
        connection.requests.delete(message.topic);
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

  function onConnection(socket: WebSocket, viewer: Viewer | null, sessionId: string | undefined, address: string, readAt: number): void {
    const connection: Connection = {
      socket,
      viewer,
      sessionId,
      address,
      checkedAt: readAt,
      checking: undefined,
      subscriptions: new Map(),
      alive: true,
      frames: new Window(connectionRate),
      lastTyping: new Map(),
      requests: new Map(),
    };
    connections.add(connection);
    if (viewer) accountSockets.set(viewer.uid, (accountSockets.get(viewer.uid) ?? 0) + 1);
    else visitorSockets.set(address, (visitorSockets.get(address) ?? 0) + 1);
    if (viewer) presence?.add(SITE, viewer.uid, viewer.name);
    // The member's sessions changed while the upgrade read who they are: that reading may be stale.
    if (viewer && (sessionChanges.get(viewer.uid) ?? -1) >= readAt) void stillHolds(connection, true);
    socket.on("pong", () => {
      connection.alive = true;
    });
    socket.on("message", (data, isBinary) => onFrame(connection, data as Buffer, isBinary));
    socket.on("error", () => socket.terminate());
    socket.on("close", () => {
      connections.delete(connection);
      const counts = viewer ? accountSockets : visitorSockets;
      const key = viewer ? viewer.uid : address;
      const left = (counts.get(key) ?? 1) - 1;
      if (left > 0) counts.set(key, left);
      else counts.delete(key);
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
    const now = Date.now();
    for (const [address, window] of newConnections) if (now - window.start >= MINUTE_MS) newConnections.delete(address);
    for (const [uid, at] of sessionChanges) if (now - at >= MINUTE_MS) sessionChanges.delete(uid);
  }, options.pingIntervalMs ?? PING_INTERVAL_MS);
  heartbeat.unref();

  /** Whether the address may open one more connection this minute (a fixed one-minute window). */
  function takeConnection(address: string, now: number): boolean {
    if (limits.connectionsPerMinutePerAddress <= 0) return true;
    let window = newConnections.get(address);
    if (!window || now - window.start >= MINUTE_MS) newConnections.set(address, (window = { start: now, count: 0 }));
    window.count += 1;
    return window.count <= limits.connectionsPerMinutePerAddress;
  }

  /**
   * Refuses a socket for a limit in words a browser can read (it sees no HTTP status on a failed
   * upgrade): the upgrade completes, an `error` frame names the limit, and the socket closes with
   * 1008 (policy) and the same code.
   */
  function refuseOpen(request: IncomingMessage, socket: Duplex, head: Buffer, code: SocketErrorCode): void {
    wss.handleUpgrade(request, socket, head, (ws) => {
      ws.on("error", () => ws.terminate());
      ws.send(JSON.stringify({ type: "error", code } satisfies ServerFrame));
      ws.close(SOCKET_CLOSE.policy, code);
    });
  }

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (url.pathname !== SOCKET_PATH) return;
    const origin = request.headers.origin;
    if (origin !== undefined && !origins.has(origin)) {
      refuse(socket, 403, "Forbidden");
      return;
    }
    const forwardedFor = request.headers["x-forwarded-for"];
    const client = resolveClientIp(
      normalizeAddress(request.socket.remoteAddress ?? ""),
      Array.isArray(forwardedFor) ? forwardedFor.join(", ") : forwardedFor,
      trustedProxies,
    );
    const address = addressBucket(client ?? "0.0.0.0");
    if (!takeConnection(address, Date.now())) {
      refuseOpen(request, socket, head, "too-many-connections");
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(", "));
    }
    const readAt = Date.now();
    getViewerAndSession(auth, db, headers)
      .catch((error: unknown) => {
        logger.warn("websocket viewer lookup failed", { error });
        return null;
      })
      .then((identity) => {
        if (socket.destroyed) return;
        const full = identity
          ? (accountSockets.get(identity.viewer.uid) ?? 0) >= limits.socketsPerAccount
          : (visitorSockets.get(address) ?? 0) >= limits.socketsPerAddress;
        if (full) {
          refuseOpen(request, socket, head, "too-many-sockets");
          return;
        }
        wss.handleUpgrade(request, socket, head, (ws) => onConnection(ws, identity?.viewer ?? null, identity?.sessionId, address, readAt));
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
      stopSessionEnds();
      server.off("upgrade", onUpgrade);
      for (const connection of connections) connection.socket.close(1001, "going away");
      await new Promise<void>((done) => wss.close(() => done()));
    },
  };
}
