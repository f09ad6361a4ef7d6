import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { analyticsEvents, authAccounts, authSessions, authUsers, favorites, users } from "../../db/schema/index.ts";

/** Everything we hold about a person, as JSON they can download (no secrets, no other people's data). */
export async function exportAccount(db: Database, uid: string) {
  const [account] = await db
    .select({ email: authUsers.email, name: authUsers.name, emailVerified: authUsers.emailVerified, createdAt: authUsers.createdAt })
    .from(authUsers)
    .where(eq(authUsers.id, uid));
  const [profile] = await db.select().from(users).where(eq(users.uid, uid));
  const providers = await db
    .select({ provider: authAccounts.providerId, since: authAccounts.createdAt })
    .from(authAccounts)
    .where(eq(authAccounts.userId, uid));
  const sessions = await db
    .select({
      createdAt: authSessions.createdAt,
      expiresAt: authSessions.expiresAt,
      ipAddress: authSessions.ipAddress,
      userAgent: authSessions.userAgent,
    })
    .from(authSessions)
    .where(eq(authSessions.userId, uid));
  const events = await db
    .select({ name: analyticsEvents.name, params: analyticsEvents.params, createdAt: analyticsEvents.createdAt })
    .from(analyticsEvents)
    .where(eq(analyticsEvents.userId, uid));
  const starred = await db
    .select({ kind: favorites.kind, id: favorites.entryId, createdAt: favorites.createdAt })
    .from(favorites)
    .where(eq(favorites.uid, uid));
  return {
    exportedAt: new Date().toISOString(),
    account,
    profile: profile ?? null,
    providers,
    sessions,
    analyticsEvents: events,
    favorites: starred,
  };
}
