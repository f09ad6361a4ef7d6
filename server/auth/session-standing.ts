import { and, eq, sql } from "drizzle-orm";
import { defaultRole, isRole, type Role } from "../../universal/auth/permissions.ts";
import type { SocketCloseReason } from "../../universal/realtime/protocol.ts";
import type { Database } from "../../db/client.ts";
import { authSessions, authUsers, users } from "../../db/schema/index.ts";
import { sessionIsLive } from "./session-lifetime.ts";
import { isBanned } from "./viewer.ts";

/**
 * Whether who holds a long-lived connection (a socket) is still who they were when it opened: the
 * session still exists and has not expired, the account exists, is not banned and keeps its role.
 * Null when nothing changed; else why it no longer holds. One indexed read (the account, its
 * profile and the session by primary key). A Bearer ID token has no session: only the account is
 * checked (`sessionId` undefined).
 */
export async function sessionStanding(
  db: Database,
  held: { uid: string; role: Role; sessionId: string | undefined },
  now = Date.now(),
): Promise<SocketCloseReason | null> {
  const [row] = await db
    .select({
      banned: authUsers.banned,
      banExpires: authUsers.banExpires,
      role: users.role,
      session: authSessions.id,
    })
    .from(authUsers)
    .leftJoin(users, eq(users.uid, authUsers.id))
    .leftJoin(
      authSessions,
      held.sessionId === undefined
        ? sql`false`
        : and(eq(authSessions.id, held.sessionId), eq(authSessions.userId, authUsers.id), sessionIsLive(now)),
    )
    .where(eq(authUsers.id, held.uid));
  if (!row) return "account-deleted";
  if (isBanned({ banned: row.banned, banExpires: row.banExpires }, now)) return "banned";
  if (held.sessionId !== undefined && row.session === null) return "signed-out";
  const role = isRole(row.role) ? row.role : defaultRole;
  return role === held.role ? null : "role-changed";
}
