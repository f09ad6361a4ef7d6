/**
 * How realtime events cross server processes: Redis pub/sub when `REDIS_URL` is set, else
 * PostgreSQL `LISTEN/NOTIFY` on a PostgreSQL database; PGlite runs one process and needs none.
 * A bus carries short strings (see hub.ts); it is not a queue: a process that was away catches up
 * from the database (the socket server's topic feeds read persisted events back in id order).
 */
import { Redis } from "ioredis";
import pg from "pg";
import type { Logger } from "../logger.ts";

export interface Bus {
  readonly kind: "redis" | "postgres";
  publish(payload: string): Promise<void>;
  /** Starts delivering every payload published by any process (this one included). */
  subscribe(onMessage: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
}

export const BUS_CHANNEL = "minithings_realtime";

export function redisBus(url: string, logger: Logger, channel = BUS_CHANNEL): Bus {
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: true });
  for (const client of [publisher, subscriber]) client.on("error", (error) => logger.warn("redis", { error }));
  return {
    kind: "redis",
    async publish(payload) {
      await publisher.publish(channel, payload);
    },
    async subscribe(onMessage) {
      subscriber.on("message", (from, payload: string) => {
        if (from === channel) onMessage(payload);
      });
      await subscriber.subscribe(channel);
    },
    async close() {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

/**
 * One dedicated connection listens; publishing uses `pg_notify` on the same connection. The
 * connection comes back after a loss (with a delay), and listens again.
 */
export function postgresBus(url: string, logger: Logger, channel = BUS_CHANNEL): Bus {
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let handler: ((payload: string) => void) | undefined;
  let closed = false;
  // One query at a time on the connection (pg refuses to queue them itself in its next major).
  let queue: Promise<unknown> = Promise.resolve();
  const query = (text: string, values?: unknown[]): Promise<unknown> => {
    const run = queue.then(async () => (client ?? (await connect())).query(text, values));
    queue = run.catch(() => {});
    return run;
  };

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url });
      next.on("notification", (message) => {
        if (message.channel === channel && message.payload !== undefined) handler?.(message.payload);
      });
      next.on("error", (error) => {
        logger.warn("the realtime bus lost its PostgreSQL connection", { error });
        if (client === next) client = undefined;
        connecting = undefined;
        if (!closed && handler) setTimeout(() => void connect().catch(() => {}), 1_000).unref();
      });
      await next.connect();
      client = next;
      // After a loss, listen again on the new connection.
      if (handler) void query(`LISTEN ${channel}`).catch((error: unknown) => logger.warn("LISTEN failed", { error }));
      return next;
    })().catch((error: unknown) => {
      connecting = undefined;
      throw error;
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
      if (client) await query(`LISTEN ${channel}`);
      else await connect();
    },
    async close() {
      closed = true;
      await client?.end().catch(() => {});
    },
  };
}
