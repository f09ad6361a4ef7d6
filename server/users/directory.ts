/**
 * The member directory (`/users`): listed members with a display name, found by their folded name
 * ("tuan" finds "Tuấn"), filtered by role, tag and title, by level or newest (`sort=new`), in keyset pages,
 * each with their contribution points.
 * Only public fields leave this file: never the email or anything private.
 */
import { and, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { likePattern } from "../../db/folding.ts";
import { authUsers, contributionTotals, profileSettings, users } from "../../db/schema/index.ts";
import { isRole, type Role } from "../../universal/auth/permissions.ts";
import type { MemberPage, PublicMember } from "../../universal/users/users-limits.ts";
import { AppError } from "../errors.ts";
import { encodeCursor, type DirectoryQuery } from "./users-schemas.ts";

const publicColumns = {
  uid: users.uid,
  displayName: users.displayName,
  photoURL: users.photoURL,
  role: users.role,
  tag: users.tag,
  title: users.title,
  level: users.level,
  createdAt: users.createdAt,
  /** Contribution points (a member never awarded any has no totals row). */
  points: sql<number>`coalesce(${contributionTotals.points}, 0)::int`,
};

type PublicRow = { [Key in Exclude<keyof typeof publicColumns, "points">]: (typeof users.$inferSelect)[Key] } & { points: number };

function toPublic(row: PublicRow): PublicMember {
  const role: Role = isRole(row.role) ? row.role : "user";
  return { ...row, displayName: row.displayName ?? "", role };
}

/** The folded name (a stored column), which the `users_name_search` trigram index holds. */
const foldedName = users.foldedName;

/** Shown to others: listed (no settings row is listed), named, not banned. Needs `authUsers` and `profileSettings` joined. */
export const isPublic: SQL = and(
  sql`coalesce(${profileSettings.listed}, true)`,
  ne(sql`coalesce(${users.displayName}, '')`, ""),
  sql`not coalesce(${authUsers.banned}, false)`,
) as SQL;

function fromUsers(db: Database) {
  return db
    .select(publicColumns)
    .from(users)
    .innerJoin(authUsers, eq(authUsers.id, users.uid))
    .leftJoin(profileSettings, eq(profileSettings.uid, users.uid))
    .leftJoin(contributionTotals, eq(contributionTotals.uid, users.uid));
}

/** Up to this many members matching a name are joined and sorted whole; more, and a page is cut from `users` first. */
const FEW_MATCHES = 400;
/** Members a cut page takes beyond the page, for those that turn out not to be public. */
const HIDDEN_SLACK = 10;

/**
 * The uids of the members whose folded name contains `q`, through the trigram index, when there are
 * at most FEW_MATCHES of them; null when there are more. With both a name and an order, PostgreSQL
 * otherwise guesses between walking the order (fast for a common name, slow for a rare one: 204 ms at
 * 100,000 members) and the trigram index (the reverse), and its guess flips with its statistics.
 */
async function fewNameMatches(db: Database, q: string, few: number): Promise<string[] | null> {
  const rows = await db
    .select({ uid: users.uid })
    .from(users)
    .where(sql`${foldedName} like '%' || ${likePattern(q)} || '%'`)
    .limit(few + 1);
  return rows.length > few ? null : rows.map((row) => row.uid);
}

/**
 * The directory's page: `limit` members and whether more follow. With a name many members share,
 * the members whose name matches are ordered and cut from `users` alone, and only those are joined
 * to their account, settings and points. Joined first, PostgreSQL either walked the order through
 * thousands of members whose name does not match or joined every match before sorting: 27–35 ms at
 * 100,000 members, and it took a parallel worker for the walk, whose start alone cost 25 ms.
 */
export async function listMembers(
  db: Database,
  query: DirectoryQuery,
  { fewMatches = FEW_MATCHES, slack = HIDDEN_SLACK }: { fewMatches?: number; slack?: number } = {},
): Promise<MemberPage> {
  const conditions: SQL[] = [];
  let manyMatches = false;
  if (query.q) {
    // Containment, not only a prefix: "tuan" finds "Anh Tuấn" as well as "Tuấn Anh"; the trigram index serves it.
    const few = await fewNameMatches(db, query.q, fewMatches);
    if (few?.length === 0) return { data: [], nextCursor: null };
    manyMatches = few === null;
    conditions.push(few ? inArray(users.uid, few) : sql`${foldedName} like '%' || ${likePattern(query.q)} || '%'`);
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.tag) conditions.push(eq(users.tag, query.tag));
  if (query.title) conditions.push(eq(users.title, query.title));
  const { cursor } = query;
  const byLevel = query.sort === "level";
  if (cursor) {
    // Keyset paging on a unique key (the uid breaks ties): no member twice, none skipped, whatever changes meanwhile.
    conditions.push(
      byLevel
        ? sql`(${users.level}, ${users.createdAt}, ${users.uid}) < (${cursor.level}, ${cursor.createdAt}, ${cursor.uid})`
        : sql`(${users.createdAt}, ${users.uid}) < (${cursor.createdAt}, ${cursor.uid})`,
    );
  }
  const order = byLevel ? [desc(users.level), desc(users.createdAt), desc(users.uid)] : [desc(users.createdAt), desc(users.uid)];
  const wanted = query.limit + 1;
  let rows: PublicRow[];
  if (!manyMatches) {
    rows = await fromUsers(db)
      .where(and(isPublic, ...conditions))
      .orderBy(...order)
      .limit(wanted);
  } else {
    // The first matches in order, from `users` alone, with room for a few that are not public
    // (unlisted, banned, unnamed); if more than that were not, take more, until enough or none left.
    // Whether the matches ran out is read from the cut itself, not from a second look that a change
    // in between could make shorter.
    for (let take = wanted + slack; ; take *= 4) {
      const cut = await db
        .select({ uid: users.uid })
        .from(users)
        .where(and(...conditions))
        .orderBy(...order)
        .limit(take);
      const uids = cut.map((row) => row.uid);
      rows =
        uids.length === 0
          ? []
          : await fromUsers(db)
              .where(and(isPublic, inArray(users.uid, uids)))
              .orderBy(...order)
              .limit(wanted);
      if (rows.length === wanted || cut.length < take) break;
    }
  }
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map(toPublic),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}

/**
 * A member's public profile. A hidden profile is not public: an unlisted (or banned, or unnamed)
 * member is answered as one that does not exist, to everyone but themselves.
 */
export async function findPublicMember(db: Database, uid: string, viewerUid: string | null): Promise<PublicMember> {
  const own = viewerUid === uid;
  const [row] = await fromUsers(db).where(own ? eq(users.uid, uid) : and(eq(users.uid, uid), isPublic));
  if (!row) throw new AppError("not-found", "No such member.");
  return toPublic(row);
}

/** Whether the member's profile is listed in the directory (no settings row: listed). */
export async function readListed(db: Database, uid: string): Promise<boolean> {
  const [row] = await db.select({ listed: profileSettings.listed }).from(profileSettings).where(eq(profileSettings.uid, uid));
  return row?.listed ?? true;
}

export async function setListed(db: Database, uid: string, listed: boolean): Promise<boolean> {
  await db.insert(profileSettings).values({ uid, listed }).onConflictDoUpdate({ target: profileSettings.uid, set: { listed } });
  return listed;
}
