/**
 * A clan's membership (issue 43, decision 046): join requests and invitations, approving, refusing,
 * kicking, roles, the lead's transfer, leaving and disbanding, each in one transaction with its log
 * line and its notifications. Every action reads the actor's role in the clan from the database and
 * asks `universal/clans/clan-permissions.ts`; a change that takes readers away from the clan's room
 * tells every process to ask its room's subscribers again (`readers-changed`).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { chatRooms, clanLog, clanMembers, clanRequests, clans, users } from "../../db/schema/index.ts";
import { violatedUnique } from "../../db/unique-violation.ts";
import { isClanRole, mayChangeRole, mayInClan, mayRemove, type ClanAction, type ClanRole } from "../../universal/clans/clan-permissions.ts";
import { CLAN_INVITES_MAX, CLAN_MEMBERS_MAX, CLAN_REQUESTS_MAX, type ClanRequest } from "../../universal/clans/clan-schemas.ts";
import type { NotificationKind } from "../../universal/notifications/notification-kinds.ts";
import type { PersistedEvent } from "../../universal/realtime/protocol.ts";
import { roomTopic } from "../../universal/realtime/protocol.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";
import { notify } from "../notifications/notifications.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { publishReadersChanged } from "../realtime/readers-changed.ts";
import { refreshClanPower } from "./clan-power.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface ClanRow {
  id: string;
  server: string;
  name: string;
  tag: string;
}

/** The clan (hidden or not: its members still run it), or 404. */
export async function clanById(db: Database | Tx, id: string): Promise<ClanRow> {
  const [row] = await db
    .select({ id: clans.id, server: clans.server, name: clans.name, tag: clans.tag })
    .from(clans)
    .where(eq(clans.id, id));
  if (!row) throw new AppError("not-found", "No such clan.");
  return row;
}

/** `uid`'s role in the clan, or null when they are not a member. */
export async function roleIn(db: Database | Tx, clanId: string, uid: string): Promise<ClanRole | null> {
  const [row] = await db
    .select({ role: clanMembers.role })
    .from(clanMembers)
    .where(and(eq(clanMembers.clanId, clanId), eq(clanMembers.uid, uid)));
  return row && isClanRole(row.role) ? row.role : null;
}

/** The clan and the viewer's role there, if that role may do `action` (403 otherwise). */
export async function actingAs(
  db: Database | Tx,
  viewer: Viewer,
  clanId: string,
  action: ClanAction,
): Promise<{ clan: ClanRow; role: ClanRole }> {
  const clan = await clanById(db, clanId);
  const role = await roleIn(db, clanId, viewer.uid);
  if (!role || !mayInClan(role, action)) throw new AppError("permission-denied", "Your role in this clan does not allow this.");
  return { clan, role };
}

