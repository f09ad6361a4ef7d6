/**
 * Clans (issue 43, decision 046): creating one (with its leader and its room, in one transaction), the
 * directory, and a clan's page data. Who may do what inside a clan is `universal/clans/clan-permissions.ts`.
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { likePattern } from "../../db/folding.ts";
import { characterPower, chatRooms, clanLog, clanMembers, clanRequests, clans, users } from "../../db/schema/index.ts";
import { alias } from "drizzle-orm/pg-core";
import { violatedUnique } from "../../db/unique-violation.ts";
import { mayInClan, type ClanRole } from "../../universal/clans/clan-permissions.ts";
import {
  CLAN_PAGE,
  type ClanAnnouncement,
  type ClanEvent,
  type ClanRequest,
  type ClanViewerState,
  type ClanLanguage,
  type ClanSummary,
  type ClansQuery,
  type CreateClanInput,
} from "../../universal/clans/clan-schemas.ts";
import type { Viewer } from "../auth/viewer.ts";
import { assertServer } from "../content/pack-servers.ts";
import { AppError } from "../errors.ts";
import { announcements, assertKnownEmblem } from "./clan-edits.ts";
import { eventsOf } from "./clan-events.ts";

/**
 * A clan's page: the directory's summary, its room, its members (leader first), its announcements and
 * latest log lines, what it says of its reader (`me`), and for its officers the open requests and
 * invitations.
 */
export interface ClanPage extends ClanSummary {
  roomId: string | null;
  members: { uid: string; displayName: string; role: ClanRole; joinedAt: number; power: number | null }[];
  announcements: ClanAnnouncement[];
  events: ClanEvent[];
  log: {
    id: number;
    kind: string;
    actorUid: string | null;
    actorName: string | null;
    targetUid: string | null;
    targetName: string | null;
    data: Record<string, string | number | null>;
    createdAt: number;
  }[];
  me: ClanViewerState;
  requests?: ClanRequest[];
  invites?: ClanRequest[];
}

/** How many log lines a clan's page shows. */
export const CLAN_LOG_SHOWN = 50;

const refusals: Record<string, [string, string]> = {
  clans_server_name: ["A clan of that name is already on this server.", "name-taken"],
  clans_server_tag: ["A clan with that tag is already on this server.", "tag-taken"],
  clan_members_one_per_server: ["You are already in a clan on this server.", "already-in-clan"],
};

/**
 * Creates a clan with the viewer as its leader, its `clan` chat room and its first log line, in one
 * transaction: a second clan of the same name or tag on the server, or a second clan of the viewer's
 * there, is refused by the database's indexes with 409 `conflict`, and nothing is written.
 */
export async function createClan(db: Database, viewer: Viewer, input: CreateClanInput, now = Date.now()): Promise<ClanPage> {
  await assertServer(db, input.server);
  assertKnownEmblem(input.emblem);
  const id = `clan-${randomUUID().replaceAll("-", "").slice(0, 20)}`;
  try {
    await db.transaction(async (tx) => {
      await tx.insert(clans).values({ id, ...input, createdAt: now, updatedAt: now });
      await tx.insert(clanMembers).values({ clanId: id, uid: viewer.uid, server: input.server, role: "leader", joinedAt: now });
      await tx.insert(chatRooms).values({ id: `${id}-room`, kind: "clan", clanId: id, createdAt: now });
      await tx.insert(clanLog).values({ clanId: id, kind: "created", actorUid: viewer.uid, targetUid: viewer.uid, createdAt: now });
    });
  } catch (error) {
    const refusal = refusals[violatedUnique(error) ?? "-"];
    if (!refusal) throw error;
    // The same request again (a retry after a lost answer) answers the clan it made, never a second one.
    const made = await clanLedBy(db, viewer.uid, input);
    if (made) return made;
    throw new AppError("conflict", refusal[0], { reason: refusal[1] });
  }
  const page = await getClan(db, id, viewer);
  if (!page) throw new AppError("internal", "The clan could not be read back.");
  return page;
}

