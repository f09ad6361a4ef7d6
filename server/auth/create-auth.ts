import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { admin, genericOAuth, jwt } from "better-auth/plugins";
import { and, eq, inArray, lt } from "drizzle-orm";
import { defaultRole, isRole } from "../../universal/auth/permissions.ts";
import type { Database } from "../../db/client.ts";
import { authAccounts, authJwks, authSessions, authUsers, authVerifications, users } from "../../db/schema/index.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import { noteAuthFailure } from "./auth-failures.ts";
import { passwordResetMail, verificationMail } from "../mail/auth-mails.ts";
import type { Mailer } from "../mail/mailer.ts";
import { judgeDisplayName } from "../profile/display-name.ts";
import { passwordHasher } from "./password-hashing.ts";
import { beginPasswordAttempt, endPasswordAttempt, type PasswordOutcome } from "./password-attempts.ts";
import { isCommonPassword, PASSWORD_MAX_LENGTH } from "./password-policy.ts";
import { oidcIssuerCheck, oidcProvider, socialProviders } from "./providers.ts";
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

/**
 * Limits per account (the email tried), whichever IPs the attempts come from. Sign-in has no fixed
 * window: wrong passwords slow the account down instead (`password-attempts.ts`).
 */
export const accountRules: Record<string, RateRule> = {
  "/sign-up/email": { window: 3600, max: 3 },
  "/request-password-reset": { window: 3600, max: 3 },
};

/**
 * A session ends 30 days after its sign-in, however active it stays: the sliding `expiresIn` below
 * never carries it past this.
 */
export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

/**
 * The endpoints that set a password, and the field that carries it (sign-in's is checked, not set).
 * Set-password is server-only: it has no path of its own, so it goes by its operation's name.
 */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
  setPassword: "newPassword",
};

/** The endpoints that check the account's current password. */
const PASSWORD_CHECKS = new Set(["/sign-in/email", "/change-password"]);
const WRONG_PASSWORD_CODES = new Set(["INVALID_EMAIL_OR_PASSWORD", "INVALID_PASSWORD"]);

/**
 * The endpoints after which some of the member's sessions are gone (sign-out, the session list's
 * revocations, a password change, which ends the others): their sockets must close too.
 * A password reset says so through `onPasswordReset` (it has no session).
 */
const SESSION_ENDING_PATHS = new Set(["/sign-out", "/revoke-session", "/revoke-sessions", "/revoke-other-sessions", "/change-password"]);

/** The endpoints through which a name and a photo could reach the identity record, hence the profile. */
const PROFILE_FIELD_PATHS = new Set(["/sign-up/email", "/update-user"]);

type AuthMiddlewareContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

function tooManyAttempts(retryAfter: number): APIError {
  return new APIError(
    "TOO_MANY_REQUESTS",
    { code: "TOO_MANY_REQUESTS", message: "Too many attempts. Try again later." },
    { "Retry-After": String(retryAfter) },
  );
}

function passwordOutcome(returned: unknown): PasswordOutcome {
  if (!isAPIError(returned)) return "right";
  const code = (returned.body as { code?: unknown } | undefined)?.code;
  return typeof code === "string" && WRONG_PASSWORD_CODES.has(code) ? "wrong" : "unchecked";
}

export interface AuthDependencies {
  config: Config;
  db: Database;
  logger: Logger;
  mailer: Mailer;
  secret: string;
  baseURL: string;
  trustedOrigins: string[];
  /** Told, after the change, that some of a member's sessions ended (server/realtime/session-ends.ts). */
  sessionsChanged?: (uid: string) => void;
  /** Whether new accounts may be made now (the admin's settings, read from the database): open when omitted. */
  signUpsOpen?: () => Promise<boolean>;
}

/** The ID token (`userToken` in the browser): short-lived, with only what the API needs. */
export const ID_TOKEN_LIFETIME = "15m";