/** Serialises the writes that count a clan's members or invitations, on any process, until the transaction ends. */
async function lockClan(tx: Tx, clanId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`clan:${clanId}`}))`);
}

function clanData(clan: ClanRow): Record<string, string> {
  return { clanId: clan.id, clan: clan.name, tag: clan.tag };
}

function clanLink(clan: ClanRow): string {
  return `/clan?id=${clan.id}`;
}

async function log(
  tx: Tx,
  clanId: string,
  kind: string,
  actorUid: string | null,
  targetUid: string | null,
  data: Record<string, string> = {},
  now: number,
) {
  await tx.insert(clanLog).values({ clanId, kind, actorUid, targetUid, data, createdAt: now });
}

async function officersOf(tx: Tx, clanId: string): Promise<string[]> {
  const rows = await tx
    .select({ uid: clanMembers.uid })
    .from(clanMembers)
    .where(and(eq(clanMembers.clanId, clanId), inArray(clanMembers.role, ["leader", "officer"])));
  return rows.map((row) => row.uid);
}

function notices(
  uids: readonly string[],
  kind: NotificationKind,
  actorUid: string | null,
  clan: ClanRow,
  link: string | null,
  extra: Record<string, string> = {},
) {
  return uids.map((uid) => ({ uid, kind, actorUid, link, data: { ...clanData(clan), ...extra } }));
}

function publishAll(hub: RealtimeHub, events: readonly PersistedEvent[]): void {
  for (const event of events) hub.publish(event);
}

/** Tells every process that the clan's room has fewer readers now. */
async function roomReadersChanged(db: Database, hub: RealtimeHub, clanId: string, roomId?: string | null): Promise<void> {
  const id = roomId ?? (await db.select({ id: chatRooms.id }).from(chatRooms).where(eq(chatRooms.clanId, clanId)))[0]?.id;
  if (id) publishReadersChanged(hub, roomTopic(id));
}

/**
 * Adds `uid` to the clan as a plain member, under the clan's lock: refused when the clan is full or
 * they are in a clan on its server already (the database's index says so, 409 `conflict`). Their
 * other open requests and invitations on that server go: they can no longer be taken.
 */
async function addMember(tx: Tx, clan: ClanRow, uid: string, actorUid: string, now: number): Promise<void> {
  await lockClan(tx, clan.id);
  const [{ count } = { count: 0 }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(clanMembers)
    .where(eq(clanMembers.clanId, clan.id));
  if (count >= CLAN_MEMBERS_MAX)
    throw new AppError("failed-precondition", `A clan holds at most ${CLAN_MEMBERS_MAX} members.`, {
      reason: "clan-full",
      limit: CLAN_MEMBERS_MAX,
    });
  try {
    await tx.insert(clanMembers).values({ clanId: clan.id, uid, server: clan.server, role: "member", joinedAt: now });
  } catch (error) {
    if (violatedUnique(error) === "clan_members_one_per_server")
      throw new AppError("conflict", "Already in a clan on this server.", { reason: "already-in-clan" });
    if (violatedUnique(error) === "clan_members_pkey")
      throw new AppError("conflict", "Already a member of this clan.", { reason: "already-member" });
    throw error;
  }
  await tx
    .delete(clanRequests)
    .where(and(eq(clanRequests.uid, uid), sql`${clanRequests.clanId} in (select id from ${clans} where server = ${clan.server})`));
  await log(tx, clan.id, "joined", actorUid, uid, {}, now);
  await refreshClanPower(tx, clan.id);
}

/** Refuses when `uid` is a member of this clan, or of another on its server. */
async function assertOutsideServer(tx: Database | Tx, clan: ClanRow, uid: string, who: "you" | "they"): Promise<void> {
  const [row] = await tx
    .select({ clanId: clanMembers.clanId })
    .from(clanMembers)
    .where(and(eq(clanMembers.uid, uid), eq(clanMembers.server, clan.server)));
  if (!row) return;
  if (row.clanId === clan.id)
    throw new AppError("conflict", who === "you" ? "You are a member of this clan." : "Already a member of this clan.", {
      reason: "already-member",
    });
  throw new AppError("conflict", who === "you" ? "You are already in a clan on this server." : "Already in a clan on this server.", {
    reason: "already-in-clan",
  });
}

export type JoinResult = { status: "requested"; request: ClanRequest } | { status: "joined"; clanId: string };

/**
 * Asks to join: an open invitation from the clan is taken at once (joined); otherwise a request its
 * officers approve or refuse, told to them. Asking again answers the same open request.
 */
export async function requestToJoin(db: Database, hub: RealtimeHub, viewer: Viewer, clanId: string, now = Date.now()): Promise<JoinResult> {
  const [found] = await db
    .select({ id: clans.id, server: clans.server, name: clans.name, tag: clans.tag, hidden: clans.hiddenAt, recruiting: clans.recruiting })
    .from(clans)
    .where(eq(clans.id, clanId));
  if (!found) throw new AppError("not-found", "No such clan.");
  const { hidden, recruiting, ...clan } = found;
  const [invite] = await db
    .select({ id: clanRequests.id })
    .from(clanRequests)
    .where(and(eq(clanRequests.clanId, clanId), eq(clanRequests.uid, viewer.uid), eq(clanRequests.kind, "invite")));
  if (invite) {
    await answerInvite(db, viewer, invite.id, "accept", now);
    return { status: "joined", clanId };
  }
  await assertOutsideServer(db, clan, viewer.uid, "you");
  if (hidden !== null) throw new AppError("not-found", "No such clan.");
  if (!recruiting) throw new AppError("failed-precondition", "This clan is not recruiting.", { reason: "not-recruiting" });
  const { events } = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`clan-requests:${viewer.uid}`}))`);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(clanRequests)
      .where(and(eq(clanRequests.uid, viewer.uid), eq(clanRequests.kind, "request")));
    const [made] = await tx
      .insert(clanRequests)
      .values({ clanId, uid: viewer.uid, kind: "request", actorUid: viewer.uid, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: clanRequests.id });
    if (!made) return { events: [] };
    if (count >= CLAN_REQUESTS_MAX)
      throw new AppError(
        "failed-precondition",
        `At most ${CLAN_REQUESTS_MAX} open requests to join: wait for an answer, or withdraw one.`,
        {
          reason: "too-many-requests",
          limit: CLAN_REQUESTS_MAX,
        },
      );
    return {
      events: await notify(tx, notices(await officersOf(tx, clanId), "clan-request", viewer.uid, clan, `${clanLink(clan)}#requests`), now),
    };
  });
  publishAll(hub, events);
  return { status: "requested", request: await openRequest(db, clanId, viewer.uid, "request") };
}