/** The clan of that name and tag on that server, if `uid` leads it. */
async function clanLedBy(db: Database, uid: string, input: CreateClanInput): Promise<ClanPage | undefined> {
  const [row] = await db
    .select({ id: clans.id })
    .from(clans)
    .innerJoin(clanMembers, and(eq(clanMembers.clanId, clans.id), eq(clanMembers.uid, uid), eq(clanMembers.role, "leader")))
    .where(
      and(
        eq(clans.server, input.server),
        eq(clans.tag, input.tag),
        sql`f_unaccent(lower(${clans.name})) = f_unaccent(lower(${input.name}))`,
      ),
    );
  return row ? getClan(db, row.id, { uid }) : undefined;
}

const memberCount = sql<number>`(select count(*)::int from ${clanMembers} m where m.clan_id = ${clans.id})`;
const leaderUid = sql<string | null>`(select m.uid from ${clanMembers} m where m.clan_id = ${clans.id} and m.role = 'leader')`;
const leaderName = sql<
  string | null
>`(select u.display_name from ${clanMembers} m join ${users} u on u.uid = m.uid where m.clan_id = ${clans.id} and m.role = 'leader')`;

const summaryColumns = {
  id: clans.id,
  server: clans.server,
  name: clans.name,
  tag: clans.tag,
  emblem: clans.emblem,
  language: clans.language,
  recruiting: clans.recruiting,
  power: clans.power,
  memberCount,
  leaderUid,
  leaderName,
};

/** A row of `summaryColumns`, as the database gives it. */
interface SummaryRow {
  id: string;
  server: string;
  name: string;
  tag: string;
  emblem: string;
  language: string;
  recruiting: boolean;
  power: number | null;
  memberCount: number;
  leaderUid: string | null;
  leaderName: string | null;
}

function toSummary(row: SummaryRow): ClanSummary {
  return {
    id: row.id,
    server: row.server,
    name: row.name,
    tag: row.tag,
    emblem: row.emblem,
    language: row.language as ClanLanguage,
    recruiting: row.recruiting,
    leader: row.leaderUid === null ? null : { uid: row.leaderUid, displayName: row.leaderName ?? "" },
    memberCount: row.memberCount,
    power: row.power === null ? null : Number(row.power),
  };
}

/** The directory: visible clans, filtered and sorted, a page at a time (`nextCursor`: where the next starts). */
export async function listClans(db: Database, query: ClansQuery): Promise<{ data: ClanSummary[]; nextCursor: number | null }> {
  const conditions: SQL[] = [isNull(clans.hiddenAt)];
  if (query.server) conditions.push(eq(clans.server, query.server));
  if (query.language) conditions.push(eq(clans.language, query.language));
  if (query.recruiting) conditions.push(eq(clans.recruiting, query.recruiting === "true"));
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(
      sql`(f_unaccent(lower(${clans.name})) like '%' || ${pattern} || '%' or lower(${clans.tag}) like '%' || ${pattern} || '%')`,
    );
  }
  const offset = query.cursor ?? 0;
  const rows = await db
    .select(summaryColumns)
    .from(clans)
    .where(and(...conditions))
    // The strongest (a clan with no known power last) or the largest first, then the oldest.
    .orderBy(
      ...(query.sort === "power"
        ? [sql`${clans.power} desc nulls last`, desc(memberCount)]
        : [desc(memberCount), sql`${clans.power} desc nulls last`]),
      asc(clans.createdAt),
      asc(clans.id),
    )
    .limit(CLAN_PAGE + 1)
    .offset(offset);
  return {
    data: rows.slice(0, CLAN_PAGE).map((row) => toSummary(row)),
    nextCursor: rows.length > CLAN_PAGE ? offset + CLAN_PAGE : null,
  };
}

const actors = alias(users, "actors");
const targets = alias(users, "targets");

