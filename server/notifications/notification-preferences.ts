/**
 * A member's notification choices per kind. A kind without a row is on, in the app and in the
 * browser where the kind may use one; the API lists every active kind, so the page never guesses.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { notificationPreferences } from "../../db/schema/index.ts";
import { activeNotificationKinds, mayNotifyInBrowser } from "../../universal/notifications/notification-kinds.ts";
import type { NotificationPreference } from "../../universal/notifications/notification-schemas.ts";

export async function listPreferences(db: Database, uid: string): Promise<NotificationPreference[]> {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.uid, uid));
  const stored = new Map(rows.map((row) => [row.kind, row]));
  return activeNotificationKinds.map((kind) => {
    const row = stored.get(kind);
    return { kind, inApp: row?.inApp ?? true, browser: mayNotifyInBrowser(kind) && (row?.browser ?? true) };
  });
}

/** Stores the member's choices for the kinds named (the others keep theirs) and answers every kind's. */
export async function savePreferences(
  db: Database,
  uid: string,
  preferences: readonly NotificationPreference[],
): Promise<NotificationPreference[]> {
  await db
    .insert(notificationPreferences)
    .values(preferences.map(({ kind, inApp, browser }) => ({ uid, kind, inApp, browser })))
    .onConflictDoUpdate({
      target: [notificationPreferences.uid, notificationPreferences.kind],
      set: { inApp: sql`excluded.in_app`, browser: sql`excluded.browser` },
    });
  return listPreferences(db, uid);
}

/** Whether each of these recipients takes a kind in the app: false for the kinds they turned off. */
export async function inAppChoices(db: Database, uids: readonly string[]): Promise<(uid: string, kind: string) => boolean> {
  if (uids.length === 0) return () => true;
  const rows = await db
    .select({ uid: notificationPreferences.uid, kind: notificationPreferences.kind })
    .from(notificationPreferences)
    .where(and(inArray(notificationPreferences.uid, [...uids]), eq(notificationPreferences.inApp, false)));
  const off = new Set(rows.map((row) => `${row.uid} ${row.kind}`));
  return (uid, kind) => !off.has(`${uid} ${kind}`);
}