export function createAuth({
  config,
  db,
  logger,
  mailer,
  secret,
  baseURL,
  trustedOrigins,
  sessionsChanged,
  signUpsOpen,
}: AuthDependencies) {
  const oidc = oidcProvider(config);
  const passwords = passwordHasher(config.PASSWORD_HASH_COST);
  /** The account whose password a request is checking, from the before hook to the after hook. */
  const passwordChecks = new WeakMap<object, string>();
  /** The account a sign-out's session belongs to, read before the session is deleted. */
  const signingOut = new WeakMap<object, string>();

  async function rememberSignOut(ctx: AuthMiddlewareContext) {
    if (ctx.path !== "/sign-out" || !sessionsChanged) return;
    const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
    if (!token) return;
    const [session] = await db.select({ userId: authSessions.userId }).from(authSessions).where(eq(authSessions.token, token));
    if (session) signingOut.set(ctx.context, session.userId);
  }

  /** After a session-ending endpoint succeeded: the member's sockets are checked, everywhere. */
  function announceSessionEnds(ctx: AuthMiddlewareContext) {
    if (!sessionsChanged || !SESSION_ENDING_PATHS.has(ctx.path) || isAPIError(ctx.context.returned)) return;
    const uid = signingOut.get(ctx.context) ?? ctx.context.session?.user.id;
    if (uid) sessionsChanged(uid);
  }

  /** Deletes the request's session once it is older than the absolute lifetime, before anything reads it. */
  async function endSessionPastLifetime(ctx: AuthMiddlewareContext) {
    const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
    if (!token) return;
    const signedInBefore = new Date(Date.now() - SESSION_MAX_AGE_SECONDS * 1000);
    // The device list shows the account's other sessions too: those past the lifetime go first.
    const owner =
      ctx.path === "/list-sessions"
        ? inArray(authSessions.userId, db.select({ userId: authSessions.userId }).from(authSessions).where(eq(authSessions.token, token)))
        : eq(authSessions.token, token);
    await db.delete(authSessions).where(and(owner, lt(authSessions.createdAt, signedInBefore)));
  }

  /**
   * Name and photo follow the profile's rules: the name's characters, length and reserved names
   * (server/profile/display-name.ts); photos only through the upload route.
   */
  async function checkProfileFields(ctx: AuthMiddlewareContext, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (body.image !== undefined) {
      throw new APIError("BAD_REQUEST", { code: "IMAGE_NOT_ALLOWED", message: "Upload the photo through POST /api/profile/photo." });
    }
    if (body.name === undefined) return body;
    const uid = ctx.path === "/sign-up/email" ? null : ((await getSessionFromCtx(ctx).catch(() => null))?.user.id ?? null);
    const verdict = await judgeDisplayName(db, body.name, uid);
    if (verdict.ok) return { ...body, name: verdict.name };
    if (verdict.problem === "reserved")
      throw new APIError("CONFLICT", { code: "NAME_RESERVED", message: "This name belongs to a moderator or an admin." });
    if (verdict.problem === "characters")
      throw new APIError("BAD_REQUEST", {
        code: "NAME_CHARACTERS",
        message: "The name must not contain control or invisible formatting characters.",
      });
    throw new APIError("BAD_REQUEST", { code: "INVALID_NAME", message: "The name must have 1 to 40 characters." });
  }

  /** Waits out the account's slow-down (429) or counts this check against it. */
  async function beginPasswordCheck(ctx: AuthMiddlewareContext, body: Record<string, unknown>) {
    const account = ctx.path === "/sign-in/email" ? body.email : (await getSessionFromCtx(ctx).catch(() => null))?.user.email;
    if (typeof account !== "string" || !account) return;
    const attempt = await beginPasswordAttempt(db, account);
    if (!attempt.allowed) throw tooManyAttempts(attempt.retryAfter);
    passwordChecks.set(ctx.context, account);
  }

  /**
   * After a successful sign-in, a password stored in an older format or at a lower cost is stored
   * again at the current one: the only moment the server holds the password to do it.
   */
  async function upgradePasswordHash(ctx: AuthMiddlewareContext) {
    const uid = ctx.context.newSession?.user.id;
    const password = (ctx.body as { password?: unknown } | undefined)?.password;
    if (!uid || typeof password !== "string") return;
    const credential = and(eq(authAccounts.userId, uid), eq(authAccounts.providerId, "credential"));
    const [stored] = await db.select({ hash: authAccounts.password }).from(authAccounts).where(credential);
    if (!stored?.hash || !passwords.needsRehash(stored.hash)) return;
    const hash = await passwords.hash(password);
    // Only the hash just checked is replaced: a password changed meanwhile stays as it was set.
    await db
      .update(authAccounts)
      .set({ password: hash, updatedAt: new Date() })
      .where(and(credential, eq(authAccounts.password, stored.hash)));
    logger.info("password hash upgraded", { uid });
  }

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
      password: { hash: passwords.hash, verify: passwords.verify },
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => sessionsChanged?.(user.id),
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
    // Closed sign-ups refuse every new account, by email or through a sign-in provider's first visit.
    databaseHooks: {
      user: {
        create: {
          before: async () => {
            if (signUpsOpen && !(await signUpsOpen()))
              throw new APIError("FORBIDDEN", { code: "SIGN_UPS_CLOSED", message: "Sign-ups are closed for now." });
          },
        },
      },
    },
    session: { expiresIn: SESSION_MAX_AGE_SECONDS, updateAge: 60 * 60 * 24 },
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
        await endSessionPastLifetime(ctx);
        await rememberSignOut(ctx);
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        let checked = body;
        if (PROFILE_FIELD_PATHS.has(ctx.path)) checked = await checkProfileFields(ctx, body);
        const newPasswordField = NEW_PASSWORD_FIELDS[ctx.path] ?? NEW_PASSWORD_FIELDS[(ctx as { operationId?: string }).operationId ?? ""];
        const newPassword = newPasswordField ? body[newPasswordField] : undefined;
        // A password of the wrong length is better-auth's to refuse, with the error that says so.
        const inBounds =
          typeof newPassword === "string" && newPassword.length >= config.PASSWORD_MIN_LENGTH && newPassword.length <= PASSWORD_MAX_LENGTH;
        if (inBounds && (await isCommonPassword(newPassword))) {
          throw new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_COMMON", message: "This password is too common. Choose another one." });
        }
        // A password change always ends the other sessions, whatever the client asked.
        if (ctx.path === "/change-password") checked = { ...checked, revokeOtherSessions: true };
        if (PASSWORD_CHECKS.has(ctx.path)) await beginPasswordCheck(ctx, body);
        const rule = accountRules[ctx.path];
        if (rule && typeof body.email === "string") {
          const decision = await consumeRateLimit(db, `account:${ctx.path}:${body.email.trim().toLowerCase()}`, rule);
          if (!decision.allowed) throw tooManyAttempts(decision.retryAfter ?? rule.window);
        }
        if (checked !== body) return { context: { body: checked } };
      }),
      after: createAuthMiddleware(async (ctx) => {
        announceSessionEnds(ctx);
        const account = passwordChecks.get(ctx.context);
        if (account) await endPasswordAttempt(db, account, passwordOutcome(ctx.context.returned));
        if (ctx.path === "/sign-in/email" && !isAPIError(ctx.context.returned)) await upgradePasswordHash(ctx);
        const name = (ctx.body as { name?: unknown } | undefined)?.name;
        const uid = ctx.context.session?.user.id;
        if (ctx.path === "/update-user" && typeof name === "string" && uid && !isAPIError(ctx.context.returned)) {
          await db.update(users).set({ displayName: name, updatedAt: Date.now() }).where(eq(users.uid, uid));
        }
      }),
    },
    plugins: [
      admin({ defaultRole, adminRoles: ["admin"] }),
      jwt({
        jwks: { keyPairConfig: { alg: "EdDSA", crv: "Ed25519" } },
        // Else every session read (each member's request, each socket that opens) signs an ID token
        // nobody asked for, into a `set-auth-jwt` header: two more reads and an Ed25519 signature.
        // Clients that want one ask /api/auth/token.
        disableSettingJwtHeader: true,
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
      ...(oidc
        ? [
            genericOAuth({ config: [oidc] }),
            oidcIssuerCheck(config, (discovered) => logger.error("OpenID issuer mismatch", { expected: config.OIDC_ISSUER, discovered })),
          ]
        : []),
    ],
    onAPIError: { onError: noteAuthFailure(logger) },
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
