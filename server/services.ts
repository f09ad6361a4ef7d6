import { resolve } from "node:path";
import type { DatabaseConnection } from "../db/client.ts";
import { databaseSink } from "./analytics/analytics-sink.ts";
import { resolveAuthSecret, type SecretSource } from "./auth/auth-secret.ts";
import { createAuth } from "./auth/create-auth.ts";
import type { Config } from "./config.ts";
import type { Logger } from "./logger.ts";
import { clearOutboxUnlessKept, createMailer } from "./mail/mailer.ts";
import type { RealtimeHub } from "./realtime/hub.ts";
import { publishSessionsChanged } from "./realtime/session-ends.ts";
import { readSettings, settingsDefaults } from "./settings/site-settings.ts";

/**
 * The public origin, for every link the server writes (pages' canonical and social links, mails,
 * sign-in callbacks): PUBLIC_URL, or the address the server was started on. Never a request's
 * `Host` header, which whoever sends the request chooses.
 */
export function publicOrigin(config: Pick<Config, "PUBLIC_URL" | "HOST" | "PORT">): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, "");
  const wildcard = ["0.0.0.0", "::", "127.0.0.1", "::1", "localhost"].includes(config.HOST);
  const host = wildcard ? "localhost" : config.HOST.includes(":") ? `[${config.HOST}]` : config.HOST;
  return `http://${host}:${config.PORT}`;
}

/** The origins a browser may write from: the public one and this machine's own addresses. */
export function trustedOrigins(config: Pick<Config, "PUBLIC_URL" | "HOST" | "PORT">): string[] {
  return [...new Set([publicOrigin(config), `http://localhost:${config.PORT}`, `http://127.0.0.1:${config.PORT}`])];
}

function secretSource(config: Config, database: DatabaseConnection): SecretSource {
  if (config.AUTH_SECRET) return { configured: config.AUTH_SECRET };
  if (database.kind === "postgres") throw new Error("AUTH_SECRET is required with a PostgreSQL database");
  return config.DATA_DIR.startsWith("memory://") ? { ephemeral: true } : { dataDir: resolve(config.DATA_DIR) };
}

/** The services the HTTP app needs, built from the configuration and an open database. */
export async function createServices(config: Config, database: DatabaseConnection, logger: Logger, hub?: Pick<RealtimeHub, "publish">) {
  const baseURL = publicOrigin(config);
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, outbox: config.MAIL_OUTBOX, from: config.MAIL_FROM, db: database.db, logger });
  await clearOutboxUnlessKept(database.db, config.MAIL_OUTBOX);
  const secret = await resolveAuthSecret(database.db, secretSource(config, database));
  const auth = createAuth({
    config,
    db: database.db,
    logger,
    mailer,
    secret,
    baseURL,
    trustedOrigins: trustedOrigins(config),
    sessionsChanged: hub ? (uid) => publishSessionsChanged(hub, uid) : undefined,
    signUpsOpen: async () => (await readSettings(database.db, settingsDefaults(config))).signUpsOpen,
  });
  return { auth, mailer, analytics: databaseSink(database.db), baseURL };
}
