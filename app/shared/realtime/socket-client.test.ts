import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backoffDelay, SOCKET_LINGER_MS, SocketClient } from "./socket-client.ts";

describe("backoffDelay", () => {
  it("doubles from half a second up to 30 s, with ±50 % jitter", () => {
    expect(backoffDelay(0, () => 0.5)).toBe(500);
    expect(backoffDelay(1, () => 0.5)).toBe(1_000);
    expect(backoffDelay(3, () => 0.5)).toBe(4_000);
    expect(backoffDelay(20, () => 0.5)).toBe(30_000);
    expect(backoffDelay(2, () => 0)).toBe(1_000);
    expect(backoffDelay(2, () => 0.999)).toBe(2_998);
  });
});

/** A stand-in for the browser's WebSocket: the test opens and closes it as the server would. */
class FakeSocket extends EventTarget {
  static readonly OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = 0;
  readonly sent: string[] = [];
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
    FakeSocket.made.push(this);
  }
  send(text: string): void {
    this.sent.push(text);
  }
  closed = false;
  close(): void {
    this.closed = true;
  }
  open(): void {
    this.readyState = FakeSocket.OPEN;
    this.dispatchEvent(new Event("open"));
  }
  receive(frame: unknown): void {
    this.dispatchEvent(Object.assign(new Event("message"), { data: JSON.stringify(frame) }));
  }
  closeFromServer(code: number, reason: string): void {
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event("close"), { code, reason }));
  }
}

/** Each test of the block gets fresh fake sockets and fake timers. */
function useFakeSockets(): void {
  beforeEach(() => {
    FakeSocket.made = [];
    vi.useFakeTimers();
    vi.stubGlobal("WebSocket", FakeSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

describe("SocketClient, when the server ends the socket", () => {
  useFakeSockets();

  it("says who held it changed on 4401 and 4403, and reconnects and subscribes again as what it now is", () => {
    const client = new SocketClient(() => "ws://test/ws");
    const changes: [number, string][] = [];
    client.onIdentityChanged((code, reason) => changes.push([code, reason]));
    client.subscribe("user:u1", undefined, () => {});
    const first = FakeSocket.made[0] as FakeSocket;
    first.open();
    first.closeFromServer(4401, "signed-out");
    expect(changes).toEqual([[4401, "signed-out"]]);
    vi.advanceTimersByTime(1_000);
    const second = FakeSocket.made[1] as FakeSocket;
    expect(second).toBeDefined();
    second.open();
    expect(second.sent.map((text) => JSON.parse(text))).toEqual([{ type: "subscribe", topic: "user:u1" }]);
    second.closeFromServer(4403, "banned");
    expect(changes).toEqual([
      [4401, "signed-out"],
      [4403, "banned"],
    ]);
  });

  it("says who held it changed when a topic is refused for want of a session (the session ended while it reconnected)", () => {
    const client = new SocketClient(() => "ws://test/ws");
    const changes: [number, string][] = [];
    client.onIdentityChanged((code, reason) => changes.push([code, reason]));
    const frames: unknown[] = [];
    client.subscribe("user:u1", undefined, (frame) => frames.push(frame));
    const socket = FakeSocket.made[0] as FakeSocket;
    socket.open();
    socket.receive({ type: "error", topic: "user:u1", code: "permission-denied" });
    expect(changes).toEqual([]);
    socket.receive({ type: "error", topic: "user:u1", code: "unauthenticated" });
    expect(changes).toEqual([[4401, "unauthenticated"]]);
    expect(frames).toHaveLength(2);
  });

  it("treats any other close (1006, a limit's 1008) as a failure: no identity change, reconnect with backoff", () => {
    const client = new SocketClient(() => "ws://test/ws");
    const changes: number[] = [];
    client.onIdentityChanged((code) => changes.push(code));
    client.subscribe("feed:vi", undefined, () => {});
    (FakeSocket.made[0] as FakeSocket).closeFromServer(1008, "too-many-sockets");
    expect(changes).toEqual([]);
    expect(client.state).toBe("reconnecting");
  });
});

describe("SocketClient, when the page's last topic is left", () => {
  useFakeSockets();

  it("keeps the socket for the next page's topics, which subscribe on it without a new connection", () => {
    const client = new SocketClient(() => "ws://test/ws");
    const stop = client.subscribe("room:a", 5, () => {});
    const socket = FakeSocket.made[0] as FakeSocket;
    socket.open();
    stop();
    expect(socket.sent.at(-1)).toBe(JSON.stringify({ type: "unsubscribe", topic: "room:a" }));
    vi.advanceTimersByTime(SOCKET_LINGER_MS - 1);
    client.subscribe("room:b", 9, () => {});
    vi.advanceTimersByTime(SOCKET_LINGER_MS * 2);
    expect(socket.closed).toBe(false);
    expect(FakeSocket.made).toHaveLength(1);
    expect(socket.sent.at(-1)).toBe(JSON.stringify({ type: "subscribe", topic: "room:b", after: 9 }));
  });

  it("closes it once no topic has wanted it for a while", () => {
    const client = new SocketClient(() => "ws://test/ws");
    const stop = client.subscribe("room:a", undefined, () => {});
    const socket = FakeSocket.made[0] as FakeSocket;
    socket.open();
    stop();
    vi.advanceTimersByTime(SOCKET_LINGER_MS - 1);
    expect(socket.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(socket.closed).toBe(true);
  });
});
