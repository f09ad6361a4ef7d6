/**
 * The display-name rules every route that sets one applies (sign-up, update-user, PATCH /profile,
 * a provider's name at sync): the characters and length of universal/users/display-name.ts, and no
 * name that folds (case and diacritics aside, as the directory folds: "mod hòa" = "Mod Hoa") to the
 * name of a moderator or an admin other than the member themself.
 */
import { and, inArray, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { foldedQuery } from "../../db/folding.ts";
import { users } from "../../db/schema/index.ts";
import { DISPLAY_NAME_MAX, displayNameProblem, forbiddenNameCharacter, normalizeDisplayName } from "../../universal/users/display-name.ts";
import { AppError } from "../errors.ts";

/** A display name: 1 to 40 characters once normalised, without invisible or control characters. */
export const displayNameSchema = z
  .string()
  .transform(normalizeDisplayName)
  .pipe(z.string().min(1).max(DISPLAY_NAME_MAX))
  .refine((name) => forbiddenNameCharacter(name) === null, "must not contain control or invisible formatting characters");

/** The roles whose names nobody else may take. */
const RESERVED_ROLES = ["moderator", "admin"];

/** Whether `name` folds to the name of a moderator or an admin other than `uid`. */
export async function isReservedName(db: Database, name: string, uid: string | null): Promise<boolean> {
  const conditions = [inArray(users.role, RESERVED_ROLES), sql`${users.foldedName} = ${foldedQuery(normalizeDisplayName(name))}`];
  if (uid) conditions.push(ne(users.uid, uid));
  const [row] = await db
    .select({ uid: users.uid })
    .from(users)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

export type DisplayNameVerdict = { ok: true; name: string } | { ok: false; problem: "length" | "characters" | "reserved" };

/** The name as it will be stored, or why it is refused. */
export async function judgeDisplayName(db: Database, raw: unknown, uid: string | null): Promise<DisplayNameVerdict> {
  if (typeof raw !== "string") return { ok: false, problem: "length" };
  const problem = displayNameProblem(raw);
  if (problem) return { ok: false, problem };
  const name = normalizeDisplayName(raw);
  if (await isReservedName(db, name, uid)) return { ok: false, problem: "reserved" };
  return { ok: true, name };
}

/** The name as it will be stored, or the API's refusal: 400 (its `reason` says which rule) or 409 `name-reserved`. */
export async function acceptableDisplayName(db: Database, raw: unknown, uid: string | null): Promise<string> {
  const verdict = await judgeDisplayName(db, raw, uid);
  if (verdict.ok) return verdict.name;
  if (verdict.problem === "reserved")
    throw new AppError("name-reserved", "displayName: this name belongs to a moderator or an admin.", {
      field: "displayName",
      reason: "name-reserved",
    });
  if (verdict.problem === "characters")
    throw new AppError("invalid-argument", "displayName: control and invisible formatting characters are not allowed.", {
      field: "displayName",
      reason: "name-characters",
    });
  throw new AppError("invalid-argument", `displayName: 1 to ${DISPLAY_NAME_MAX} characters.`, {
    field: "displayName",
    reason: "name-length",
  });
}
