/**
 * What the cluster tests (and the soak) do as players and check afterwards: a chat client on `/ws`,
 * sign-up, a chat message sent, readiness read, the ledger of acknowledged writes checked against
 * the database, a report written to test-results/cluster/.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import pg from "pg";
import { expect } from "vitest";
import { WebSocket } from "ws";
import type { ServerFrame } from "../../universal/realtime/protocol.ts";
import { ROOM, type Ledger } from "./load.ts";

const REPORT_DIR = "test-results/cluster";

/** A `/ws` client that keeps the room's message ids and can wait for one. */
export class RoomClient {
  readonly ids: number[] = [];
  private socket!: WebSocket;
  private waiters: { id: number; done: () => void }[] = [];

  private readonly url: string;
  private readonly cookie: string;

  constructor(url: string, cookie: string) {
    this.url = url;
    this.cookie = cookie;
  }

  async connect(after?: number): Promise<void> {
    const origin = this.url.replace(/^ws/, "http").replace(/\/ws$/, "");
    this.socket = new WebSocket(this.url, { headers: { Origin: origin, Cookie: this.cookie } });
    await new Promise<void>((done, fail) => this.socket.once("open", () => done()).once("error", fail));
    const subscribed = new Promise<void>((done) => {
      this.socket.on("message", (data) => {
        const frame = JSON.parse(String(data)) as ServerFrame;
        if (frame.type === "subscribed" && frame.topic === `room:${ROOM}`) done();
        if (frame.type === "message" && frame.topic === `room:${ROOM}`) {
          this.ids.push(frame.id);
          this.waiters = this.waiters.filter((waiter) => !(waiter.id === frame.id && (waiter.done(), true)));
        }
      });
    });
    this.socket.send(JSON.stringify({ type: "subscribe", topic: `room:${ROOM}`, ...(after === undefined ? {} : { after }) }));
    await subscribed;
  }

  get closed(): Promise<void> {
    return this.socket.readyState === WebSocket.CLOSED ? Promise.resolve() : new Promise((done) => this.socket.once("close", () => done()));
  }

  received(id: number): Promise<void> {
    if (this.ids.includes(id)) return Promise.resolve();
    return new Promise((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`message ${id} not received; got ${this.ids.join(",")}`)), 15_000);
      this.waiters.push({
        id,
        done: () => {
          clearTimeout(timer);
          done();
        },
      });
    });
  }

  close(): void {
    this.socket.terminate();
  }
}

export async function signUp(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/json" },
    body: JSON.stringify({ email: `cluster-${randomUUID()}@example.vn`, password: "mat-khau-that-dai", name: "Cụm Máy" }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** Posts a chat message through `origin` (the answer it got, and the message's id when it was taken). */
export async function send(origin: string, publicOrigin: string, cookie: string, text: string, clientId = randomUUID()): Promise<number> {
  const response = await fetch(`${origin}/api/chat/rooms/${ROOM}/messages`, {
    method: "POST",
    headers: { Origin: publicOrigin, "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ text, clientId }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

export const readiness = async (origin: string) => {
  const response = await fetch(`${origin}/api/ready`);
  return {
    status: response.status,
    body: (await response.json()) as { status: string; bus: string; database: string; degraded: string[] },
  };
};

/** What the database holds of `ledger`: every acknowledged write, each once, under the id it was answered with. */
export async function expectLedgerKept(databaseUrl: string, ledger: Ledger): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const [table, written] of [
      ["chat_messages", ledger.chat],
      ["posts", ledger.posts],
      ["offers", ledger.offers],
    ] as const) {
      const { rows } = await client.query<{ client_id: string; id: string }>(
        `select client_id, id from ${table} where client_id = any($1)`,
        [[...written.keys()]],
      );
      const found = new Map<string, number[]>();
      for (const row of rows) found.set(row.client_id, [...(found.get(row.client_id) ?? []), Number(row.id)]);
      const wrong = [...written].filter(([clientId, id]) => found.get(clientId)?.join() !== String(id));
      expect(wrong, `${table}: acknowledged but missing, twice or under another id`).toEqual([]);
    }
    const { rows } = await client.query<{ id: string }>("select id from offers where id = any($1) and status <> 'cancelled'", [
      [...ledger.cancelled],
    ]);
    expect(rows, "offers whose cancel was acknowledged but are not cancelled").toEqual([]);
  } finally {
    await client.end();
  }
}

/** Writes a run's report beside the other test results (and prints it). */
export function writeReport(name: string, text: string, data: unknown): void {
  mkdirSync(REPORT_DIR, { recursive: true });
  writeFileSync(`${REPORT_DIR}/${name}.md`, text);
  writeFileSync(
    `${REPORT_DIR}/${name}.json`,
    JSON.stringify(data, (_, value) => (value instanceof Map ? value.size : value instanceof Set ? value.size : value), 2),
  );
  console.log(text);
}
