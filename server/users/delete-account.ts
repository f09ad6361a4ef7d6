import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { analyticsEvents, authUsers, clanLog, clanMembers, clans } from "../../db/schema/index.ts";
import { refreshClanPower } from "../clans/clan-power.ts";

/**
 * Removes an account and the personal data tied to it: the identity record (sessions, linked
 * accounts, profile, photo and clan memberships go with it by cascade) and the analytics events it
 * produced. A clan it leads passes to its longest-standing officer, else its longest-standing member
 * (decision 046), in the same transaction; a clan with no one else is disbanded (its room goes with it).
 */
export async function deleteAccount(db: Database, uid: string, now = Date.now()): Promise<void> {
  await db.transaction(async (tx) => {
    const memberOf = await tx.select({ clanId: clanMembers.clanId }).from(clanMembers).where(eq(clanMembers.uid, uid));
    const led = await tx
      .select({ clanId: clanMembers.clanId })
      .from(clanMembers)
      .where(and(eq(clanMembers.uid, uid), eq(clanMembers.role, "leader")));
    for (const { clanId } of led) {
      const [heir] = await tx
        .select({ uid: clanMembers.uid })
        .from(clanMembers)
        .where(and(eq(clanMembers.clanId, clanId), ne(clanMembers.uid, uid)))
        .orderBy(desc(sql`${clanMembers.role} = 'officer'`), asc(clanMembers.joinedAt), asc(clanMembers.uid))
        .limit(1);
      if (!heir) {
        await tx.delete(clans).where(eq(clans.id, clanId));
        continue;
      }
      // The leaver's row goes first: a clan has one leader at every moment.
      await tx.delete(clanMembers).where(and(eq(clanMembers.clanId, clanId), eq(clanMembers.uid, uid)));
      await tx
        .update(clanMembers)
        .set({ role: "leader" })
        .where(and(eq(clanMembers.clanId, clanId), eq(clanMembers.uid, heir.uid)));
      await tx
        .insert(clanLog)
        .values({ clanId, kind: "leader", actorUid: null, targetUid: heir.uid, data: { reason: "account-deleted" }, createdAt: now });
    }
    await tx.delete(analyticsEvents).where(eq(analyticsEvents.userId, uid));
    await tx.delete(authUsers).where(eq(authUsers.id, uid));
    // Their characters went with the account: the clans they were in are weaker now.
    for (const { clanId } of memberOf) await refreshClanPower(tx, clanId);
  });
}
