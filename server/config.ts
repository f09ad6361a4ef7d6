import { z } from "zod";
import { LOOPBACK_PROXIES, trustedProxyList } from "./http/client-ip.ts";

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .optional()
  .transform((value) => value === "1" || value === "true" || value === "yes");

/** Every setting the server reads from the environment, validated once at start. */
export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65_535).default(4040),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** With DATABASE_URL: realtime events cross processes through Redis pub/sub instead of PostgreSQL NOTIFY. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  APP_TITLE: z.string().trim().min(1).max(80).default("Minithings Companion"),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  AUTH_SECRET: z
    .string()
    .min(32, "must be at least 32 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SIGN_UP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6).max(64).default(6),
  /** log2 of scrypt's N for stored passwords (r = 8, p = 1): 17 is OWASP's; 14 only where speed matters more (tests). */
  PASSWORD_HASH_COST: z.coerce.number().int().min(14).max(20).default(17),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default("Minithings Companion <no-reply@localhost>"),
  OIDC_ISSUER: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_NAME: z.string().min(1).default("OpenID"),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  DISCORD_CLIENT_ID: z.string().optional(),
  DISCORD_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  SETUP_LINK_FILE: z
    .string()
    .min(1)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  TRUST_PROXY: flag,
  /** Comma-separated addresses or CIDRs of the proxies in front of the app (only with TRUST_PROXY). */
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .transform((value) =>
      value?.trim()
        ? value
            .split(",")
            .map((entry) => entry.trim())
            .filter(Boolean)
        : [...LOOPBACK_PROXIES],
    )
    .superRefine((entries, context) => {
      try {
        trustedProxyList(entries);
      } catch (error) {
        context.addIssue({ code: "custom", message: (error as Error).message });
      }
    }),
  /** The largest request body, in KB, outside the routes that take files (they set their own). */
  BODY_LIMIT_KB: z.coerce.number().int().min(1).max(10_240).default(64),
  /** Keep mails in the development outbox (readable by admins) when there is no SMTP_URL. */
  MAIL_OUTBOX: flag,
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /** How often each process counts today's figures of the admin dashboard again. */
  DASHBOARD_REFRESH_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  FAULT_ROUTES: flag,
  /** The token `/metrics` asks for (`Authorization: Bearer …`); without it, `/metrics` answers 404. */
  METRICS_TOKEN: z
    .string()
    .min(16, "METRICS_TOKEN must be at least 16 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  BUILD_CHECK_INTERVAL_MS: z.coerce.number().int().min(10_000).max(86_400_000).default(3_600_000),
  RENDER_CACHE_MB: z.coerce.number().min(0).max(4096).default(64),
  /** The longest a request's database statement may run (PostgreSQL) or wait for its turn (PGlite): db/client.ts. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** Chat messages a member may send to one room per window (then 429 with Retry-After). */
  CHAT_RATE_MAX: z.coerce.number().int().min(1).max(1_000).default(5),
  CHAT_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3_600).default(10),
  /** Trade feedback from an account younger than this counts in no total (shown, marked); 0 turns the rule off. */
  FEEDBACK_MIN_ACCOUNT_AGE_HOURS: z.coerce.number().int().min(0).max(8_760).default(72),
  /**
   * What one account may keep (server/quotas.ts): far above a heavy player's use (the bench's
   * member has ~200 bag entries, 40 offers, 50 notes), a wall for a script filling the database.
   */
  NOTES_MAX: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
  BAG_ENTRIES_MAX: z.coerce.number().int().min(1).max(1_000_000).default(5_000),
  GUIDE_DRAFTS_MAX: z.coerce.number().int().min(1).max(1_000_000).default(50),
  OPEN_OFFERS_MAX: z.coerce.number().int().min(1).max(1_000_000).default(200),
  PRICE_ALERTS_MAX: z.coerce.number().int().min(1).max(1_000_000).default(50),
  /** Reports one account may file in 24 hours (429 past it). */
  REPORTS_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** Mention notifications one member may cause in an hour (chat, posts, comments); past it, none are created. */
  MENTION_NOTIFICATIONS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(50),
  /** The realtime socket's limits (server/realtime/socket-server.ts); the socket counts and the rate hold per process. */
  WS_MAX_TOPICS_PER_CONNECTION: z.coerce.number().int().min(1).max(1_000).default(50),
  WS_MAX_SOCKETS_PER_ACCOUNT: z.coerce.number().int().min(1).max(1_000).default(10),
  WS_MAX_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  /** New sockets one address may open per minute (0: no limit). */
  WS_CONNECTIONS_PER_MINUTE_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).default(300),
});

/**
 * With a database server, the secret that signs sessions and ID tokens must come from the
 * environment: a dump of the database alone must not be enough to mint tokens. (On the embedded
 * database a generated secret lives in a file beside the data, `server/auth/auth-secret.ts`.)
 */
const checkedConfigSchema = configSchema.superRefine((config, context) => {
  if (config.DATABASE_URL && !config.AUTH_SECRET) {
    context.addIssue({
      code: "custom",
      path: ["AUTH_SECRET"],
      message: "is required with DATABASE_URL (32 characters or more, e.g. from `openssl rand -base64 48`)",
    });
  }
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join("\n")}`);
    this.name = "ConfigError";
    this.issues = issues;
  }
}

/**
 * The configuration, validated. The server also needs its secrets (`forServer`); the command-line
 * tools, which only open the database, do not.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env, { forServer = true } = {}): Config {
  const result = (forServer ? checkedConfigSchema : configSchema).safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join(".")}=${JSON.stringify(env[String(issue.path[0])] ?? "")}: ${issue.message}`),
    );
  }
  return result.data;
}