async function openRequest(db: Database, clanId: string, uid: string, kind: ClanRequest["kind"]): Promise<ClanRequest> {
  const [row] = await db
    .select({
      id: clanRequests.id,
      kind: clanRequests.kind,
      clanId: clanRequests.clanId,
      uid: clanRequests.uid,
      createdAt: clanRequests.createdAt,
      displayName: users.displayName,
    })
    .from(clanRequests)
    .leftJoin(users, eq(users.uid, clanRequests.uid))
    .where(and(eq(clanRequests.clanId, clanId), eq(clanRequests.uid, uid), eq(clanRequests.kind, kind)));
  if (!row) throw new AppError("not-found", "No such request.");
  return { ...row, kind, displayName: row.displayName ?? "" };
}

/** Withdraws the viewer's own open request (nothing when there is none). */
export async function withdrawRequest(db: Database, viewer: Viewer, clanId: string): Promise<void> {
  await clanById(db, clanId);
  await db
    .delete(clanRequests)
    .where(and(eq(clanRequests.clanId, clanId), eq(clanRequests.uid, viewer.uid), eq(clanRequests.kind, "request")));
}

/** An officer invites a member, who is told; inviting again answers the same open invitation. */
export async function invite(
  db: Database,
  hub: RealtimeHub,
  viewer: Viewer,
  clanId: string,
  uid: string,
  now = Date.now(),
): Promise<ClanRequest> {
  const { clan } = await actingAs(db, viewer, clanId, "invite");
  const [target] = await db.select({ uid: users.uid }).from(users).where(eq(users.uid, uid));
  if (!target) throw new AppError("not-found", "No such member.");
  await assertOutsideServer(db, clan, uid, "they");
  const events = await db.transaction(async (tx) => {
    await lockClan(tx, clanId);
    const [made] = await tx
      .insert(clanRequests)
      .values({ clanId, uid, kind: "invite", actorUid: viewer.uid, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: clanRequests.id });
    if (!made) return [];
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(clanRequests)
      .where(and(eq(clanRequests.clanId, clanId), eq(clanRequests.kind, "invite")));
    if (count > CLAN_INVITES_MAX)
      throw new AppError("failed-precondition", `A clan has at most ${CLAN_INVITES_MAX} open invitations.`, {
        reason: "too-many-invites",
        limit: CLAN_INVITES_MAX,
      });
    return notify(tx, notices([uid], "clan-invite", viewer.uid, clan, "/clan#invites"), now);
  });
  publishAll(hub, events);
  return openRequest(db, clanId, uid, "invite");
}

