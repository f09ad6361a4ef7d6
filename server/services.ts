import type { DatabaseConnection } from "../db/client.ts";
import { databaseSink } from "./analytics/analytics-sink.ts";
import { resolveAuthSecret } from "./auth/auth-secret.ts";
import { createAuth } from "./auth/create-auth.ts";
import type { Config } from "./config.ts";
import type { Logger } from "./logger.ts";
import { createMailer } from "./mail/mailer.ts";

/** The public origin: PUBLIC_URL, or this machine on the configured port. */
export function publicOrigin(config: Config): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, "");
}

/** The services the HTTP app needs, built from the configuration and an open database. */
export async function createServices(config: Config, database: DatabaseConnection, logger: Logger) {
  const baseURL = publicOrigin(config);
  const trustedOrigins = [...new Set([baseURL, `http://localhost:${config.PORT}`, `http://127.0.0.1:${config.PORT}`])];
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db: database.db, logger });
  const secret = await resolveAuthSecret(database.db, config.AUTH_SECRET);
  const auth = createAuth({ config, db: database.db, logger, mailer, secret, baseURL, trustedOrigins });
  return { auth, mailer, analytics: databaseSink(database.db), baseURL };
}
