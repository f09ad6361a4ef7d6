/**
 * A worker thread of the realtime bench holding a share of its WebSocket clients, so that receiving
 * 1,000 sockets' frames is spread over several event loops and a receipt is timed when it arrives,
 * not when a busy loop gets to it.
 *
 * Each client is one member's socket to one of the app processes. It subscribes to the room, and
 * times every message it receives against the send time written in the message's text (the
 * monotonic clock, `process.hrtime`, which every process on the machine shares). When its socket
 * closes it reconnects as the browser's client does (backoff with jitter, `backoffDelay`) to the
 * next process, and resumes with `after` = the last id it saw. It counts, never filters: a message
 * received twice is a duplicate, one never received is lost.
 */
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";
import { WebSocket } from "ws";
import type { ServerFrame } from "../../universal/realtime/protocol.ts";
import { backoffDelay } from "../../app/shared/realtime/socket-client.ts";
import { shareOf, type Share } from "./stats.ts";

export interface ClientSpec {
  cookie: string;
  /** Index into `servers` of the process it connects to first. */
  server: number;
}

export interface WorkerInput {
  topic: string;
  servers: { url: string; origin: string }[];
  clients: ClientSpec[];
}

export type Command =
  /** Connect, or subscribe, the clients of `share` (`[from, to)`, fractions of this worker's list: see `shareOf`). */
  | { type: "connect"; share: Share }
  | { type: "subscribe"; share: Share }
  /** Answer `caught-up` once every client has seen `lastId` (or after `timeoutMs`). */
  | { type: "await"; lastId: number; timeoutMs: number }
  | { type: "loop-reset" }
  | { type: "finish"; acked: number[] };

export interface Reconnect {
  /** Monotonic µs: the old socket closed, the new subscription said `subscribed`. */
  closedAt: number;
  subscribedAt: number;
  /** Time spent waiting out the backoff, ms. */
  waitedMs: number;
  attempts: number;
}

export interface WorkerResult {
  type: "result";
  /** Live deliveries (after `subscribed` on the socket): the receiving client (its index here), the message's sequence number, send time (µs) and latency (ms). */
  liveClient: Int32Array;
  liveSeq: Int32Array;
  liveSentAt: Float64Array;
  liveLatency: Float64Array;
  /** Deliveries replayed to a resuming client before its `subscribed`: latency (ms). */
  replayLatency: Float64Array;
  /** Each subscribe frame sent → its `subscribed` frame received (ms): the permission and session checks, the history read. */
  subscribeLatency: Float64Array;
  /** Per client: acknowledged messages never received, messages received more than once. */
  lost: Int32Array;
  duplicated: Int32Array;
  /** Messages received out of id order (a smaller id after a larger one). */
  outOfOrder: number;
  /** Messages received that were never acknowledged to the sender. */
  unacknowledged: number;
  reconnects: Reconnect[];
  errors: string[];
  loop: { delayP99: number; delayMax: number; utilization: number };
}

export type WorkerReply =
  | { type: "connected"; failed: string[] }
  | { type: "subscribed" }
  | { type: "caught-up"; behind: number }
  | { type: "loop-reset" }
  | WorkerResult;

const CONNECT_CONCURRENCY = 25;
const TEXT = /^bench (\d+) (\d+)$/;

interface Client {
  index: number;
  spec: ClientSpec;
  server: number;
  socket: WebSocket | undefined;
  /** The last message id seen; undefined until the first `subscribed`. */
  lastId: number | undefined;
  live: boolean;
  wantSubscription: boolean;
  counts: Map<number, number>;
  down: { closedAt: number; waitedMs: number; attempts: number } | undefined;
  onSubscribed: (() => void) | undefined;
  /** Monotonic µs the last subscribe frame was sent; undefined once answered. */
  subscribeSentAt: number | undefined;
}

const input = workerData as WorkerInput;
const port = parentPort;
if (!port) throw new Error("bench/realtime/clients.ts runs as a worker thread");

