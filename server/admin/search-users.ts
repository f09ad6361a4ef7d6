import { and, desc, eq, ilike, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { likePattern } from "../../db/folding.ts";
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

export interface AdminUserFilter {
  /** Part of the email (case folded) or of the name (case and diacritics folded: "tuan" finds "Tuấn"). */
  q?: string;
  role?: string | undefined;
  tag?: string | undefined;
  title?: string | undefined;
  banned?: boolean | undefined;
  /** `createdAt.uid` of the last account of the page before. */
  cursor?: string | undefined;
  /** One account by its id (a member's own page in the admin area). */
  uid?: string | undefined;
}

/** Accounts matching every filter given, newest first, a page at a time; all of them without filters. */
export async function searchAdminUsers(db: Database, filter: AdminUserFilter | string = {}): Promise<AdminUser[]> {
  const { q = "", role, tag, title, banned, cursor, uid } = typeof filter === "string" ? { q: filter } : filter;
  // ILIKE folds case only, and no character lower-cases to a wildcard: escaping the text as typed is enough.
  const emailPattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const now = new Date();
  const bannedNow = sql`(${authUsers.banned} is true and (${authUsers.banExpires} is null or ${authUsers.banExpires} > ${now}))`;
  const [cursorAt, cursorUid] = cursor ? [Number(cursor.slice(0, cursor.indexOf("."))), cursor.slice(cursor.indexOf(".") + 1)] : [];
  const conditions: (SQL | undefined)[] = [
    uid === undefined ? undefined : eq(authUsers.id, uid),
    q
      ? or(
          ilike(authUsers.email, emailPattern),
          sql`${users.foldedName} like '%' || ${likePattern(q)} || '%'`,
          and(isNull(users.uid), ilike(authUsers.name, emailPattern)),
        )
      : undefined,
    role === undefined ? undefined : role === "user" ? or(eq(users.role, "user"), isNull(users.role)) : eq(users.role, role),
    tag === undefined ? undefined : eq(users.tag, tag),
    title === undefined ? undefined : eq(users.title, title),
    banned === undefined ? undefined : banned ? bannedNow : sql`not ${bannedNow}`,
    cursorAt !== undefined && Number.isFinite(cursorAt)
      ? or(lt(authUsers.createdAt, new Date(cursorAt)), and(eq(authUsers.createdAt, new Date(cursorAt)), lt(authUsers.id, cursorUid ?? "")))
      : undefined,
  ];
  const rows = await db
    .select({ user: authUsers, profile: users, totals: contributionTotals })
    .from(authUsers)
    .leftJoin(users, eq(users.uid, authUsers.id))
    .leftJoin(contributionTotals, eq(contributionTotals.uid, authUsers.id))
    .where(and(...conditions))
    .orderBy(desc(authUsers.createdAt), desc(authUsers.id))
    .limit(ADMIN_USER_PAGE);
  return rows.map(({ user, profile, totals }) => {
    const userTitle = profile?.title ?? "member";
    return {
      uid: user.id,
      email: user.email,
      displayName: profile?.displayName ?? user.name,
      role: profile?.role ?? "user",
      tag: profile?.tag ?? "member",
      title: userTitle,
      titleByAdmin: totals?.titleByAdmin ?? !isBandTitle(userTitle),
      level: profile?.level ?? 1,
      points: totals?.points ?? 0,
      banned: isBanned(user),
      createdAt: user.createdAt.getTime(),
    };
  });
}

/** What a cursor looks like (`createdAt.uid`): the API refuses another, the admin page lists the first page instead. */
export const USER_CURSOR = /^\d{1,15}\.[A-Za-z0-9_-]{1,64}$/;

/** The cursor that asks for the page after `page` (null when it was the last). */
export function nextUserCursor(page: readonly AdminUser[]): string | null {
  const last = page.at(-1);
  return page.length === ADMIN_USER_PAGE && last ? `${last.createdAt}.${last.uid}` : null;
}
