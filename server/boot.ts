import type { IncomingMessage, ServerResponse } from "node:http";
import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { resolve } from "node:path";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { openDatabase } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { createApp } from "./create-app.ts";
import { createLogger } from "./logger.ts";
import { issueSetupLink } from "./auth/admin-setup.ts";
import { createServices, trustedOrigins } from "./services.ts";
import { createHub } from "./realtime/hub.ts";
import { failoverBus, postgresBus } from "./realtime/bus.ts";
import { createMetrics } from "./http/metrics.ts";
import { attachSocketServer } from "./realtime/socket-server.ts";
import { trustedProxyList } from "./http/client-ip.ts";
import { createPresence } from "./realtime/presence.ts";
import { realtimeTopics } from "./realtime-topics.ts";
import { ensureContent } from "./content/content-store.ts";
import { startOfferExpiry } from "./offers/expire-offers.ts";
import { startEventReminders } from "./clans/clan-events.ts";
import { startAnnouncementNotifications } from "./announcements/announcements.ts";
import { startRankingSnapshots } from "./rankings/rankings.ts";
import { startDashboardRollUp } from "./dashboard/dashboard.ts";
import { startSessionSweep } from "./auth/session-sweep.ts";

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

export interface BootOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Serve the client build from here (production); development leaves assets to Vite. */
  clientDir?: string;
  /** Wraps the Node listener, e.g. with Vite's dev middleware. */
  wrapListener?: (listener: Listener) => Listener;
}

/**
 * Validates the configuration, opens and migrates the database, serves the app on one port, and
 * shuts down gracefully on SIGTERM/SIGINT: in-flight requests finish, then the database closes.
 */
export async function boot({ build, clientDir, wrapListener = (listener) => listener }: BootOptions) {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: resolve(config.DATA_DIR) }, {
    onConnectionLost: (error) => logger.warn("database connection lost; the pool will reconnect", { error }),
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  });
  await migrateDatabase(database);
  await database.withMaintenanceSession((db) => ensureContent(db, logger));
  logger.info("database ready", { database: database.kind, dataDir: database.kind === "pglite" ? resolve(config.DATA_DIR) : undefined });

  // PGlite serves one process; on PostgreSQL, several processes share events through a bus: Redis
  // with NOTIFY beside it for when Redis is away, or NOTIFY alone.
  const bus = !config.DATABASE_URL
    ? undefined
    : config.REDIS_URL
      ? failoverBus(config.REDIS_URL, postgresBus(config.DATABASE_URL, logger), logger)
      : postgresBus(config.DATABASE_URL, logger);
  const hub = createHub({ bus, logger });
  // The identity provider tells the hub when a member's sessions end (their sockets close, everywhere).
  const services = await createServices(config, database, logger, hub);
  // Who is online: the sockets keep it, the offers' book shows it.
  const presence = createPresence({ hub, db: database.db, logger });
  const metrics = config.METRICS_TOKEN ? createMetrics({ hub, database }) : undefined;
  const app = createApp({
    config,
    logger,
    database,
    build,
    clientDir,
    auth: services.auth,
    analytics: services.analytics,
    hub,
    presence,
    metrics,
  });
  const server = createServer(wrapListener(getRequestListener(app.fetch)));
  // An idle keep-alive connection stays open longer than the clients and proxies in front keep theirs
  // (Node's 5 s closed it just as a client sent on it: ECONNRESET, seen once in a journey).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const sockets = attachSocketServer(server, {
    hub,
    db: database.db,
    auth: services.auth,
    logger,
    allowedOrigins: trustedOrigins(config),
    topics: realtimeTopics(database.db),
    presence,
    limits: {
      topicsPerConnection: config.WS_MAX_TOPICS_PER_CONNECTION,
      socketsPerAccount: config.WS_MAX_SOCKETS_PER_ACCOUNT,
      socketsPerAddress: config.WS_MAX_SOCKETS_PER_ADDRESS,
      connectionsPerMinutePerAddress: config.WS_CONNECTIONS_PER_MINUTE_PER_ADDRESS,
    },
    trustedProxies: config.TRUST_PROXY ? trustedProxyList(config.TRUSTED_PROXIES) : null,
  });
  metrics?.watchSockets(sockets);
  // Offers past their end expire on a schedule (each once, whatever the processes).
  const stopOfferExpiry = startOfferExpiry(database.db, hub, logger, presence);
  // Clan events remind those who answered going or maybe, 30 minutes before (each once, whatever the processes).
  const stopEventReminders = startEventReminders(database.db, hub, logger);
  // Each game week's rankings snapshot, written once (whatever the processes) within a minute of Monday 00:00 UTC+7.
  const stopSnapshots = startRankingSnapshots(database.db, hub, logger);
  // Announcements that asked to notify every member: in batches, each member once, whatever the processes.
  const stopAnnouncements = startAnnouncementNotifications(database.db, hub, logger);
  // The admin dashboard's daily roll-up: today counted again each minute, a missing day once.
  const stopDashboard = startDashboardRollUp(database.db, logger, config.DASHBOARD_REFRESH_SECONDS * 1_000);
  // Sessions past their end, which no request deletes, every hour (the same whichever process does it).
  const stopSessionSweep = startSessionSweep(database.db, logger);
  await new Promise<void>((done) => server.listen(config.PORT, config.HOST, done));
  const shownHost = config.HOST === "0.0.0.0" || config.HOST === "127.0.0.1" ? "localhost" : config.HOST;
  logger.info("listening", { url: `http://${shownHost}:${config.PORT}`, mode: config.NODE_ENV, realtime: bus?.kind ?? "in-process" });
  const setupPath = await issueSetupLink(database.db);
  if (setupPath) {
    const url = `${services.baseURL}${setupPath}`;
    logger.warn("no admin yet: sign in, then open this one-time link within 1 hour to become admin", { url });
    // For automation (provisioning scripts, the browser journeys): the link in a file only the owner reads.
    if (config.SETUP_LINK_FILE) writeFileSync(config.SETUP_LINK_FILE, `${url}\n`, { mode: 0o600 });
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting down", { signal });
    const force = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    stopOfferExpiry();
    stopEventReminders();
    stopAnnouncements();
    stopDashboard();
    stopSnapshots();
    stopSessionSweep();
    // Sockets are told the server is going away (1001): their clients reconnect and resume.
    const socketsClosed = sockets.close();
    server.close(async () => {
      clearTimeout(force);
      await socketsClosed;
      await presence.close();
      await hub.close();
      await database.close();
      logger.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
  return { server, app, database, config, logger };
}