/** The invited member accepts (joins) or declines an invitation of theirs. */
export async function answerInvite(
  db: Database,
  viewer: Viewer,
  inviteId: number,
  answer: "accept" | "decline",
  now = Date.now(),
): Promise<void> {
  const [row] = await db
    .select({ clanId: clanRequests.clanId, actorUid: clanRequests.actorUid })
    .from(clanRequests)
    .where(and(eq(clanRequests.id, inviteId), eq(clanRequests.uid, viewer.uid), eq(clanRequests.kind, "invite")));
  if (!row) throw new AppError("not-found", "No such invitation.");
  if (answer === "decline") {
    await db.delete(clanRequests).where(eq(clanRequests.id, inviteId));
    return;
  }
  const clan = await clanById(db, row.clanId);
  await db.transaction(async (tx) => {
    await addMember(tx, clan, viewer.uid, row.actorUid ?? viewer.uid, now);
  });
}

/** An officer approves (the member joins, and is told) or refuses an open request. */
export async function answerRequest(
  db: Database,
  hub: RealtimeHub,
  viewer: Viewer,
  clanId: string,
  uid: string,
  answer: "approve" | "refuse",
  now = Date.now(),
): Promise<void> {
  const { clan } = await actingAs(db, viewer, clanId, answer === "approve" ? "request:approve" : "request:refuse");
  const events = await db.transaction(async (tx) => {
    const [request] = await tx
      .delete(clanRequests)
      .where(and(eq(clanRequests.clanId, clanId), eq(clanRequests.uid, uid), eq(clanRequests.kind, "request")))
      .returning({ id: clanRequests.id });
    if (!request) {
      // Approving again after a lost answer finds the member in: the same answer, nothing doubled.
      if (answer === "approve" && (await roleIn(tx, clanId, uid))) return [];
      throw new AppError("not-found", "No open request from this member.");
    }
    if (answer === "refuse") return [];
    await addMember(tx, clan, uid, viewer.uid, now);
    return notify(tx, notices([uid], "clan-approved", viewer.uid, clan, clanLink(clan)), now);
  });
  publishAll(hub, events);
}

/** An officer removes a plain member, the leader anyone but themself; the removed member is told and leaves the room at once. */
export async function kick(db: Database, hub: RealtimeHub, viewer: Viewer, clanId: string, uid: string, now = Date.now()): Promise<void> {
  const { clan, role } = await actingAs(db, viewer, clanId, "member:kick");
  const events = await db.transaction(async (tx) => {
    const target = await roleIn(tx, clanId, uid);
    if (!target) throw new AppError("not-found", "Not a member of this clan.");
    if (uid === viewer.uid || !mayRemove(role, target))
      throw new AppError("permission-denied", "Your role in this clan does not allow this.");
    await tx.delete(clanMembers).where(and(eq(clanMembers.clanId, clanId), eq(clanMembers.uid, uid)));
    await log(tx, clanId, "kicked", viewer.uid, uid, {}, now);
    await refreshClanPower(tx, clanId);
    return notify(tx, notices([uid], "clan-removed", viewer.uid, clan, clanLink(clan), { reason: "kicked" }), now);
  });
  publishAll(hub, events);
  await roomReadersChanged(db, hub, clanId);
}

/** A member or officer leaves; the leader hands the lead over first, or disbands. */
export async function leave(db: Database, hub: RealtimeHub, viewer: Viewer, clanId: string, now = Date.now()): Promise<void> {
  await clanById(db, clanId);
  const role = await roleIn(db, clanId, viewer.uid);
  if (!role) throw new AppError("not-found", "You are not a member of this clan.");
  if (!mayInClan(role, "leave"))
    throw new AppError("failed-precondition", "Hand the lead to another member first, or disband the clan.", { reason: "leader-leaving" });
  await db.transaction(async (tx) => {
    await tx.delete(clanMembers).where(and(eq(clanMembers.clanId, clanId), eq(clanMembers.uid, viewer.uid)));
    await log(tx, clanId, "left", viewer.uid, viewer.uid, {}, now);
    await refreshClanPower(tx, clanId);
  });
  await roomReadersChanged(db, hub, clanId);
}

