/**
 * Notifications: the one place every feature writes them (`notify`, inside the feature's own
 * transaction, skipping the kinds a member turned off) and the API that lists them, marks them read
 * and keeps each member's choices per kind. Each new notification is an event on its recipient's
 * `user:{uid}` topic, published once the transaction has committed.
 */
import { and, desc, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { chatBlocks, notifications, users } from "../../db/schema/index.ts";
import type { AppNotification, NotificationKind } from "../../universal/notifications/notification-kinds.ts";
import { preferencesBody } from "../../universal/notifications/notification-schemas.ts";
import { userTopic, type PersistedEvent } from "../../universal/realtime/protocol.ts";
import { parseJson, parseQuery, requirePermission, type AppEnv } from "../http/context.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { inAppChoices, listPreferences, savePreferences } from "./notification-preferences.ts";

export const NOTIFICATION_PAGE = 30;

export interface NotificationInput {
  uid: string;
  kind: NotificationKind;
  actorUid: string | null;
  link: string | null;
  data: Record<string, string | number | null>;
}

type NotificationRow = typeof notifications.$inferSelect;

function toApi(row: NotificationRow, actorName: string | null): AppNotification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    read: row.readAt !== null,
    createdAt: row.createdAt,
    actor: row.actorUid ? { uid: row.actorUid, displayName: actorName ?? "" } : null,
    link: row.link,
    data: row.data,
  };
}

/** A message, post or comment notifies at most this many distinct members (mentions past it are dropped). */
export const NOTIFIED_PER_THING_MAX = 10;
/** A second mention of a member by the same sender within this time updates the first, still unread, notification. */
export const MENTION_COLLAPSE_MS = 10 * 60_000;
const HOUR_MS = 60 * 60_000;

export interface NotifyRules {
  /** Mention notifications one sender may cause in an hour (MENTION_NOTIFICATIONS_PER_HOUR); past it, none are created. */
  mentionsPerHour: number;
}
export const DEFAULT_NOTIFY_RULES: NotifyRules = { mentionsPerHour: 50 };

/** Whether `recipientUid` blocked `actorUid`: nothing of theirs reaches the recipient, of any kind. */
export async function hasBlocked(db: Database, recipientUid: string, actorUid: string): Promise<boolean> {
  const [row] = await db
    .select({ uid: chatBlocks.uid })
    .from(chatBlocks)
    .where(and(eq(chatBlocks.uid, recipientUid), eq(chatBlocks.blockedUid, actorUid)));
  return row !== undefined;
}

/** The inputs whose recipient has not blocked their actor. */
async function withoutBlocked(db: Database, inputs: readonly NotificationInput[]): Promise<NotificationInput[]> {
  const actors = [...new Set(inputs.flatMap((input) => (input.actorUid ? [input.actorUid] : [])))];
  if (actors.length === 0) return [...inputs];
  const recipients = [...new Set(inputs.map((input) => input.uid))];
  const rows = await db
    .select({ uid: chatBlocks.uid, blockedUid: chatBlocks.blockedUid })
    .from(chatBlocks)
    .where(and(inArray(chatBlocks.uid, recipients), inArray(chatBlocks.blockedUid, actors)));
  const blocked = new Set(rows.map((row) => `${row.uid} ${row.blockedUid}`));
  return inputs.filter((input) => !input.actorUid || !blocked.has(`${input.uid} ${input.actorUid}`));
}

/**
 * One call is one thing (a message, a post, a comment or an event of a trade): its mentions reach at
 * most NOTIFIED_PER_THING_MAX distinct members, counting those it notifies otherwise (the post's
 * author, the replied-to), and each member once. Other kinds are never dropped here.
 */
function capMentions(inputs: readonly NotificationInput[]): NotificationInput[] {
  const recipients = new Set(inputs.filter((input) => input.kind !== "mention").map((input) => input.uid));
  const mentioned = new Set<string>();
  return inputs.filter((input) => {
    if (input.kind !== "mention") return true;
    const key = `${input.actorUid ?? ""} ${input.uid}`;
    if (mentioned.has(key)) return false;
    if (!recipients.has(input.uid) && recipients.size >= NOTIFIED_PER_THING_MAX) return false;
    mentioned.add(key);
    recipients.add(input.uid);
    return true;
  });
}

/**
 * Writes notifications in the caller's transaction and returns the events to publish after it
 * commits. Nobody is notified by themself, by a member they blocked, nor of a kind they turned off in
 * `/me`. Mentions obey three more rules: at most NOTIFIED_PER_THING_MAX members per call (one thing),
 * a second mention of a member by the same sender while the first is unread and less than
 * MENTION_COLLAPSE_MS old updates that one (its latest link and data, a `count`) instead of adding a
 * row, so the unread count and the bell stay as they were; and a sender causes at most
 * `rules.mentionsPerHour` new mention notifications an hour, the rest are dropped (the message itself
 * is not refused: the sender learns nothing of who is notified, so nothing of who blocked whom).
 *
 * Each recipient's lock (and, for mentions, the sender's) is held until the caller commits, so one
 * member's notification ids are committed in id order (a `user:{uid}` subscriber that has seen id N
 * never later misses a smaller one) and two concurrent messages cannot both use the hour's last
 * mention. Locks are taken in key order (no deadlock).
 */
