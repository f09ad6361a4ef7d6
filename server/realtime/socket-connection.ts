/**
 * One socket and what it holds: its viewer and session, its subscriptions, its frame counts. Here
 * are the pieces that act on a single connection: sending to it (dropping a slow consumer), reading
 * and counting the frames it sends, and checking that its session and account still hold (closing it
 * with an application code when not). socket-server.ts admits sockets and wires these together;
 * socket-subscriptions.ts moves a connection in and out of topics.
 */
import type { Duplex } from "node:stream";
import type { WebSocket } from "ws";
import { type ClientFrame, clientFrame, topicSchema } from "../../universal/realtime/client-frames.ts";
import { SOCKET_CLOSE, type SocketCloseReason, type PersistedEvent, type ServerFrame } from "../../universal/realtime/protocol.ts";
import { sessionStanding } from "../auth/session-standing.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { Database } from "../../db/client.ts";
import type { Logger } from "../logger.ts";

export interface FrameRate {
  max: number;
  windowMs: number;
}

/** A fixed-window counter. */
export class FrameWindow {
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

export interface Connection {
  socket: WebSocket;
  /** The upgraded TCP stream under `socket`: corked for the rest of a tick in which frames are sent, so that they leave together. */
  stream: Duplex;
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
  frames: FrameWindow;
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
export interface Member {
  connection: Connection;
  lastSent: number;
  live: boolean;
  held: PersistedEvent[];
  /** Counted in the topic's presence (removed when it leaves). */
  present: boolean;
}

/** A new connection, holding nothing yet; `readAt`: when its viewer was read (its session held then). */
export function newConnection(
  socket: WebSocket,
  stream: Duplex,
  identity: { viewer: Viewer | null; sessionId: string | undefined; address: string; readAt: number },
  rate: FrameRate,
): Connection {
  return {
    socket,
    stream,
    viewer: identity.viewer,
    sessionId: identity.sessionId,
    address: identity.address,
    checkedAt: identity.readAt,
    checking: undefined,
    subscriptions: new Map(),
    alive: true,
    frames: new FrameWindow(rate),
    lastTyping: new Map(),
    requests: new Map(),
  };
}

/** Sends a frame to a connection; `text` is the frame as JSON, when the caller sends one frame to many (serialised once). */
export type Send = (connection: Connection, frame: ServerFrame, text?: string) => void;

/** Lets the frames sent in this tick go, in as few writes as the kernel allows. */
function uncork(stream: Duplex): void {
  stream.uncork();
}

/**
 * A sender that drops a client past `maxBuffered` bytes of unsent data (a slow consumer: it
 * reconnects and resumes). The frames one connection is sent in the same tick (a resume's replay and
 * `subscribed`, a batch of events) leave in one write: each write to a socket is a system call, and
 * on a busy process they were most of a resume's cost.
 */
export function createSend(logger: Logger, maxBuffered: number): Send {
  return (connection, frame, text) => {
    const { socket } = connection;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > maxBuffered) {
      logger.warn("dropping a slow websocket consumer", { uid: connection.viewer?.uid, buffered: socket.bufferedAmount });
      socket.terminate();
      return;
    }
    // Uncorked between ws's own sends: the first frame of the tick corks it until the tick ends.
    const { stream } = connection;
    if (stream.writableCorked === 0) {
      stream.cork();
      process.nextTick(uncork, stream);
    }
    socket.send(text ?? JSON.stringify(frame));
  };
}

/**
 * Frame counts: each connection's own window, and one window per account over all its connections.
 * Both are counted for every frame, whichever refuses it.
 */
export function createFrameLimits(accountRate: FrameRate) {
  const accountWindows = new Map<string, FrameWindow>();
  return {
    /** Whether the connection (and its account) may send one more frame now. */
    take(connection: Connection, now: number): boolean {
      const uid = connection.viewer?.uid;
      let account: FrameWindow | undefined;
      if (uid) {
        account = accountWindows.get(uid);
        if (!account) accountWindows.set(uid, (account = new FrameWindow(accountRate)));
      }
      const allowedHere = connection.frames.take(now);
      const allowedAccount = account ? account.take(now) : true;
      return allowedHere && allowedAccount;
    },
    /** Forgets the frame counts of accounts with no connection left. */
    keepOnly(online: ReadonlySet<string>): void {
      for (const uid of accountWindows.keys()) if (!online.has(uid)) accountWindows.delete(uid);
    },
  };
}

/** A client's frame read: the frame, or the `invalid-argument` error to answer (naming the topic when it had one). */
export function readClientFrame(data: Buffer, isBinary: boolean): { frame: ClientFrame } | { error: ServerFrame } {
  let parsed: unknown;
  try {
    parsed = isBinary ? undefined : JSON.parse(data.toString("utf8"));
  } catch {
    parsed = undefined;
  }
  const frame = clientFrame.safeParse(parsed);
  if (frame.success) return { frame: frame.data };
  const topic = topicSchema.safeParse((parsed as { topic?: unknown } | undefined)?.topic);
  return { error: { type: "error", code: "invalid-argument", ...(topic.success ? { topic: topic.data } : {}) } };
}

export interface SessionCheckOptions {
  db: Database;
  logger: Logger;
  /** How long a check holds before a subscribe checks again (0: every subscribe checks). */
  recheckMs: number;
  /** Takes the connection out of every topic it has (an ended socket gets nothing more). */
  leaveAll(connection: Connection): void;
}

/**
 * Whether a socket's session and account still hold (a visitor's always does); ends the socket
 * when not. `force`: check now (the member's sessions changed), else only once the last check is
 * `recheckMs` old, sharing a check under way. A check that fails (the database) lets the socket
 * be: the next one decides.
 */
export type StillHolds = (connection: Connection, force: boolean) => Promise<boolean> | boolean;

export function createSessionCheck({ db, logger, recheckMs, leaveAll }: SessionCheckOptions): StillHolds {
  /** Ends a socket whose holder changed: nothing more reaches it, and its client learns why. */
  function end(connection: Connection, reason: SocketCloseReason): void {
    leaveAll(connection);
    connection.requests.clear();
    const code = reason === "banned" || reason === "role-changed" ? SOCKET_CLOSE.accountChanged : SOCKET_CLOSE.sessionEnded;
    connection.socket.close(code, reason);
  }

  return (connection, force) => {
    const viewer = connection.viewer;
    if (!viewer) return true;
    if (connection.socket.readyState !== connection.socket.OPEN) return false;
    if (!force && Date.now() - connection.checkedAt < recheckMs) return true;
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
  };
}