/** The leader moves a member between officer and member. */
export async function changeRole(
  db: Database,
  viewer: Viewer,
  clanId: string,
  uid: string,
  to: "officer" | "member",
  now = Date.now(),
): Promise<void> {
  const { role } = await actingAs(db, viewer, clanId, "role:change");
  await db.transaction(async (tx) => {
    const from = await roleIn(tx, clanId, uid);
    if (!from) throw new AppError("not-found", "Not a member of this clan.");
    if (from === to) return;
    if (!mayChangeRole(role, from, to)) throw new AppError("permission-denied", "Your role in this clan does not allow this.");
    await tx
      .update(clanMembers)
      .set({ role: to })
      .where(and(eq(clanMembers.clanId, clanId), eq(clanMembers.uid, uid)));
    await log(tx, clanId, to === "officer" ? "promoted" : "demoted", viewer.uid, uid, {}, now);
  });
}

/** The leader hands the lead to another member and becomes an officer, in one transaction. */
export async function transferLead(db: Database, viewer: Viewer, clanId: string, uid: string, now = Date.now()): Promise<void> {
  await actingAs(db, viewer, clanId, "lead:transfer");
  if (uid === viewer.uid) return;
  await db.transaction(async (tx) => {
    await lockClan(tx, clanId);
    // Under the lock: the leader is still the viewer (a second transfer at once finds it done).
    if ((await roleIn(tx, clanId, viewer.uid)) !== "leader")
      throw new AppError("permission-denied", "Your role in this clan does not allow this.");
    if (!(await roleIn(tx, clanId, uid))) throw new AppError("not-found", "Not a member of this clan.");
    await tx
      .update(clanMembers)
      .set({ role: "officer" })
      .where(and(eq(clanMembers.clanId, clanId), eq(clanMembers.uid, viewer.uid)));
    await tx
      .update(clanMembers)
      .set({ role: "leader" })
      .where(and(eq(clanMembers.clanId, clanId), eq(clanMembers.uid, uid)));
    await log(tx, clanId, "leader", viewer.uid, uid, {}, now);
  });
}

/**
 * The leader disbands the clan, naming it to confirm (accents, case and spaces around aside): the
 * clan, its members, requests, log and room go; every other member is told.
 */
export async function disband(
  db: Database,
  hub: RealtimeHub,
  viewer: Viewer,
  clanId: string,
  confirm: string,
  now = Date.now(),
): Promise<void> {
  const { clan } = await actingAs(db, viewer, clanId, "clan:disband");
  const fold = (text: string) => text.normalize("NFC").trim().toLocaleLowerCase("vi");
  if (fold(confirm) !== fold(clan.name))
    throw new AppError("invalid-argument", "confirm: type the clan's name to disband it.", { field: "confirm", reason: "confirm-name" });
  const [room] = await db.select({ id: chatRooms.id }).from(chatRooms).where(eq(chatRooms.clanId, clanId));
  const events = await db.transaction(async (tx) => {
    const members = await tx.select({ uid: clanMembers.uid }).from(clanMembers).where(eq(clanMembers.clanId, clanId));
    await tx.delete(clans).where(eq(clans.id, clanId));
    return notify(
      tx,
      notices(
        members.map((member) => member.uid),
        "clan-removed",
        viewer.uid,
        clan,
        null,
        { reason: "disbanded" },
      ),
      now,
    );
  });
  publishAll(hub, events);
  await roomReadersChanged(db, hub, clanId, room?.id ?? null);
}
