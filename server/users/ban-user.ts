import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { authSessions, authUsers } from "../../db/schema/index.ts";
import { AppError } from "../errors.ts";

/** Disables an account: it cannot sign in, and every session it has ends now. */
export async function banUser(db: Database, uid: string, reason: string, expiresAt: Date | null = null): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(authUsers)
      .set({ banned: true, banReason: reason, banExpires: expiresAt, updatedAt: new Date() })
      .where(eq(authUsers.id, uid))
      .returning({ id: authUsers.id });
    if (updated.length === 0) throw new AppError("not-found", `No account ${uid}.`);
    await tx.delete(authSessions).where(eq(authSessions.userId, uid));
  });
}

export async function unbanUser(db: Database, uid: string): Promise<void> {
  const changed = await db
    .update(authUsers)
    .set({ banned: false, banReason: null, banExpires: null, updatedAt: new Date() })
    .where(eq(authUsers.id, uid))
    .returning({ id: authUsers.id });
  if (changed.length === 0) throw new AppError("not-found", "No such member.");
}
