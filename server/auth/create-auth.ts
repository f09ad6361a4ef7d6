import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { admin, genericOAuth, jwt } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import { defaultRole, isRole } from "../../app/shared/auth/permissions.ts";
import type { Database } from "../../db/client.ts";
import { authAccounts, authJwks, authSessions, authUsers, authVerifications, users } from "../../db/schema/index.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import { passwordResetMail, verificationMail } from "../mail/auth-mails.ts";
import type { Mailer } from "../mail/mailer.ts";
import { isCommonPassword, PASSWORD_MAX_LENGTH } from "./password-policy.ts";
import { oidcProvider, socialProviders } from "./providers.ts";
import { consumeRateLimit, type RateRule } from "./rate-limit.ts";

/** The header our server sets from the socket (any client-sent copy is dropped first). */
export const CLIENT_IP_HEADER = "x-minithings-client-ip";

/** Limits per client IP (IPv6 per /64) for the endpoints attackers hammer. */
export function ipRules(config: Pick<Config, "SIGN_UP_LIMIT_PER_HOUR">): Record<string, RateRule> {
  return {
    "/sign-in/email": { window: 60, max: 10 },
    "/sign-up/email": { window: 3600, max: config.SIGN_UP_LIMIT_PER_HOUR },
    "/request-password-reset": { window: 3600, max: 5 },
    "/reset-password": { window: 3600, max: 10 },
  };
}

/** Limits per account (the email tried), whichever IPs the attempts come from. */
export const accountRules: Record<string, RateRule> = {
  "/sign-in/email": { window: 900, max: 8 },
  "/sign-up/email": { window: 3600, max: 3 },
  "/request-password-reset": { window: 3600, max: 3 },
};

export interface AuthDependencies {
  config: Config;
  db: Database;
  logger: Logger;
  mailer: Mailer;
  secret: string;
  baseURL: string;
  trustedOrigins: string[];
}

/** The token the spec calls the ID token: short-lived, with only what the API needs. */
export const ID_TOKEN_LIFETIME = "15m";

export function createAuth({ config, db, logger, mailer, secret, baseURL, trustedOrigins }: AuthDependencies) {
  const oidc = oidcProvider(config);
  const passwordFields = ["password", "newPassword"] as const;

  return betterAuth({
    appName: config.APP_TITLE,
    baseURL,
    basePath: "/api/auth",
    secret,
    trustedOrigins,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: authUsers, session: authSessions, account: authAccounts, verification: authVerifications, jwks: authJwks },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: config.PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(passwordResetMail(user.email, url, config.APP_TITLE));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(verificationMail(user.email, url, config.APP_TITLE));
      },
    },
    socialProviders: socialProviders(config),
    user: { deleteUser: { enabled: false } },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 120,
      customRules: ipRules(config),
      customStorage: { consume: (key, rule) => consumeRateLimit(db, `ip:${key}`, rule) },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER], ipv6Subnet: 64 },
      useSecureCookies: baseURL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        for (const field of passwordFields) {
          const password = body[field];
          if (typeof password === "string" && isCommonPassword(password)) {
            throw new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_COMMON", message: "This password is too common. Choose another one." });
          }
        }
        // A password change always ends the other sessions, whatever the client asked.
        if (ctx.path === "/change-password") return { context: { body: { ...body, revokeOtherSessions: true } } };
        const rule = accountRules[ctx.path];
        if (rule && typeof body.email === "string") {
          const decision = await consumeRateLimit(db, `account:${ctx.path}:${body.email.trim().toLowerCase()}`, rule);
          if (!decision.allowed) {
            throw new APIError(
              "TOO_MANY_REQUESTS",
              { code: "TOO_MANY_REQUESTS", message: "Too many attempts. Try again later." },
              {
                "X-Retry-After": String(decision.retryAfter ?? rule.window),
              },
            );
          }
        }
      }),
    },
    plugins: [
      admin({ defaultRole, adminRoles: ["admin"] }),
      jwt({
        jwks: { keyPairConfig: { alg: "EdDSA", crv: "Ed25519" } },
        jwt: {
          issuer: baseURL,
          audience: baseURL,
          expirationTime: ID_TOKEN_LIFETIME,
          // The default payload is the whole user record; the API needs only these.
          definePayload: async ({ user }) => {
            const [profile] = await db.select({ role: users.role }).from(users).where(eq(users.uid, user.id));
            const role = isRole(profile?.role) ? profile.role : defaultRole;
            return { email: user.email, name: user.name, role };
          },
        },
      }),
      ...(oidc ? [genericOAuth({ config: [oidc] })] : []),
    ],
    logger: {
      log: (level, message, ...args) => {
        const fields = { source: "better-auth", details: args.length ? args : undefined };
        if (level === "error") logger.error(message, fields);
        else if (level === "warn") logger.warn(message, fields);
        else logger.debug(message, fields);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
