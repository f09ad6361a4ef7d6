/**
 * How realtime events cross server processes: Redis pub/sub when `REDIS_URL` is set, with
 * PostgreSQL `LISTEN/NOTIFY` beside it for when Redis is away (`failoverBus`), else NOTIFY alone on
 * a PostgreSQL database; PGlite runs one process and needs none. A bus carries short strings (see
 * hub.ts); it is not a queue: a process that was away catches up from the database (the socket
 * server's topic feeds read persisted events back in id order, woken again after a gap).
 */
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";
import type { Logger } from "../logger.ts";

/** How events cross processes now, and which of the parts that carry them are away. */
export interface BusHealth {
  transport: "redis" | "notify";
  /** `notify`: the PostgreSQL listener is reconnecting (events from other processes wait for it). */
  degraded: ("redis" | "notify")[];
}

export interface Bus {
  readonly kind: "redis" | "postgres";
  publish(payload: string): Promise<void>;
  /** Starts delivering every payload published by any process (this one included). */
  subscribe(onMessage: (payload: string) => void): Promise<void>;
  health(): BusHealth;
  /**
   * Calls `listener` when events may have been missed (the bus reconnected, or moved from one
   * transport to the other): listeners read again what they keep. Returns the function that stops it.
   */
  onGap(listener: () => void): () => void;
  close(): Promise<void>;
}

function gapListeners() {
  const listeners = new Set<() => void>();
  return {
    add(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit() {
      for (const listener of listeners) listener();
    },
  };
}

export const BUS_CHANNEL = "minithings_realtime";

/**
 * One dedicated connection listens; publishing uses `pg_notify` on the same connection. After a
 * loss (a restart, a terminated connection) it connects again, every second at first and then less
 * often up to every 5 s, until the database answers, and listens again.
 */
export function postgresBus(url: string, logger: Logger, channel = BUS_CHANNEL): Bus {
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let handler: ((payload: string) => void) | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  const gaps = gapListeners();
  // One query at a time on the connection (pg refuses to queue them itself in its next major).
  let queue: Promise<unknown> = Promise.resolve();
  const query = (text: string, values?: unknown[]): Promise<unknown> => {
    const run = queue.then(async () => (client ?? (await connect())).query(text, values));
    queue = run.catch(() => {});
    return run;
  };

  const lost = (next: pg.Client, error?: Error) => {
    // An older connection, or one still connecting (whose connect() fails instead): nothing to do.
    if (client !== next) return;
    client = undefined;
    logger.warn("the realtime bus lost its PostgreSQL connection", { error });
    next.end().catch(() => {});
    reconnectLater();
  };
  const reconnectLater = () => {
    if (closed || !handler || retry || client) return;
    const delay = Math.min(1_000 * 2 ** Math.min(failures, 3), 5_000);
    retry = setTimeout(() => {
      retry = undefined;
      if (client) return;
      void connect().catch(() => {
        failures += 1;
        reconnectLater();
      });
    }, delay);
    retry.unref();
  };

  let listenedBefore = false;
  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url });
      next.on("notification", (message) => {
        if (message.channel === channel && message.payload !== undefined) handler?.(message.payload);
      });
      next.on("error", (error) => lost(next, error));
      next.on("end", () => lost(next));
      try {
        await next.connect();
        if (handler) await next.query(`LISTEN ${channel}`);
      } catch (error) {
        next.end().catch(() => {});
        throw error;
      }
      client = next;
      failures = 0;
      if (handler) {
        // Listening again after a loss: what was published meanwhile never came.
        if (listenedBefore) {
          logger.info("the realtime bus is connected to PostgreSQL again");
          gaps.emit();
        }
        listenedBefore = true;
      }
      return next;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  return {
    kind: "postgres",
    async publish(payload) {
      await query("select pg_notify($1, $2)", [channel, payload]);
    },
    async subscribe(onMessage) {
      handler = onMessage;
      if (client) {
        await query(`LISTEN ${channel}`);
        listenedBefore = true;
        return;
      }
      await connect().catch((error: unknown) => {
        reconnectLater();
        throw error;
      });
    },
    health: () => ({ transport: "notify", degraded: handler && !client ? ["notify"] : [] }),
    onGap: gaps.add,
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}

