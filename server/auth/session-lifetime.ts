/**
 * When a session can still be used, as one SQL condition: it has not expired, and it is younger than
 * the absolute lifetime (create-auth.ts), though nobody may have deleted it yet. Reading a request's
 * session (viewer.ts), checking a socket's (session-standing.ts) and sweeping ended ones
 * (session-sweep.ts) all ask this.
 */
import { and, gt, type SQL } from "drizzle-orm";
import { authSessions } from "../../db/schema/index.ts";
import { SESSION_MAX_AGE_SECONDS } from "./create-auth.ts";

export function sessionIsLive(now: number): SQL {
  return and(gt(authSessions.expiresAt, new Date(now)), gt(authSessions.createdAt, new Date(now - SESSION_MAX_AGE_SECONDS * 1000))) as SQL;
}