export async function notify(
  db: Database,
  inputs: readonly NotificationInput[],
  now = Date.now(),
  rules: NotifyRules = DEFAULT_NOTIFY_RULES,
): Promise<PersistedEvent[]> {
  const others = capMentions(
    await withoutBlocked(
      db,
      inputs.filter((input) => input.uid !== input.actorUid),
    ),
  );
  const wanted = await inAppChoices(db, [...new Set(others.map((input) => input.uid))]);
  const candidates = others.filter((input) => wanted(input.uid, input.kind));
  if (candidates.length === 0) return [];
  const senders = [...new Set(candidates.flatMap((input) => (input.kind === "mention" && input.actorUid ? [input.actorUid] : [])))];
  const keys = [
    ...new Set([...candidates.map((input) => `notifications:${input.uid}`), ...senders.map((uid) => `mentions-by:${uid}`)]),
  ].sort();
  for (const key of keys) await db.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);

  const allowance = new Map<string, number>();
  if (senders.length > 0) {
    const counted = await db
      .select({ actorUid: notifications.actorUid, count: sql<number>`count(*)::int` })
      .from(notifications)
      .where(
        and(
          inArray(notifications.actorUid, senders),
          eq(notifications.kind, "mention"),
          sql`${notifications.createdAt} > ${now - HOUR_MS}`,
        ),
      )
      .groupBy(notifications.actorUid);
    const used = new Map(counted.map((row) => [row.actorUid, Number(row.count)]));
    for (const uid of senders) allowance.set(uid, Math.max(0, rules.mentionsPerHour - (used.get(uid) ?? 0)));
  }

  // The unread mention each recipient has from each sender, less than MENTION_COLLAPSE_MS old: the newest.
  const mentionInputs = candidates.filter((input) => input.kind === "mention" && input.actorUid);
  const earlier = new Map<string, { id: number; data: NotificationRow["data"] }>();
  if (mentionInputs.length > 0) {
    const recent = await db
      .select({ id: notifications.id, uid: notifications.uid, actorUid: notifications.actorUid, data: notifications.data })
      .from(notifications)
      .where(
        and(
          inArray(notifications.uid, [...new Set(mentionInputs.map((input) => input.uid))]),
          inArray(notifications.actorUid, senders),
          eq(notifications.kind, "mention"),
          isNull(notifications.readAt),
          sql`${notifications.createdAt} > ${now - MENTION_COLLAPSE_MS}`,
        ),
      )
      .orderBy(desc(notifications.id));
    for (const row of recent) {
      const key = `${row.actorUid ?? ""} ${row.uid}`;
      if (!earlier.has(key)) earlier.set(key, { id: row.id, data: row.data });
    }
  }

  const rows: NotificationInput[] = [];
  for (const input of candidates) {
    if (input.kind !== "mention" || !input.actorUid) {
      rows.push(input);
      continue;
    }
    const first = earlier.get(`${input.actorUid} ${input.uid}`);
    if (first) {
      const count = typeof first.data.count === "number" ? first.data.count : 1;
      await db
        .update(notifications)
        .set({ link: input.link, data: { ...input.data, count: count + 1 } })
        .where(eq(notifications.id, first.id));
      continue;
    }
    const left = allowance.get(input.actorUid) ?? 0;
    if (left <= 0) continue;
    allowance.set(input.actorUid, left - 1);
    rows.push(input);
  }
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(notifications)
    .values(rows.map((row) => ({ ...row, createdAt: now })))
    .returning();
  const actorUids = [...new Set(inserted.flatMap((row) => (row.actorUid ? [row.actorUid] : [])))];
  const names = new Map(
    actorUids.length === 0
      ? []
      : (await db.select({ uid: users.uid, name: users.displayName }).from(users).where(inArray(users.uid, actorUids))).map(
          (row) => [row.uid, row.name] as const,
        ),
  );
  return inserted.map((row) => ({
    type: "notification",
    topic: userTopic(row.uid),
    id: row.id,
    notification: toApi(row, row.actorUid ? (names.get(row.actorUid) ?? null) : null),
  }));
}

/** How many of a member's notifications are unread; with `upTo`, only those with ids up to it. */
export async function unreadCount(db: Database, uid: string, upTo?: number): Promise<number> {
  const conditions = [eq(notifications.uid, uid), isNull(notifications.readAt)];
  if (upTo !== undefined) conditions.push(lte(notifications.id, upTo));
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(...conditions));
  return Number(row?.count ?? 0);
}

