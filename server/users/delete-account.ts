import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { analyticsEvents, authUsers } from "../../db/schema/index.ts";

/**
 * Removes an account and the personal data tied to it: the identity record (sessions, linked
 * accounts, profile and photo go with it by cascade) and the analytics events it produced.
 */
export async function deleteAccount(db: Database, uid: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(analyticsEvents).where(eq(analyticsEvents.userId, uid));
    await tx.delete(authUsers).where(eq(authUsers.id, uid));
  });
}
