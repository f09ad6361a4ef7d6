import { desc, eq, ilike, or } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { authUsers, contributionTotals, users } from "../../db/schema/index.ts";
import { isBandTitle } from "../../universal/contribution/contribution-levels.ts";
import { isBanned } from "../auth/viewer.ts";

/** An account as the admin area lists it: the profile's badges, points, whether the title was set by hand, the ban. */
export interface AdminUser {
  uid: string;
  email: string;
  displayName: string;
  role: string;
  tag: string;
  title: string;
  titleByAdmin: boolean;
  level: number;
  points: number;
  banned: boolean;
  createdAt: number;
}

export const ADMIN_USER_PAGE = 50;

/** Accounts whose email or name holds `query` (as typed, case folded), newest first; all of them for an empty query. */
export async function searchAdminUsers(db: Database, query: string): Promise<AdminUser[]> {
  // ILIKE folds case only, and no character lower-cases to a wildcard: escaping the text as typed is enough.
  const pattern = `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const rows = await db
    .select({ user: authUsers, profile: users, totals: contributionTotals })
    .from(authUsers)
    .leftJoin(users, eq(users.uid, authUsers.id))
    .leftJoin(contributionTotals, eq(contributionTotals.uid, authUsers.id))
    .where(query ? or(ilike(authUsers.email, pattern), ilike(authUsers.name, pattern)) : undefined)
    .orderBy(desc(authUsers.createdAt))
    .limit(ADMIN_USER_PAGE);
  return rows.map(({ user, profile, totals }) => {
    const title = profile?.title ?? "member";
    return {
      uid: user.id,
      email: user.email,
      displayName: profile?.displayName ?? user.name,
      role: profile?.role ?? "user",
      tag: profile?.tag ?? "member",
      title,
      titleByAdmin: totals?.titleByAdmin ?? !isBandTitle(title),
      level: profile?.level ?? 1,
      points: totals?.points ?? 0,
      banned: isBanned(user),
      createdAt: user.createdAt.getTime(),
    };
  });
}
