/**
 * Changing a clan (issue 43): its leader's edit (name, emblem, language, recruiting), a moderator
 * hiding it (audited), and its officers' announcements.
 */
import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { clanAnnouncements, clanLog, clans, users } from "../../db/schema/index.ts";
import { violatedUnique } from "../../db/unique-violation.ts";
import { can } from "../../universal/auth/permissions.ts";
import {
  CLAN_ANNOUNCEMENTS_KEPT,
  CLAN_ANNOUNCEMENTS_SHOWN,
  type ClanAnnouncement,
  type PatchClanInput,
} from "../../universal/clans/clan-schemas.ts";
import type { Viewer } from "../auth/viewer.ts";
import { loadGameIconNames } from "../content/load-pack.ts";
import { AppError } from "../errors.ts";
import { recordAudit } from "../moderation/audit-log.ts";
import { actingAs, clanById } from "./clan-membership.ts";

export function assertKnownEmblem(emblem: string): void {
  if (!loadGameIconNames().has(emblem.slice("game-icons:".length)))
    throw new AppError("invalid-argument", "emblem: no such icon.", { field: "emblem", reason: "unknown-icon" });
}

/** `PATCH /api/clans/{id}`: `{hidden}` is a moderator's (`clan:hide`), the rest the leader's (`clan:edit`). */
export async function patchClan(db: Database, viewer: Viewer, clanId: string, input: PatchClanInput, now = Date.now()): Promise<void> {
  if (input.hidden !== undefined) {
    if (!can(viewer.role, "clan:hide")) throw new AppError("permission-denied", "Only moderators can hide a clan.");
    await clanById(db, clanId);
    const hidden = input.hidden;
    await db.transaction(async (tx) => {
      const [was] = await tx.select({ hiddenAt: clans.hiddenAt }).from(clans).where(eq(clans.id, clanId)).for("update");
      await tx
        .update(clans)
        .set({ hiddenAt: hidden ? sql`coalesce(${clans.hiddenAt}, ${now})` : null, updatedAt: now })
        .where(eq(clans.id, clanId));
      await recordAudit(
        tx,
        {
          actorUid: viewer.uid,
          action: "clan.hide",
          targetKind: "clan",
          targetId: clanId,
          before: { hidden: was !== undefined && was.hiddenAt !== null },
          after: { hidden },
        },
        now,
      );
    });
    return;
  }
  await actingAs(db, viewer, clanId, "clan:edit");
  if (input.emblem) assertKnownEmblem(input.emblem);
  const changes = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.emblem === undefined ? {} : { emblem: input.emblem }),
    ...(input.language === undefined ? {} : { language: input.language }),
    ...(input.recruiting === undefined ? {} : { recruiting: input.recruiting }),
  };
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(clans)
        .set({ ...changes, updatedAt: now })
        .where(eq(clans.id, clanId));
      await tx.insert(clanLog).values({
        clanId,
        kind: "edited",
        actorUid: viewer.uid,
        targetUid: null,
        data: { fields: Object.keys(changes).join(",") },
        createdAt: now,
      });
    });
  } catch (error) {
    if (violatedUnique(error) === "clans_server_name")
      throw new AppError("conflict", "A clan of that name is already on this server.", { reason: "name-taken" });
    throw error;
  }
}

/** An officer's announcement; the same client id again is the same one. The clan keeps its newest CLAN_ANNOUNCEMENTS_KEPT. */
export async function announce(
  db: Database,
  viewer: Viewer,
  clanId: string,
  input: { text: string; clientId?: string | undefined },
  now = Date.now(),
): Promise<ClanAnnouncement> {
  await actingAs(db, viewer, clanId, "announce");
  const clientId = input.clientId ?? `server-${now}-${Math.random().toString(36).slice(2)}`;
  await db.transaction(async (tx) => {
    await tx
      .insert(clanAnnouncements)
      .values({ clanId, authorUid: viewer.uid, text: input.text, clientId, createdAt: now })
      .onConflictDoNothing();
    const kept = tx
      .select({ id: clanAnnouncements.id })
      .from(clanAnnouncements)
      .where(eq(clanAnnouncements.clanId, clanId))
      .orderBy(desc(clanAnnouncements.id))
      .limit(CLAN_ANNOUNCEMENTS_KEPT);
    await tx.delete(clanAnnouncements).where(and(eq(clanAnnouncements.clanId, clanId), notInArray(clanAnnouncements.id, kept)));
  });
  const [made] = await announcements(db, clanId, clientId);
  if (!made) throw new AppError("internal", "The announcement could not be read back.");
  return made;
}

/** The clan's newest announcements (or the one with `clientId`). */
export async function announcements(db: Database, clanId: string, clientId?: string): Promise<ClanAnnouncement[]> {
  const rows = await db
    .select({
      id: clanAnnouncements.id,
      text: clanAnnouncements.text,
      authorUid: clanAnnouncements.authorUid,
      displayName: users.displayName,
      createdAt: clanAnnouncements.createdAt,
    })
    .from(clanAnnouncements)
    .leftJoin(users, eq(users.uid, clanAnnouncements.authorUid))
    .where(and(eq(clanAnnouncements.clanId, clanId), clientId === undefined ? undefined : eq(clanAnnouncements.clientId, clientId)))
    .orderBy(desc(clanAnnouncements.id))
    .limit(CLAN_ANNOUNCEMENTS_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    text: row.text,
    author: row.authorUid === null ? null : { uid: row.authorUid, displayName: row.displayName ?? "" },
    createdAt: row.createdAt,
  }));
}
