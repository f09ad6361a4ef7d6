/** For the socket tests: a `/ws` client that keeps every frame it is sent and waits for the ones a test expects. */
import { WebSocket } from "ws";
import type { ServerFrame } from "../../universal/realtime/protocol.ts";

/** A socket client that keeps every frame it is sent and waits for the ones a test expects. */
export class SocketTestClient {
  readonly frames: ServerFrame[] = [];
  readonly socket: WebSocket;
  readonly closed: Promise<number>;
  /** The close code and reason, once closed. */
  readonly ended: Promise<{ code: number; reason: string; at: number }>;
  private waiters: (() => void)[] = [];

  constructor(url: string, headers: Record<string, string>) {
    this.socket = new WebSocket(url, { headers });
    this.socket.on("message", (data) => {
      this.frames.push(JSON.parse(String(data)) as ServerFrame);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.ended = new Promise((done) => this.socket.on("close", (code, reason) => done({ code, reason: String(reason), at: Date.now() })));
    this.closed = this.ended.then(({ code }) => code);
  }

  opened(): Promise<void> {
    return new Promise((done, fail) => {
      this.socket.once("open", () => done());
      this.socket.once("error", fail);
    });
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  /** Resolves once a frame matches (frames already received count). */
  async waitFor(match: (frame: ServerFrame) => boolean, timeoutMs = 10_000): Promise<ServerFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching frame; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((done) => {
        const timer = setTimeout(done, 200);
        this.waiters.push(() => {
          clearTimeout(timer);
          done();
        });
      });
    }
  }

  close(): void {
    this.socket.close();
  }
}
