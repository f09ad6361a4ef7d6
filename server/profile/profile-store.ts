import { eq, getTableColumns } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { authUsers, users } from "../../db/schema/index.ts";
import { cleanDisplayName } from "../../universal/users/display-name.ts";
import { isReservedName } from "./display-name.ts";
import type { Logger } from "../logger.ts";

/**
 * The profile document, field for field: every column of `users` but the folded name the
 * database derives for the directory's search.
 */
export type Profile = Omit<typeof users.$inferSelect, "foldedName">;

const { foldedName: _derived, ...columns } = getTableColumns(users);
/** The columns of the profile document, for a select or a `returning`. */
export const profileColumns = columns;

/** What the identity provider knows of a user when they sign in. */
export interface IdentityUser {
  id: string;
  email: string;
  name: string;
  image?: string | null;
}

/** A failed profile read returns no profile (and is logged). */
export async function readProfile(db: Database, uid: string, logger: Logger): Promise<Profile | null> {
  try {
    const [profile] = await db.select(profileColumns).from(users).where(eq(users.uid, uid));
    return profile ?? null;
  } catch (error) {
    logger.error("profile read failed", { error, uid });
    return null;
  }
}

/** The name a member gets when their provider's has nothing usable, or one a moderator or an admin has. */
export function fallbackDisplayName(uid: string): string {
  return `Member ${uid.slice(0, 6)}`;
}

/**
 * The identity provider's name as the profile may take it: never refused, so a sign-in never fails on
 * it, but cleaned of control and invisible characters, and the fallback instead of a name new to this
 * profile that folds to a moderator's or an admin's.
 */
async function providerName(db: Database, user: IdentityUser): Promise<string> {
  const fallback = fallbackDisplayName(user.id);
  const name = cleanDisplayName(user.name, fallback);
  const [current] = await db.select({ displayName: users.displayName }).from(users).where(eq(users.uid, user.id));
  if (name !== current?.displayName && (await isReservedName(db, name, user.id))) return fallback;
  return name;
}

/**
 * On sign-in: read the profile by uid; if absent, create it with email, displayName,
 * tag and title 'member', photoURL and createdAt; if present, merge fresh email, name, photo,
 * lastLoginAt and updatedAt. One statement, so two tabs signing in at once cannot both create it.
 */
export async function syncProfile(db: Database, user: IdentityUser, now = Date.now()): Promise<Profile> {
  const name = await providerName(db, user);
  // The identity record says the same, so the ID token and the session carry the cleaned name too.
  if (name !== user.name) await db.update(authUsers).set({ name }).where(eq(authUsers.id, user.id));
  const [profile] = await db
    .insert(users)
    .values({
      uid: user.id,
      email: user.email,
      displayName: name,
      photoURL: user.image ?? null,
      tag: "member",
      title: "member",
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: users.uid,
      set: { email: user.email, displayName: name, photoURL: user.image ?? null, lastLoginAt: now, updatedAt: now },
    })
    .returning(profileColumns);
  if (!profile) throw new Error(`profile sync returned nothing for ${user.id}`);
  return profile;
}
