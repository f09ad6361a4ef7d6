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
 * This file admits sockets and assembles the rest: socket-connection.ts acts on one connection
 * (sending, frame counts, session checks), socket-subscriptions.ts moves connections in and out of
 * topics (history recovery, presence, typing). Topics come from features as `TopicSource`s
 * (topic-source.ts); none of these modules knows one.
 */
import { toAppError } from "../errors.ts";
import type { IncomingMessage, Server } from "node:http";
import type { BlockList } from "node:net";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { SOCKET_CLOSE, type SocketErrorCode, type ServerFrame } from "../../universal/realtime/protocol.ts";
import type { Auth } from "../auth/create-auth.ts";
import { getViewerAndSession, type Viewer } from "../auth/viewer.ts";
import { addressBucket, normalizeAddress, resolveClientIp } from "../http/client-ip.ts";
import type { Database } from "../../db/client.ts";
import type { Logger } from "../logger.ts";
import type { RealtimeHub } from "./hub.ts";
import { SITE, type Presence } from "./presence.ts";
import { SESSIONS_TOPIC } from "./session-ends.ts";
import {
  type Connection,
  createFrameLimits,
  createSend,
  createSessionCheck,
  type FrameRate,
  newConnection,
  readClientFrame,
} from "./socket-connection.ts";
import { createSubscriptions } from "./socket-subscriptions.ts";
import type { TopicSource } from "./topic-source.ts";

export const SOCKET_PATH = "/ws";
export const MAX_FRAME_BYTES = 16 * 1024;
export const PING_INTERVAL_MS = 25_000;
/** Past this much unsent data a client is a slow consumer and is dropped (it reconnects and resumes). */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/**
 * How long a socket's session check holds before a subscribe checks again (kept under a minute): a
 * session that ended without a word (expired, deleted in the database) is noticed at the next subscribe.
 */
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

export interface SocketServer {
  /** Live connections (for the bench and tests). */
  readonly size: number;
  /** Topics with a subscriber in this process (for tests: none once every client has gone). */
  readonly feedCount: number;
  /** Subscriptions of every live connection (a connection counts once per topic it follows). */
  readonly subscriptionCount: number;
  /** Closes every connection with 1001 (going away): clients reconnect, to another process if need be. */
  close(): Promise<void>;
}

export function attachSocketServer(server: Server, options: SocketServerOptions): SocketServer {
  const { hub, db, auth, logger, topics, presence } = options;
  const connectionRate = options.connectionRate ?? { max: 40, windowMs: 10_000 };
  const limits: SocketLimits = { ...DEFAULT_SOCKET_LIMITS, ...options.limits };
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
  const send = createSend(logger, options.maxBufferedBytes ?? MAX_BUFFERED_BYTES);
  const frameLimits = createFrameLimits(options.accountRate ?? { max: 100, windowMs: 10_000 });
  const stillHolds = createSessionCheck({
    db,
    logger,
    recheckMs: options.sessionRecheckMs ?? SESSION_RECHECK_MS,
    leaveAll: (connection) => subscriptions.leaveAll(connection),
  });
  const subscriptions = createSubscriptions({
    hub,
    logger,
    topics,
    presence,
    topicsPerConnection: limits.topicsPerConnection,
    send,
    stillHolds,
  });

  function refuse(socket: Duplex, status: number, reason: string): void {
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }

  const stopSessionEnds = hub.listen(SESSIONS_TOPIC, (event) => {
    if (event.type !== "sessions-changed") return;
    sessionChanges.set(event.uid, Date.now());
    for (const connection of connections) if (connection.viewer?.uid === event.uid) void stillHolds(connection, true);
  });
  // A sign-out, ban or role change announced while the bus was away would be missed: every
  // signed-in socket's session is read again.
  // Fifty at a time, so that a gap (which comes as the database or Redis returns) is not a burst of reads.
  const stopGaps = hub.onGap(() => {
    const signedIn = [...connections].filter((connection) => connection.viewer);
    void (async () => {
      for (let start = 0; start < signedIn.length; start += 50)
        await Promise.all(signedIn.slice(start, start + 50).map((connection) => stillHolds(connection, true)));
    })().catch((error: unknown) => logger.warn("re-reading sessions after a bus gap failed", { error }));
  });

  function onFrame(connection: Connection, data: Buffer, isBinary: boolean): void {
    const now = Date.now();
    if (!frameLimits.take(connection, now)) {
      send(connection, { type: "error", code: "resource-exhausted" });
      return;
    }
    const read = readClientFrame(data, isBinary);
    if ("error" in read) {
      send(connection, read.error);
      return;
    }
    const message = read.frame;
    switch (message.type) {
      case "subscribe":
        void subscriptions.subscribe(connection, message.topic, message.after);
        break;
      case "unsubscribe":
        subscriptions.unsubscribe(connection, message.topic);
        break;
      case "typing":
        subscriptions.typing(connection, message.topic, now);
        break;
    }
  }

  function onConnection(
    socket: WebSocket,
    stream: Duplex,
    viewer: Viewer | null,
    sessionId: string | undefined,
    address: string,
    readAt: number,
  ): void {
    const connection = newConnection(socket, stream, { viewer, sessionId, address, readAt }, connectionRate);
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
      subscriptions.leaveAll(connection);
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
    frameLimits.keepOnly(new Set([...connections].flatMap((each) => (each.viewer ? [each.viewer.uid] : []))));
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
        // The database away for a moment: not opened as a visitor's socket (the client tries again with its backoff).
        return toAppError(error).code === "unavailable" ? ("unavailable" as const) : null;
      })
      .then((identity) => {
        if (socket.destroyed) return;
        if (identity === "unavailable") {
          refuse(socket, 503, "Service Unavailable");
          return;
        }
        const full = identity
          ? (accountSockets.get(identity.viewer.uid) ?? 0) >= limits.socketsPerAccount
          : (visitorSockets.get(address) ?? 0) >= limits.socketsPerAddress;
        if (full) {
          refuseOpen(request, socket, head, "too-many-sockets");
          return;
        }
        wss.handleUpgrade(request, socket, head, (ws) =>
          onConnection(ws, socket, identity?.viewer ?? null, identity?.sessionId, address, readAt),
        );
      });
  };
  server.on("upgrade", onUpgrade);

  return {
    get size() {
      return connections.size;
    },
    get feedCount() {
      return subscriptions.feedCount;
    },
    get subscriptionCount() {
      let count = 0;
      for (const connection of connections) count += connection.subscriptions.size;
      return count;
    },
    close: async () => {
      clearInterval(heartbeat);
      subscriptions.close();
      stopSessionEnds();
      stopGaps();
      server.off("upgrade", onUpgrade);
      for (const connection of connections) connection.socket.close(1001, "going away");
      await new Promise<void>((done) => wss.close(() => done()));
    },
  };
}