/** A message of the failover bus: `origin:sequence:payload`, so that one sent both ways is taken once. */
const CONTROL_REDIS_DOWN = "!redis-down";
/** How long after a peer said its Redis subscription is down (or after Redis came back) events go both ways. */
const BOTH_WAYS_MS = 6_000;
/** How often a process whose Redis subscription is down says so (through NOTIFY). */
const ANNOUNCE_MS = 2_000;
/** Sequence numbers remembered per origin to drop a copy; origins not heard from for this long are forgotten. */
const SEEN_PER_ORIGIN = 4_096;
const ORIGIN_IDLE_MS = 10 * 60_000;

/**
 * Redis pub/sub with PostgreSQL NOTIFY beside it, so that Redis is not a single point of failure.
 * Events go through Redis while it answers; a publish Redis refuses (or that finds it away) goes
 * through NOTIFY instead, and every process listens on both. A process whose own Redis subscription
 * is down says so through NOTIFY every 2 s, and while any did (or for 6 s after Redis came back,
 * while the others subscribe again) events go both ways. Each message carries its origin and a
 * sequence number, so a copy that arrives both ways is delivered once (typing and presence
 * included). Each move between transports is logged, shown by `health()` (readiness), and reported
 * as a gap: listeners read again from the database what a lost event would have told them.
 */