/** What a member's page is rendered with for the bell: the unread count, and the newest notification's id (null: none yet). */
export interface BellState {
  unread: number;
  lastId: number | null;
}

/** A member's `BellState`, in one read. */
export async function bellState(db: Database, uid: string): Promise<BellState> {
  const [row] = await db
    .select({
      unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`,
      lastId: sql<number | null>`max(${notifications.id})`,
    })
    .from(notifications)
    .where(eq(notifications.uid, uid));
  return { unread: Number(row?.unread ?? 0), lastId: row?.lastId === null || row?.lastId === undefined ? null : Number(row.lastId) };
}

/** Tells a member's open pages their unread count (after notifications were marked read outside the notifications API). */
export async function publishUnread(db: Database, hub: RealtimeHub, uid: string): Promise<void> {
  hub.publish({ type: "unread", topic: userTopic(uid), unread: await unreadCount(db, uid) });
}

/**
 * Marks read a member's chat notifications (direct messages and mentions) of one room up to the
 * message they have read, as reading the room does. Answers how many were unread.
 */
export async function markRoomNotificationsRead(db: Database, uid: string, roomId: string, lastReadId: number, now = Date.now()) {
  const marked = await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.uid, uid),
        isNull(notifications.readAt),
        inArray(notifications.kind, ["direct-message", "mention"] satisfies NotificationKind[]),
        sql`${notifications.data}->>'roomId' = ${roomId}`,
        // A jsonb comparison: never a cast error, whatever another kind keeps under that name.
        sql`${notifications.data}->'messageId' <= to_jsonb(${lastReadId}::bigint)`,
      ),
    )
    .returning({ id: notifications.id });
  return marked.length;
}

/** Notifications after `afterId` for a resuming `user:{uid}` subscriber, oldest first. */
export async function notificationsAfter(db: Database, uid: string, afterId: number, limit: number): Promise<AppNotification[]> {
  const rows = await db
    .select({ row: notifications, actorName: users.displayName })
    .from(notifications)
    .leftJoin(users, eq(users.uid, notifications.actorUid))
    .where(and(eq(notifications.uid, uid), sql`${notifications.id} > ${afterId}`))
    .orderBy(notifications.id)
    .limit(limit);
  return rows.map(({ row, actorName }) => toApi(row, actorName));
}

/** A page of a member's notifications, newest first, with their unread count and the next page's cursor. */
export async function listNotifications(
  db: Database,
  uid: string,
  query: { unread?: string | undefined; before?: number | undefined; limit: number },
) {
  const conditions = [eq(notifications.uid, uid)];
  if (query.unread) conditions.push(isNull(notifications.readAt));
  if (query.before) conditions.push(lt(notifications.id, query.before));
  const rows = await db
    .select({ row: notifications, actorName: users.displayName })
    .from(notifications)
    .leftJoin(users, eq(users.uid, notifications.actorUid))
    .where(and(...conditions))
    .orderBy(desc(notifications.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    data: page.map(({ row, actorName }) => toApi(row, actorName)),
    unread: await unreadCount(db, uid),
    nextBefore: rows.length > query.limit ? (page.at(-1)?.row.id ?? null) : null,
  };
}

const listQuery = z.object({
  unread: z.enum(["1", "true"]).optional(),
  before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATION_PAGE),
});

const readBody = z.union([
  z.object({ ids: z.array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).min(1).max(500) }),
  z.object({ all: z.literal(true) }),
]);

export function notificationsRoutes(db: Database, hub: RealtimeHub) {
  return new Hono<AppEnv>()
    .get("/notifications", async (c) => {
      const viewer = requirePermission(c, "notification:read:own");
      return c.json(await listNotifications(db, viewer.uid, parseQuery(c, listQuery)));
    })
    .post("/notifications/read", async (c) => {
      const viewer = requirePermission(c, "notification:read:own");
      const body = await parseJson(c, readBody);
      const mine = and(eq(notifications.uid, viewer.uid), isNull(notifications.readAt));
      await db
        .update(notifications)
        .set({ readAt: Date.now() })
        .where("all" in body ? mine : and(mine, inArray(notifications.id, body.ids)));
      const unread = await unreadCount(db, viewer.uid);
      // The member's other tabs (their bells) learn it at once.
      hub.publish({ type: "unread", topic: userTopic(viewer.uid), unread });
      return c.json({ unread });
    })
    .get("/notifications/preferences", async (c) => {
      const viewer = requirePermission(c, "notification:read:own");
      return c.json({ data: await listPreferences(db, viewer.uid) });
    })
    .put("/notifications/preferences", async (c) => {
      const viewer = requirePermission(c, "notification:read:own");
      const body = await parseJson(c, preferencesBody);
      return c.json({ data: await savePreferences(db, viewer.uid, body) });
    });
}
