/**
 * The browser's one socket to `/ws`. Parts of pages subscribe to topics; the client connects when
 * the first topic is wanted, resumes every topic from the last id it saw after a reconnect (with
 * backoff and jitter, at once when the network or the tab comes back), and closes when no topic is
 * left. A failed connection is a state the page shows ("reconnecting"), never a console error.
 * When the server ends the socket because who held it changed (4401: the session ended; 4403: the
 * account was banned or given another role), the client says so (`onIdentityChanged`: the page
 * re-reads who is signed in) and reconnects at once, as what it now is. A topic refused as
 * `unauthenticated` says the same: the session ended while the socket was away.
 */
import { SOCKET_CLOSE, type ServerFrame } from "../../../universal/realtime/protocol.ts";

export type SocketState = "idle" | "connecting" | "open" | "reconnecting";
export type FrameListener = (frame: ServerFrame) => void;

interface TopicState {
  lastId: number | undefined;
  listeners: Set<FrameListener>;
}

const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 30_000;

/** The delay before reconnect attempt `attempt` (0-based): doubling from 0.5 s to 30 s, ±50 % jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** attempt);
  return Math.round(base * (0.5 + random()));
}

/** How long a socket no topic needs any more stays open, for the next page's topics. */
export const SOCKET_LINGER_MS = 5_000;

export class SocketClient {
  private socket: WebSocket | undefined;
  private readonly topics = new Map<string, TopicState>();
  private readonly stateListeners = new Set<(state: SocketState) => void>();
  private readonly identityListeners = new Set<(code: number, reason: string) => void>();
  private current: SocketState = "idle";
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lingering: ReturnType<typeof setTimeout> | undefined;
  private readonly url: () => string;

  constructor(url: () => string = () => `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws`) {
    this.url = url;
  }

  get state(): SocketState {
    return this.current;
  }

  onState(listener: (state: SocketState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Called when the server closed the socket because its session ended or its account changed. */
  onIdentityChanged(listener: (code: number, reason: string) => void): () => void {
    this.identityListeners.add(listener);
    return () => this.identityListeners.delete(listener);
  }

  /**
   * Listens to a topic from `after` (the last id the caller holds; undefined: live events only).
   * Several listeners share one subscription; the returned function stops listening.
   */
  subscribe(topic: string, after: number | undefined, listener: FrameListener): () => void {
    clearTimeout(this.lingering);
    this.lingering = undefined;
    let state = this.topics.get(topic);
    if (!state) {
      state = { lastId: after, listeners: new Set() };
      this.topics.set(topic, state);
      this.sendSubscribe(topic, state);
    } else if (after !== undefined && (state.lastId === undefined || after > state.lastId)) {
      state.lastId = after;
    }
    state.listeners.add(listener);
    this.ensureConnected();
    return () => {
      const known = this.topics.get(topic);
      if (!known) return;
      known.listeners.delete(listener);
      if (known.listeners.size > 0) return;
      this.topics.delete(topic);
      this.send({ type: "unsubscribe", topic });
      if (this.topics.size > 0) return;
      // A move in place (decision 044) ends the page's topics before the next page's are asked for: the
      // socket waits a moment for them rather than closing and opening again.
      clearTimeout(this.lingering);
      this.lingering = setTimeout(() => {
        this.lingering = undefined;
        if (this.topics.size === 0) this.stop();
      }, SOCKET_LINGER_MS);
    };
  }

  /** Tells the topic's other members this person is typing (the server throttles it). */
  typing(topic: string): void {
    this.send({ type: "typing", topic });
  }

  private setState(state: SocketState): void {
    if (state === this.current) return;
    this.current = state;
    for (const listener of this.stateListeners) listener(state);
  }

  private send(frame: object): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  private sendSubscribe(topic: string, state: TopicState): void {
    this.send({ type: "subscribe", topic, ...(state.lastId !== undefined ? { after: state.lastId } : {}) });
  }

  private ensureConnected(): void {
    if (this.socket || this.timer || typeof WebSocket === "undefined") return;
    this.setState(this.attempts === 0 ? "connecting" : "reconnecting");
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.attempts = 0;
      this.setState("open");
      for (const [topic, state] of this.topics) this.sendSubscribe(topic, state);
    });
    socket.addEventListener("message", (event) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as ServerFrame;
      } catch {
        return;
      }
      // A topic refused for want of a session: this page thought it had one, so who holds it changed.
      if (frame.type === "error" && frame.code === "unauthenticated")
        for (const listener of this.identityListeners) listener(SOCKET_CLOSE.sessionEnded, "unauthenticated");
      if (!("topic" in frame) || typeof frame.topic !== "string") return;
      const state = this.topics.get(frame.topic);
      if (!state) return;
      if ("id" in frame && typeof frame.id === "number") state.lastId = Math.max(state.lastId ?? 0, frame.id);
      if (frame.type === "subscribed" && state.lastId === undefined) state.lastId = frame.lastId ?? 0;
      for (const listener of state.listeners) listener(frame);
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      const identityChanged = event.code === SOCKET_CLOSE.sessionEnded || event.code === SOCKET_CLOSE.accountChanged;
      if (identityChanged) {
        for (const listener of this.identityListeners) listener(event.code, event.reason);
        // Not a failure: the next socket, as who this browser now is, comes after the shortest wait.
        this.attempts = 0;
      }
      if (this.topics.size === 0) {
        this.setState("idle");
        return;
      }
      this.setState("reconnecting");
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.ensureConnected();
      }, backoffDelay(this.attempts++));
    });
    // An error is followed by close, which reconnects; nothing to log.
    socket.addEventListener("error", () => {});
  }

  /** Reconnects now (the network or the tab came back) instead of waiting out the backoff. */
  retryNow(): void {
    if (this.socket || this.topics.size === 0) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.attempts = 0;
    this.ensureConnected();
  }

  private stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const socket = this.socket;
    this.socket = undefined;
    socket?.close(1000);
    this.attempts = 0;
    this.setState("idle");
  }
}

let shared: SocketClient | undefined;

/** The page's one client (browser only). */
export function socketClient(): SocketClient {
  if (!shared) {
    shared = new SocketClient();
    const client = shared;
    // The session ended (here or on another device) or the account changed: the page re-reads who is
    // signed in, and shows it (auth-start.ts refreshes a page that no longer matches).
    client.onIdentityChanged(() => {
      void import("../auth/auth-runtime.ts").then(({ authChanged }) => authChanged()).catch(() => undefined);
    });
    window.addEventListener("online", () => client.retryNow());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") client.retryNow();
    });
  }
  return shared;
}
