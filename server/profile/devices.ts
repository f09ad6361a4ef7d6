import { and, desc, eq, gt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { authSessions } from "../../db/schema/auth.ts";
import { SESSION_MAX_AGE_SECONDS } from "../auth/create-auth.ts";

/** A device signed in to the account, as `/me` lists it: no session token travels in the page. */
export interface Device {
  id: string;
  updatedAt: string;
  ipAddress: string | null;
  userAgent: string | null;
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]*)/;

/** The token of the request's session cookie (`token.signature`), or null. */
export function sessionTokenFromCookie(cookie: string | null): string | null {
  const value = SESSION_COOKIE.exec(cookie ?? "")?.[1];
  if (!value) return null;
  const decoded = (() => {
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  })();
  const dot = decoded.lastIndexOf(".");
  return dot > 0 ? decoded.slice(0, dot) : null;
}

/**
 * The account's live sessions (not expired, within the absolute lifetime), most recently used first,
 * and which of them is this request's: what `/api/auth/list-sessions` answers the browser, read as the
 * page is rendered so that the list is server HTML.
 */
export async function listDevices(
  db: Database,
  uid: string,
  cookie: string | null,
  now = Date.now(),
): Promise<{ devices: Device[]; current: string | null }> {
  const rows = await db
    .select({
      id: authSessions.id,
      token: authSessions.token,
      updatedAt: authSessions.updatedAt,
      ipAddress: authSessions.ipAddress,
      userAgent: authSessions.userAgent,
    })
    .from(authSessions)
    .where(
      and(
        eq(authSessions.userId, uid),
        gt(authSessions.expiresAt, new Date(now)),
        gt(authSessions.createdAt, new Date(now - SESSION_MAX_AGE_SECONDS * 1000)),
      ),
    )
    .orderBy(desc(authSessions.updatedAt));
  const token = sessionTokenFromCookie(cookie);
  return {
    devices: rows.map(({ token: _token, updatedAt, ...rest }) => ({ ...rest, updatedAt: new Date(updatedAt).toISOString() })),
    current: rows.find((row) => row.token === token)?.id ?? null,
  };
}
