import { createHmac, timingSafeEqual } from "node:crypto";
import { parseCookies } from "better-auth/cookies";
import { and, eq } from "drizzle-orm";
import { defaultRole, isRole, type Role } from "../../universal/auth/permissions.ts";
import type { Database } from "../../db/client.ts";
import { authSessions, authUsers, users } from "../../db/schema/index.ts";
import type { Auth } from "./create-auth.ts";
import { sessionIsLive } from "./session-lifetime.ts";

/** Who is making a request, as the server establishes it (never from what the client claims). */
export interface Viewer {
  uid: string;
  email: string;
  name: string;
  image: string | null;
  role: Role;
  tag: string;
  title: string;
  level: number;
  /** When this session signed in (ms); null for a Bearer ID token, which says nothing of it. */
  signedInAt: number | null;
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/** Whether a request could be someone's (a session cookie or any Authorization): without either it is a visitor's, and may share a cached page. */
export function carriesCredentials(headers: Headers): boolean {
  return headers.has("authorization") || SESSION_COOKIE.test(headers.get("cookie") ?? "");
}

/**
 * The viewer from the session cookie or, for API clients, a Bearer ID token. The role comes from the
 * profile document; a banned account is nobody, even with a token that has not expired yet.
 */
export async function getViewer(auth: Auth, db: Database, headers: Headers): Promise<Viewer | null> {
  return (await getViewerAndSession(auth, db, headers))?.viewer ?? null;
}

/**
 * `getViewer`, with the session's id (undefined for a Bearer ID token): a socket remembers it, to
 * end with it. Kept off `Viewer`, which pages carry to the browser.
 *
 * A session cookie is read here in one indexed read (the session by its token, its account and
 * profile), not through better-auth's get-session endpoint, which every member's request and every
 * socket went through: a context per call, a signature key imported per call, and four reads one
 * after another. Only reading is done here; signing in, out and refreshing stay better-auth's.
 */
export async function getViewerAndSession(
  auth: Auth,
  db: Database,
  headers: Headers,
): Promise<{ viewer: Viewer; sessionId: string | undefined } | null> {
  const authorization = headers.get("authorization");
  if (authorization?.startsWith("Bearer ")) {
    const result = await auth.api.verifyJWT({ body: { token: authorization.slice(7).trim() } }).catch(() => null);
    const uid = result?.payload?.sub;
    if (!uid) return null;
    const [row] = await db
      .select({ user: authUsers, profile: users })
      .from(authUsers)
      .leftJoin(users, eq(users.uid, authUsers.id))
      .where(eq(authUsers.id, uid));
    return row ? toViewerAndSession(row, null, undefined) : null;
  }
  const cookie = headers.get("cookie") ?? "";
  if (!SESSION_COOKIE.test(cookie)) return null;
  const token = await sessionToken(auth, cookie);
  if (!token) return null;
  const [row] = await db
    .select({ user: authUsers, profile: users, sessionId: authSessions.id, signedInAt: authSessions.createdAt })
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .leftJoin(users, eq(users.uid, authUsers.id))
    .where(and(eq(authSessions.token, token), sessionIsLive(Date.now())));
  return row ? toViewerAndSession(row, row.signedInAt.getTime(), row.sessionId) : null;
}

type AccountRow = { user: typeof authUsers.$inferSelect; profile: typeof users.$inferSelect | null };

/** The viewer an account and its profile make; nobody when the account is banned. */
function toViewerAndSession(
  { user, profile }: AccountRow,
  signedInAt: number | null,
  sessionId: string | undefined,
): { viewer: Viewer; sessionId: string | undefined } | null {
  if (isBanned(user)) return null;
  const role = isRole(profile?.role) ? profile.role : defaultRole;
  const viewer: Viewer = {
    uid: user.id,
    email: user.email,
    name: profile?.displayName ?? user.name,
    image: profile?.photoURL ?? user.image ?? null,
    role,
    tag: profile?.tag ?? "member",
    title: profile?.title ?? "member",
    level: profile?.level ?? 1,
    signedInAt,
  };
  return { viewer, sessionId };
}

/** The session cookie's name and the secret that signs it, as better-auth settled them (per auth instance). */
const cookieKeys = new WeakMap<Auth, Promise<{ name: string; secret: string }>>();

/**
 * The session token of a `Cookie` header, when its signature is ours: better-auth's cookie is
 * `token.signature`, URI-encoded, the signature the base64 HMAC-SHA256 of the token by the auth
 * secret. Null when there is none or it was tampered with.
 */
export async function sessionToken(auth: Auth, cookieHeader: string): Promise<string | null> {
  let keys = cookieKeys.get(auth);
  if (!keys) {
    keys = auth.$context.then((context) => ({ name: context.authCookies.sessionToken.name, secret: context.secret }));
    cookieKeys.set(auth, keys);
  }
  const { name, secret } = await keys;
  // better-auth's own reading: quotes stripped, URI-decoded where it can be.
  const value = parseCookies(cookieHeader).get(name);
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const encoded = value.slice(dot + 1);
  // As better-call reads it: 32 bytes in padded base64, nothing else (Node's decoder would skip stray characters).
  if (!/^[A-Za-z0-9+/]{43}=$/.test(encoded)) return null;
  const signature = Buffer.from(encoded, "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

/** A ban without an end date lasts; one with an end date lasts until then. */
export function isBanned(user: { banned: boolean | null; banExpires: Date | null }, now = Date.now()): boolean {
  return Boolean(user.banned) && (!user.banExpires || user.banExpires.getTime() > now);
}