/** A clan's page data as `viewer` (null: a visitor) sees it, or undefined when there is none (or a moderator hid it). */
export async function getClan(db: Database, id: string, viewer: Pick<Viewer, "uid"> | null): Promise<ClanPage | undefined> {
  const [row] = await db
    .select({ ...summaryColumns, roomId: chatRooms.id })
    .from(clans)
    .leftJoin(chatRooms, eq(chatRooms.clanId, clans.id))
    .where(and(eq(clans.id, id), isNull(clans.hiddenAt)));
  if (!row) return undefined;
  const rolesFirst = sql`case ${clanMembers.role} when 'leader' then 0 when 'officer' then 1 else 2 end`;
  const [members, log, news, open, events] = await Promise.all([
    db
      .select({
        uid: clanMembers.uid,
        displayName: users.displayName,
        role: clanMembers.role,
        joinedAt: clanMembers.joinedAt,
        // Their best character on the clan's server (null: none there yet).
        power: sql<
          number | string | null
        >`(select max(p.power) from ${characterPower} p where p.uid = ${clanMembers.uid} and p.server = ${clanMembers.server})`,
      })
      .from(clanMembers)
      .leftJoin(users, eq(users.uid, clanMembers.uid))
      .where(eq(clanMembers.clanId, id))
      .orderBy(rolesFirst, asc(clanMembers.joinedAt)),
    db
      .select({
        id: clanLog.id,
        kind: clanLog.kind,
        actorUid: clanLog.actorUid,
        actorName: actors.displayName,
        targetUid: clanLog.targetUid,
        targetName: targets.displayName,
        data: clanLog.data,
        createdAt: clanLog.createdAt,
      })
      .from(clanLog)
      .leftJoin(actors, eq(actors.uid, clanLog.actorUid))
      .leftJoin(targets, eq(targets.uid, clanLog.targetUid))
      .where(eq(clanLog.clanId, id))
      .orderBy(desc(clanLog.id))
      .limit(CLAN_LOG_SHOWN),
    announcements(db, id),
    db
      .select({
        id: clanRequests.id,
        kind: clanRequests.kind,
        clanId: clanRequests.clanId,
        uid: clanRequests.uid,
        displayName: users.displayName,
        createdAt: clanRequests.createdAt,
      })
      .from(clanRequests)
      .leftJoin(users, eq(users.uid, clanRequests.uid))
      .where(eq(clanRequests.clanId, id))
      .orderBy(asc(clanRequests.id)),
    eventsOf(db, id, viewer?.uid ?? null),
  ]);
  const roster = members.map((member) => ({
    ...member,
    displayName: member.displayName ?? "",
    role: member.role as ClanRole,
    power: member.power === null ? null : Number(member.power),
  }));
  const role = viewer ? (roster.find((member) => member.uid === viewer.uid)?.role ?? null) : null;
  const requests = open.map((one) => ({ ...one, kind: one.kind as ClanRequest["kind"], displayName: one.displayName ?? "" }));
  const mine = (kind: ClanRequest["kind"]) => requests.find((one) => one.kind === kind && one.uid === viewer?.uid)?.id ?? null;
  const officer = mayInClan(role, "request:approve");
  return {
    ...toSummary(row),
    roomId: row.roomId,
    members: roster,
    announcements: news,
    events,
    log,
    me: { role, requestId: mine("request"), inviteId: mine("invite") },
    ...(officer
      ? { requests: requests.filter((one) => one.kind === "request"), invites: requests.filter((one) => one.kind === "invite") }
      : {}),
  };
}

/** The visible clan with that tag on that server (the map's links name clans so), if there is one. */
export async function clanIdByTag(db: Database, server: string, tag: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: clans.id })
    .from(clans)
    .where(and(eq(clans.server, server), eq(clans.tag, tag), isNull(clans.hiddenAt)));
  return row?.id;
}

/** The viewer's clans (one per server at most) and the invitations waiting for their answer, for `/clan`. */
export async function clansOf(
  db: Database,
  uid: string,
): Promise<{ clans: (ClanSummary & { role: ClanRole })[]; invites: (ClanRequest & { clan: ClanSummary })[] }> {
  const [memberships, invites] = await Promise.all([
    db
      .select({ ...summaryColumns, role: clanMembers.role })
      .from(clanMembers)
      .innerJoin(clans, eq(clans.id, clanMembers.clanId))
      .where(eq(clanMembers.uid, uid))
      .orderBy(asc(clans.server)),
    db
      .select({ ...summaryColumns, requestId: clanRequests.id, requestedAt: clanRequests.createdAt })
      .from(clanRequests)
      .innerJoin(clans, eq(clans.id, clanRequests.clanId))
      .where(and(eq(clanRequests.uid, uid), eq(clanRequests.kind, "invite"), isNull(clans.hiddenAt)))
      .orderBy(desc(clanRequests.id)),
  ]);
  return {
    clans: memberships.map((row) => ({ ...toSummary(row), role: row.role as ClanRole })),
    invites: invites.map((row) => ({
      id: row.requestId,
      kind: "invite",
      clanId: row.id,
      uid,
      displayName: "",
      createdAt: row.requestedAt,
      clan: toSummary(row),
    })),
  };
}