export function failoverBus(redisUrl: string, notify: Bus, logger: Logger, channel = BUS_CHANNEL): Bus {
  // Fails at once while Redis is away (no offline queue, one attempt), so the event goes through NOTIFY without delay.
  const publisher = new Redis(redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: 1_000 });
  // The subscription waits for Redis however long it is away (ioredis subscribes again only to channels it confirmed).
  const subscriber = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: null });
  let confirmed = false;
  const origin = randomUUID();
  const gaps = gapListeners();
  let sequence = 0;
  let bothWaysUntil = 0;
  let handler: ((payload: string) => void) | undefined;
  let announcer: NodeJS.Timeout | undefined;
  let closed = false;
  const seen = new Map<string, { floor: number; numbers: Set<number>; order: number[]; heard: number }>();

  const redisUp = () => confirmed && publisher.status === "ready" && subscriber.status === "ready";
  let wasUp = false;
  const noteState = () => {
    const up = redisUp();
    if (up === wasUp) return;
    wasUp = up;
    if (up) {
      logger.info("Redis is back: realtime events cross processes through it again");
      bothWaysUntil = Date.now() + BOTH_WAYS_MS;
    } else if (!closed) {
      logger.warn("Redis is unreachable: realtime events cross processes through PostgreSQL NOTIFY until it returns");
    }
    gaps.emit();
  };
  for (const client of [publisher, subscriber]) {
    // ioredis logs nothing itself; it tries again on its own (every 2 s at most) and reports each failure here.
    client.on("error", (error) => logger.debug("redis", { error }));
    client.on("ready", noteState);
    client.on("close", noteState);
  }
  subscriber.on("close", () => announceWhileDown());
  subscriber.on("ready", () => {
    clearInterval(announcer);
    announcer = undefined;
  });

  const announce = () => {
    if (!closed) notify.publish(`${origin}:0:${CONTROL_REDIS_DOWN}`).catch(() => {});
  };
  const announceWhileDown = () => {
    if (announcer || closed || !handler) return;
    announce();
    announcer = setInterval(announce, ANNOUNCE_MS);
    announcer.unref();
  };

  /** Whether this copy was delivered already (by the other way). */
  const duplicate = (from: string, number: number): boolean => {
    const now = Date.now();
    let record = seen.get(from);
    if (!record) {
      if (seen.size >= 64) for (const [key, each] of seen) if (now - each.heard > ORIGIN_IDLE_MS) seen.delete(key);
      record = { floor: 0, numbers: new Set(), order: [], heard: now };
      seen.set(from, record);
    }
    record.heard = now;
    if (number <= record.floor || record.numbers.has(number)) return true;
    record.numbers.add(number);
    record.order.push(number);
    if (record.order.length > SEEN_PER_ORIGIN) {
      const dropped = record.order.splice(0, record.order.length - SEEN_PER_ORIGIN);
      for (const each of dropped) {
        record.numbers.delete(each);
        record.floor = Math.max(record.floor, each);
      }
    }
    return false;
  };

  const receive = (message: string) => {
    // A process of the version before this bus (a rolling upgrade) sends the payload alone: taken as it is.
    if (message.startsWith("{")) {
      handler?.(message);
      return;
    }
    const first = message.indexOf(":");
    const second = message.indexOf(":", first + 1);
    if (first <= 0 || second <= first) return;
    const from = message.slice(0, first);
    const number = Number(message.slice(first + 1, second));
    const payload = message.slice(second + 1);
    if (number === 0) {
      // A peer's Redis subscription is down: until it says so no more, events go both ways.
      if (payload === CONTROL_REDIS_DOWN && from !== origin) bothWaysUntil = Math.max(bothWaysUntil, Date.now() + BOTH_WAYS_MS);
      return;
    }
    if (!Number.isSafeInteger(number) || duplicate(from, number)) return;
    handler?.(payload);
  };

  const throughNotify = (message: string) => notify.publish(message);

  return {
    kind: "redis",
    async publish(payload) {
      const message = `${origin}:${++sequence}:${payload}`;
      const bothWays = Date.now() < bothWaysUntil || subscriber.status !== "ready";
      if (publisher.status !== "ready") return throughNotify(message);
      const sent = publisher.publish(channel, message).then(
        () => true,
        (error: unknown) => {
          logger.warn("a realtime event did not go through Redis: it goes through PostgreSQL NOTIFY", { error });
          return false;
        },
      );
      if (bothWays) {
        await Promise.all([sent, throughNotify(message)]);
        return;
      }
      if (!(await sent)) await throughNotify(message);
    },
    async subscribe(onMessage) {
      handler = onMessage;
      subscriber.on("message", (from, message: string) => {
        if (from === channel) receive(message);
      });
      await notify.subscribe(receive);
      // Redis may be away at start: NOTIFY carries events until it comes (ioredis keeps trying).
      publisher.connect().catch(() => {});
      // Ready once Redis confirms the subscription, or after 3 s without it (ioredis keeps trying).
      const subscribed = subscriber.subscribe(channel).then(
        () => {
          confirmed = true;
          noteState();
          return true;
        },
        (error: unknown) => {
          logger.error("the Redis subscription failed: realtime events cross processes through PostgreSQL NOTIFY", { error });
          return false;
        },
      );
      const inTime = await Promise.race([subscribed, new Promise<false>((done) => setTimeout(done, 3_000, false).unref())]);
      wasUp = redisUp();
      if (!inTime) {
        logger.warn("Redis is unreachable at start: realtime events cross processes through PostgreSQL NOTIFY until it comes");
        announceWhileDown();
      }
    },
    health: () => {
      const listener = notify.health().degraded;
      return redisUp() ? { transport: "redis", degraded: listener } : { transport: "notify", degraded: ["redis", ...listener] };
    },
    onGap(listener) {
      const stopNotify = notify.onGap(listener);
      const stop = gaps.add(listener);
      return () => {
        stopNotify();
        stop();
      };
    },
    async close() {
      closed = true;
      clearInterval(announcer);
      await Promise.allSettled([publisher.quit(), subscriber.quit(), notify.close()]);
    },
  };
}
