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
import { notifications, users } from "../../db/schema/index.ts";
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

/**
 * Writes notifications in the caller's transaction (nobody is notified by themself, nor of a kind
 * they turned off in `/me`) and returns the events to publish after it commits. Each recipient's
 * lock is held until the caller commits, so one member's notification ids are committed in id
 * order: a `user:{uid}` subscriber that has seen id N never later misses a smaller one. Locks are
 * taken in uid order (no deadlock).
 */
export async function notify(db: Database, inputs: readonly NotificationInput[], now = Date.now()): Promise<PersistedEvent[]> {
  const others = inputs.filter((input) => input.uid !== input.actorUid);
  const wanted = await inAppChoices(db, [...new Set(others.map((input) => input.uid))]);
  const rows = others.filter((input) => wanted(input.uid, input.kind));
  if (rows.length === 0) return [];
  for (const uid of [...new Set(rows.map((row) => row.uid))].sort()) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`notifications:${uid}`}))`);
  }
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
