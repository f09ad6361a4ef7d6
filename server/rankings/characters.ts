/**
 * Characters' numbers (issue 43): a member says what class, level and power a character of theirs has
 * now; the character is their claim on its name and server (`server/reputation`, the trust issue),
 * made pending when new. Each submission is a history entry and the character's latest numbers, in one
 * transaction with its clan's power.
 */
import { and, asc, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { characterClaims, characterPower, characterStats, clanMembers, clans, contentEntries } from "../../db/schema/index.ts";
import type { CharacterInput } from "../../universal/rankings/ranking-schemas.ts";
import type { Viewer } from "../auth/viewer.ts";
import { refreshClanPowerOf } from "../clans/clan-power.ts";
import { assertServer } from "../content/pack-servers.ts";
import { AppError } from "../errors.ts";
import { claimCharacter } from "../reputation/reputation.ts";

export interface CharacterView {
  id: number;
  name: string;
  server: string;
  classId: string;
  level: number;
  power: number;
  verified: boolean;
  /** The claim's state: a pending character is not proven its member's yet. */
  claim: "pending" | "verified";
  uid: string;
  updatedAt: number;
}

/** The pack's level table: the lowest and highest level. */
async function levelRange(db: Database): Promise<{ min: number; max: number }> {
  const [row] = await db
    .select({
      min: sql<number>`min((${contentEntries.data}->>'level')::int)`,
      max: sql<number>`max((${contentEntries.data}->>'level')::int)`,
    })
    .from(contentEntries)
    .where(eq(contentEntries.kind, "levels"));
  return { min: Number(row?.min ?? 1), max: Number(row?.max ?? 1) };
}

async function assertClass(db: Database, classId: string): Promise<void> {
  const [row] = await db
    .select({ id: contentEntries.id })
    .from(contentEntries)
    .where(and(eq(contentEntries.kind, "classes"), eq(contentEntries.id, classId)));
  if (!row) throw new AppError("invalid-argument", "classId: no such class in the catalog.", { field: "classId", reason: "unknown-class" });
}

/**
 * Records a character's numbers: 201 with the character. A character another member holds (a pending
 * or verified claim) is refused with 409 `character-claimed`; a class not in the pack, a level outside
 * its level table, with 400 naming the field.
 */
export async function submitCharacter(db: Database, viewer: Viewer, input: CharacterInput, now = Date.now()): Promise<CharacterView> {
  await assertServer(db, input.server);
  await assertClass(db, input.classId);
  const levels = await levelRange(db);
  if (input.level < levels.min || input.level > levels.max)
    throw new AppError("invalid-argument", `level: from ${levels.min} to ${levels.max}.`, { field: "level", reason: "level-range" });
  const [held] = await db
    .select({ id: characterClaims.id })
    .from(characterClaims)
    .where(
      and(
        sql`f_unaccent(lower(${characterClaims.name})) = f_unaccent(lower(${input.name}))`,
        eq(characterClaims.server, input.server),
        ne(characterClaims.uid, viewer.uid),
      ),
    );
  if (held) throw new AppError("character-claimed", "Another member holds this character.", { reason: "claimed" });
  const { claim } = await claimCharacter(db, viewer, { name: input.name, server: input.server }, now);
  await db.transaction(async (tx) => {
    const [entry] = await tx
      .insert(characterStats)
      .values({ claimId: claim.id, classId: input.classId, level: input.level, power: input.power, at: now })
      .returning({ id: characterStats.id });
    if (!entry) throw new AppError("internal", "The numbers were not saved.");
    const latest = {
      classId: input.classId,
      level: input.level,
      power: input.power,
      verified: false,
      statsId: entry.id,
      updatedAt: now,
    };
    await tx
      .insert(characterPower)
      .values({ claimId: claim.id, uid: viewer.uid, name: claim.name, server: claim.server, firstAt: now, ...latest })
      .onConflictDoUpdate({ target: characterPower.claimId, set: latest });
    await refreshClanPowerOf(tx, viewer.uid, claim.server);
  });
  const made = await characterById(db, claim.id);
  if (!made) throw new AppError("internal", "The character could not be read back.");
  return made;
}

const viewColumns = {
  id: characterPower.claimId,
  name: characterPower.name,
  server: characterPower.server,
  classId: characterPower.classId,
  level: characterPower.level,
  power: characterPower.power,
  verified: characterPower.verified,
  claim: characterClaims.status,
  uid: characterPower.uid,
  updatedAt: characterPower.updatedAt,
};

/** A character as its page shows it, or undefined when none has numbers. */
export async function characterById(db: Database, id: number): Promise<CharacterView | undefined> {
  const [row] = await db
    .select(viewColumns)
    .from(characterPower)
    .innerJoin(characterClaims, eq(characterClaims.id, characterPower.claimId))
    .where(eq(characterPower.claimId, id));
  return row ? { ...row, power: Number(row.power), claim: row.claim === "verified" ? "verified" : "pending" } : undefined;
}

/** A member's characters with numbers, strongest first (`/rating` shows them to their member). */
export async function charactersOf(db: Database, uid: string): Promise<CharacterView[]> {
  const rows = await db
    .select(viewColumns)
    .from(characterPower)
    .innerJoin(characterClaims, eq(characterClaims.id, characterPower.claimId))
    .where(eq(characterPower.uid, uid))
    .orderBy(desc(characterPower.power));
  return rows.map((row) => ({ ...row, power: Number(row.power), claim: row.claim === "verified" ? "verified" : "pending" }));
}

/** The clan a character's member is in on its server (visible ones only). */
export async function clanOfCharacter(
  db: Database,
  character: Pick<CharacterView, "uid" | "server">,
): Promise<{ id: string; name: string; tag: string } | null> {
  const [row] = await db
    .select({ id: clans.id, name: clans.name, tag: clans.tag })
    .from(clanMembers)
    .innerJoin(clans, eq(clans.id, clanMembers.clanId))
    .where(and(eq(clanMembers.uid, character.uid), eq(clanMembers.server, character.server), isNull(clans.hiddenAt)));
  return row ?? null;
}

/** Every entry of a character, oldest first (its history chart). */
export async function characterHistory(db: Database, id: number): Promise<{ t: number; level: number; power: number }[]> {
  const rows = await db
    .select({ t: characterStats.at, level: characterStats.level, power: characterStats.power })
    .from(characterStats)
    .where(eq(characterStats.claimId, id))
    .orderBy(asc(characterStats.at), asc(characterStats.id));
  return rows.map((row) => ({ ...row, power: Number(row.power) }));
}

/** A moderator checked a character's latest numbers (a `character-stats` report upheld). */
export async function verifyCharacterNumbers(db: Database, id: number): Promise<void> {
  const [latest] = await db.select({ statsId: characterPower.statsId }).from(characterPower).where(eq(characterPower.claimId, id));
  if (!latest) return;
  await db.update(characterStats).set({ verified: true }).where(eq(characterStats.id, latest.statsId));
  await db.update(characterPower).set({ verified: true }).where(eq(characterPower.claimId, id));
}
