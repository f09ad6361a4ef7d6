import { toAppError } from "../errors.ts";
import { eq } from "drizzle-orm";
import { defaultRole, isRole, type Role } from "../../universal/auth/permissions.ts";
import type { Database } from "../../db/client.ts";
import { authUsers, users } from "../../db/schema/index.ts";
import type { Auth } from "./create-auth.ts";

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
 */
export async function getViewerAndSession(
  auth: Auth,
  db: Database,
  headers: Headers,
): Promise<{ viewer: Viewer; sessionId: string | undefined } | null> {
  let uid: string | undefined;
  let signedInAt: number | null = null;
  let sessionId: string | undefined;
  const authorization = headers.get("authorization");
  if (authorization?.startsWith("Bearer ")) {
    const result = await auth.api.verifyJWT({ body: { token: authorization.slice(7).trim() } }).catch(() => null);
    uid = result?.payload?.sub;
  } else if (SESSION_COOKIE.test(headers.get("cookie") ?? "")) {
    // A cookie that names no session is a visitor; a database that cannot answer now is not (503).
    const session = await auth.api.getSession({ headers }).catch((error: unknown) => {
      if (toAppError(error).code === "unavailable") throw error;
      return null;
    });
    uid = session?.user.id;
    signedInAt = session ? new Date(session.session.createdAt).getTime() : null;
    sessionId = session?.session.id;
  }
  if (!uid) return null;
  const [row] = await db
    .select({ user: authUsers, profile: users })
    .from(authUsers)
    .leftJoin(users, eq(users.uid, authUsers.id))
    .where(eq(authUsers.id, uid));
  if (!row || isBanned(row.user)) return null;
  const role = isRole(row.profile?.role) ? row.profile.role : defaultRole;
  const viewer: Viewer = {
    uid,
    email: row.user.email,
    name: row.profile?.displayName ?? row.user.name,
    image: row.profile?.photoURL ?? row.user.image ?? null,
    role,
    tag: row.profile?.tag ?? "member",
    title: row.profile?.title ?? "member",
    level: row.profile?.level ?? 1,
    signedInAt,
  };
  return { viewer, sessionId };
}

/** A ban without an end date lasts; one with an end date lasts until then. */
export function isBanned(user: { banned: boolean | null; banExpires: Date | null }, now = Date.now()): boolean {
  return Boolean(user.banned) && (!user.banExpires || user.banExpires.getTime() > now);
}