const nowUs = () => Number(process.hrtime.bigint() / 1000n);
const clients: Client[] = input.clients.map((spec, index) => ({
  index,
  spec,
  server: spec.server,
  socket: undefined,
  lastId: undefined,
  live: false,
  wantSubscription: false,
  counts: new Map(),
  down: undefined,
  onSubscribed: undefined,
  subscribeSentAt: undefined,
}));
const liveClient: number[] = [];
const liveSeq: number[] = [];
const liveSentAt: number[] = [];
const liveLatency: number[] = [];
const replayLatency: number[] = [];
const subscribeLatency: number[] = [];
const reconnects: Reconnect[] = [];
const errors: string[] = [];
let outOfOrder = 0;
let finishing = false;
let awaiting: { lastId: number; pending: Set<Client>; done: () => void } | undefined;
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();
let loopSince = performance.eventLoopUtilization();

function subscribe(client: Client): void {
  const frame =
    client.lastId === undefined
      ? { type: "subscribe", topic: input.topic }
      : { type: "subscribe", topic: input.topic, after: client.lastId };
  client.subscribeSentAt = nowUs();
  client.socket?.send(JSON.stringify(frame));
}

function onFrame(client: Client, data: string): void {
  const receivedAt = nowUs();
  const frame = JSON.parse(data) as ServerFrame;
  switch (frame.type) {
    case "message": {
      const seen = client.counts.get(frame.id) ?? 0;
      client.counts.set(frame.id, seen + 1);
      if (seen > 0) return;
      if (client.lastId !== undefined && frame.id <= client.lastId) outOfOrder += 1;
      client.lastId = Math.max(client.lastId ?? 0, frame.id);
      const sent = TEXT.exec(frame.message.text);
      if (sent) {
        const sentAt = Number(sent[2]);
        const latency = (receivedAt - sentAt) / 1000;
        if (client.live) {
          liveClient.push(client.index);
          liveSeq.push(Number(sent[1]));
          liveSentAt.push(sentAt);
          liveLatency.push(latency);
        } else {
          replayLatency.push(latency);
        }
      }
      if (awaiting && frame.id >= awaiting.lastId && awaiting.pending.delete(client) && awaiting.pending.size === 0) awaiting.done();
      return;
    }
    case "subscribed": {
      if (client.subscribeSentAt !== undefined) subscribeLatency.push((receivedAt - client.subscribeSentAt) / 1000);
      client.subscribeSentAt = undefined;
      client.live = true;
      client.lastId ??= frame.lastId ?? 0;
      if (client.down) {
        reconnects.push({
          closedAt: client.down.closedAt,
          subscribedAt: receivedAt,
          waitedMs: client.down.waitedMs,
          attempts: client.down.attempts,
        });
        client.down = undefined;
      }
      client.onSubscribed?.();
      client.onSubscribed = undefined;
      return;
    }
    case "error":
      errors.push(`client ${client.index}: ${frame.code}${frame.topic ? ` on ${frame.topic}` : ""}`);
      return;
    default:
      return;
  }
}

function connect(client: Client): Promise<void> {
  const { url, origin } = input.servers[client.server] as WorkerInput["servers"][number];
  const socket = new WebSocket(url, {
    headers: { Origin: origin, Cookie: client.spec.cookie },
    perMessageDeflate: false,
    handshakeTimeout: 10_000,
  });
  client.socket = socket;
  client.live = false;
  socket.on("message", (data) => onFrame(client, String(data)));
  // A failed connection also closes: the close handler retries.
  socket.on("error", () => {});
  socket.on("close", () => {
    if (client.socket !== socket || finishing) return;
    client.live = false;
    client.down ??= { closedAt: nowUs(), waitedMs: 0, attempts: 0 };
    const wait = backoffDelay(client.down.attempts);
    client.down.attempts += 1;
    client.down.waitedMs += wait;
    // The next process: the one this client was on may be gone.
    client.server = (client.server + 1) % input.servers.length;
    setTimeout(() => void connect(client).catch(() => {}), wait);
  });
  return new Promise((done, fail) => {
    socket.once("open", () => {
      if (client.wantSubscription) subscribe(client);
      done();
    });
    socket.once("close", () => fail(new Error(`client ${client.index}: the socket closed before it opened`)));
  });
}

