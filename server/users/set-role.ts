import { eq } from "drizzle-orm";
import { isRole, type Role } from "../../universal/auth/permissions.ts";
import type { Database } from "../../db/client.ts";
import { authUsers, users } from "../../db/schema/index.ts";
import { AppError } from "../errors.ts";

/**
 * Gives an account a role, in the profile (which the permission checks read) and in the identity
 * provider's record (which its admin plugin reads), in one transaction.
 */
export async function setRole(
  db: Database,
  target: { uid?: string; email?: string },
  role: string,
): Promise<{ uid: string; email: string; role: Role; previous: Role | null }> {
  if (!isRole(role)) throw new AppError("invalid-argument", `Unknown role "${role}". Roles: user, moderator, admin.`);
  return db.transaction(async (tx) => {
    const condition = target.uid ? eq(authUsers.id, target.uid) : eq(authUsers.email, (target.email ?? "").trim().toLowerCase());
    const [user] = await tx.select().from(authUsers).where(condition);
    if (!user) throw new AppError("not-found", `No account for ${target.uid ?? target.email}.`);
    await tx.update(authUsers).set({ role, updatedAt: new Date() }).where(eq(authUsers.id, user.id));
    const now = Date.now();
    await tx
      .insert(users)
      .values({ uid: user.id, email: user.email, displayName: user.name, photoURL: user.image, role, createdAt: now })
      .onConflictDoUpdate({ target: users.uid, set: { role, updatedAt: now } });
    return { uid: user.id, email: user.email, role, previous: isRole(user.role) ? user.role : null };
  });
}