async function connectAll(share: Share): Promise<string[]> {
  const chosen = shareOf(clients, share);
  const failed: string[] = [];
  let next = 0;
  const lane = async () => {
    while (next < chosen.length) {
      const client = chosen[next++] as Client;
      await connect(client).catch((error: Error) => failed.push(error.message));
    }
  };
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, lane));
  return failed;
}

async function subscribeAll(share: Share): Promise<void> {
  await Promise.all(
    shareOf(clients, share).map(
      (client) =>
        new Promise<void>((done) => {
          client.wantSubscription = true;
          client.onSubscribed = done;
          if (client.socket?.readyState === WebSocket.OPEN) subscribe(client);
        }),
    ),
  );
}

function awaitLastId(lastId: number, timeoutMs: number): Promise<number> {
  const pending = new Set(clients.filter((client) => (client.lastId ?? 0) < lastId));
  if (pending.size === 0) return Promise.resolve(0);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      awaiting = undefined;
      resolve(pending.size);
    }, timeoutMs);
    awaiting = {
      lastId,
      pending,
      done: () => {
        clearTimeout(timer);
        awaiting = undefined;
        resolve(0);
      },
    };
  });
}

function finish(acked: number[]): WorkerResult {
  finishing = true;
  const ackedSet = new Set(acked);
  const lost = new Int32Array(clients.length);
  const duplicated = new Int32Array(clients.length);
  let unacknowledged = 0;
  for (const client of clients) {
    for (const id of acked) if (!client.counts.has(id)) lost[client.index] = (lost[client.index] as number) + 1;
    for (const [id, times] of client.counts) {
      if (times > 1) duplicated[client.index] = (duplicated[client.index] as number) + times - 1;
      if (!ackedSet.has(id)) unacknowledged += 1;
    }
    client.socket?.terminate();
  }
  return {
    type: "result",
    liveClient: Int32Array.from(liveClient),
    liveSeq: Int32Array.from(liveSeq),
    liveSentAt: Float64Array.from(liveSentAt),
    liveLatency: Float64Array.from(liveLatency),
    replayLatency: Float64Array.from(replayLatency),
    subscribeLatency: Float64Array.from(subscribeLatency),
    lost,
    duplicated,
    outOfOrder,
    unacknowledged,
    reconnects,
    errors,
    loop: {
      delayP99: loopDelay.percentile(99) / 1e6,
      delayMax: loopDelay.max / 1e6,
      utilization: performance.eventLoopUtilization(loopSince).utilization,
    },
  };
}

port.on("message", (command: Command) => {
  const reply = (message: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  switch (command.type) {
    case "connect":
      void connectAll(command.share).then((failed) => reply({ type: "connected", failed }));
      break;
    case "subscribe":
      void subscribeAll(command.share).then(() => reply({ type: "subscribed" }));
      break;
    case "await":
      void awaitLastId(command.lastId, command.timeoutMs).then((behind) => reply({ type: "caught-up", behind }));
      break;
    case "loop-reset":
      loopDelay.reset();
      loopSince = performance.eventLoopUtilization();
      reply({ type: "loop-reset" });
      break;
    case "finish": {
      const result = finish(command.acked);
      const buffers = [
        result.liveClient,
        result.liveSeq,
        result.liveSentAt,
        result.liveLatency,
        result.replayLatency,
        result.subscribeLatency,
        result.lost,
        result.duplicated,
      ];
      reply(
        result,
        buffers.map((each) => each.buffer as ArrayBuffer),
      );
      break;
    }
  }
});
