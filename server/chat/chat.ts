/**
 * Chat: rooms (global per language, clan, direct), messages, read positions, mutes, slow mode and
 * blocks. Every check reads the permission table and our own rows; nothing the client sends names
 * its role or who it is. Events go to the realtime hub after the write has committed.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client.ts";
import { chatBlocks, chatMessages, chatMutes, chatReads, chatRooms, users } from "../../db/schema/index.ts";
import { can } from "../../universal/auth/permissions.ts";
import {
  MESSAGE_EDIT_WINDOW_MS,
  UNREAD_MAX,
  type ChatAuthor,
  type ChatMessage,
  type ChatRoom,
  type RoomKind,
} from "../../universal/chat/chat-schemas.ts";
import { likePattern } from "../../db/folding.ts";
import type { Language } from "../../universal/i18n/languages.ts";
import { roomTopic, type PersistedEvent } from "../../universal/realtime/protocol.ts";
import type { Viewer } from "../auth/viewer.ts";
import { consumeRateLimit, type RateRule } from "../auth/rate-limit.ts";
import { AppError } from "../errors.ts";
import { markRoomNotificationsRead, notify, type NotificationInput, type NotifyRules } from "../notifications/notifications.ts";
import { recordAudit } from "../moderation/audit-log.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { chatMessagesFor } from "./chat-messages.ts";
import { mentionCandidates, mentionTokenUids, withPlainMentions } from "../../universal/chat/mentions.ts";

export type RoomRow = typeof chatRooms.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

export interface ChatRules {
  /** Messages per member and room in a window (default 5 per 10 s). */
  rate: RateRule;
  /** Mention limits (MENTION_NOTIFICATIONS_PER_HOUR); the default when left out. */
  notify?: NotifyRules | undefined;
}

const ROOM_ID = /^[A-Za-z0-9_-]{1,80}$/;
/** A global room's unread count, before its reader first opens it, counts the last day only. */
const UNREAD_FIRST_VISIT_MS = 24 * 60 * 60 * 1000;
/** Replay to a resuming subscriber at most this many events; past it the client reloads. */
export const REPLAY_MAX = 500;

export function globalRoomId(language: Language): string {
  return `global-${language}`;
}

/** Who may read (and so write in) a room: anyone signed in for a global room, its two members for a direct one. */
export function mayRead(viewer: Pick<Viewer, "uid">, room: RoomRow): boolean {
  if (room.kind === "global") return true;
  if (room.kind === "direct") return room.memberA === viewer.uid || room.memberB === viewer.uid;
  // Clan rooms: the clan's members, once clans exist.
  return false;
}

export async function findRoom(db: Database, roomId: string): Promise<RoomRow | undefined> {
  if (!ROOM_ID.test(roomId)) return undefined;
  const [room] = await db.select().from(chatRooms).where(eq(chatRooms.id, roomId));
  return room;
}

/** The room, if the viewer may read it: 404 when there is none, 403 when it is not theirs. */
export async function roomForViewer(db: Database, viewer: Viewer, roomId: string): Promise<RoomRow> {
  const room = await findRoom(db, roomId);
  if (!room) throw new AppError("not-found", "No such room.");
  if (!mayRead(viewer, room)) throw new AppError("permission-denied", "You are not a member of this room.");
  return room;
}

const messageColumns = {
  row: chatMessages,
  displayName: sql<string>`coalesce(${users.displayName}, '')`,
};

function toApi(row: MessageRow, displayName: string): ChatMessage {
  return {
    id: row.id,
    roomId: row.roomId,
    author: { uid: row.authorUid, displayName },
    text: row.text,
    createdAt: row.createdAt,
    editedAt: row.editedAt,
  };
}

async function messageById(db: Database, id: number): Promise<{ row: MessageRow; message: ChatMessage } | undefined> {
  const [found] = await db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.uid, chatMessages.authorUid))
    .where(eq(chatMessages.id, id));
  return found ? { row: found.row, message: toApi(found.row, found.displayName) } : undefined;
}

/** A page of history, ascending: after an id, before an id, or the newest `limit`. Deleted messages leave it. */
export async function listMessages(
  db: Database,
  roomId: string,
  { after, before, limit }: { after?: number; before?: number; limit: number },
): Promise<ChatMessage[]> {
  const conditions = [eq(chatMessages.roomId, roomId), isNull(chatMessages.deletedAt)];
  if (after !== undefined) conditions.push(gt(chatMessages.id, after));
  if (before !== undefined) conditions.push(lt(chatMessages.id, before));
  const rows = await db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.uid, chatMessages.authorUid))
    .where(and(...conditions))
    .orderBy(after !== undefined ? chatMessages.id : desc(chatMessages.id))
    .limit(limit);
  const messages = rows.map(({ row, displayName }) => toApi(row, displayName));
  return after !== undefined ? messages : messages.reverse();
}

/** The viewer's rooms with unread counts: their language's global room first, then by latest message. */
export async function listRooms(db: Database, viewer: Viewer, language: Language, now = Date.now()): Promise<ChatRoom[]> {
  const rows = await queryRows<{
    id: string;
    kind: RoomKind;
    language: string | null;
    slow_mode_seconds: number;
    peer_uid: string | null;
    peer_name: string | null;
    peer_seen: string | number | null;
    last_id: string | number | null;
    last_read_id: string | number | null;
    unread: string | number;
  }>(
    db,
    sql`select r.id, r.kind, r.language, r.slow_mode_seconds, rd.last_read_id,
          p.uid as peer_uid, coalesce(p.display_name, '') as peer_name, seen.last_seen_at as peer_seen,
          (select max(m.id) from chat_messages m where m.room_id = r.id and m.deleted_at is null) as last_id,
          (select count(*) from (
            select 1 from chat_messages m
            where m.room_id = r.id and m.deleted_at is null and m.author_uid <> ${viewer.uid}
              and m.id > coalesce(rd.last_read_id, 0)
              and (rd.uid is not null or m.created_at > ${now - UNREAD_FIRST_VISIT_MS})
            limit ${UNREAD_MAX + 1}) as unread_rows) as unread
        from chat_rooms r
        left join chat_reads rd on rd.room_id = r.id and rd.uid = ${viewer.uid}
        left join users p on r.kind = 'direct'
          and p.uid = case when r.member_a = ${viewer.uid} then r.member_b else r.member_a end
        left join presence seen on seen.uid = p.uid
        where r.kind = 'global' or (r.kind = 'direct' and (r.member_a = ${viewer.uid} or r.member_b = ${viewer.uid}))`,
  );
  const names = chatMessagesFor(language);
  const rooms = rows.map((row): ChatRoom => {
    const lastMessageId = row.last_id === null ? null : Number(row.last_id);
    const base = {
      id: row.id,
      kind: row.kind,
      unread: Number(row.unread),
      lastMessageId,
      lastReadId: row.last_read_id === null ? null : Number(row.last_read_id),
      slowModeSeconds: row.slow_mode_seconds,
    };
    if (row.kind === "direct" && row.peer_uid) {
      return {
        ...base,
        name: row.peer_name || names.member,
        peer: { uid: row.peer_uid, displayName: row.peer_name ?? "", lastSeenAt: row.peer_seen === null ? null : Number(row.peer_seen) },
      };
    }
    const roomLanguage = row.language as Language;
    return { ...base, name: names.globalRoom[roomLanguage] ?? row.id, language: roomLanguage };
  });
  const home = globalRoomId(language);
  return rooms.sort((a, b) => {
    if ((a.id === home) !== (b.id === home)) return a.id === home ? -1 : 1;
    if ((a.kind === "global") !== (b.kind === "global")) return a.kind === "global" ? -1 : 1;
    return (b.lastMessageId ?? 0) - (a.lastMessageId ?? 0);
  });
}

/** The direct room of two members, made on first use. */
export async function openDirectRoom(db: Database, viewer: Viewer, otherUid: string, now = Date.now()): Promise<string> {
  if (otherUid === viewer.uid) throw new AppError("invalid-argument", "uid: you cannot message yourself.");
  const [other] = await db.select({ uid: users.uid }).from(users).where(eq(users.uid, otherUid));
  if (!other) throw new AppError("not-found", "No such member.");
  const [memberA, memberB] = [viewer.uid, otherUid].sort() as [string, string];
  const pair = and(eq(chatRooms.memberA, memberA), eq(chatRooms.memberB, memberB));
  const [existing] = await db.select({ id: chatRooms.id }).from(chatRooms).where(pair);
  if (existing) return existing.id;
  await db
    .insert(chatRooms)
    .values({ id: `dm-${randomUUID().replaceAll("-", "")}`, kind: "direct", memberA, memberB, createdAt: now })
    .onConflictDoNothing();
  const [room] = await db.select({ id: chatRooms.id }).from(chatRooms).where(pair);
  if (!room) throw new AppError("internal", "The direct room could not be made.");
  return room.id;
}

/** Members suggested for `@` in the composer. */
export const MENTION_SUGGESTIONS = 8;

/**
 * Members whose display name has a word starting with `query` (diacritics and case aside: "tuan"
 * finds "Tuấn"), who may read the room: whoever wrote in it lately first. The viewer, banned
 * members, and members hidden from the directory who never wrote in the room are left out.
 */
export async function mentionSuggestions(db: Database, viewer: Viewer, room: RoomRow, query: string): Promise<ChatAuthor[]> {
  const pattern = likePattern(query);
  const rows = await queryRows<{ uid: string; name: string }>(
    db,
    sql`select u.uid, u.display_name as name
        from users u
        join auth_users a on a.id = u.uid
        left join profile_settings ps on ps.uid = u.uid
        left join lateral (select max(m.id) as last from chat_messages m where m.room_id = ${room.id} and m.author_uid = u.uid) recent on true
        where u.uid <> ${viewer.uid} and coalesce(u.display_name, '') <> ''
          -- Banned members never; members hidden from the directory only where they wrote.
          and not (coalesce(a.banned, false) and (a.ban_expires is null or a.ban_expires > now()))
          and (coalesce(ps.listed, true) or recent.last is not null)
          and (f_unaccent(lower(u.display_name)) like ${pattern} || '%' or f_unaccent(lower(u.display_name)) like '% ' || ${pattern} || '%')
          ${room.kind === "direct" ? sql`and u.uid in (${room.memberA ?? ""}, ${room.memberB ?? ""})` : sql``}
        order by recent.last desc nulls last, lower(u.display_name)
        limit ${MENTION_SUGGESTIONS}`,
  );
  return rows.map((row) => ({ uid: row.uid, displayName: row.name }));
}

/**
 * The uids a message mentions, members who may read the room: the ones the picker bound to a uid
 * (`@[Name](/users?id=UID)` tokens, or the older `mentions` field), then every typed `@Name` of a
 * member whose display name nobody else has.
 */
async function resolveMentions(db: Database, room: RoomRow, text: string, named: readonly string[]): Promise<string[]> {
  const found = new Set<string>();
  const bound = [...new Set([...mentionTokenUids(text), ...named])];
  if (bound.length > 0) {
    const rows = await db.select({ uid: users.uid }).from(users).where(inArray(users.uid, bound));
    const known = new Set(rows.map((row) => row.uid));
    for (const uid of bound) if (known.has(uid)) found.add(uid);
  }
  const candidates = mentionCandidates(text);
  if (candidates.length > 0) {
    const rows = await queryRows<{ uid: string; name: string }>(
      db,
      sql`select uid, lower(display_name) as name from users
          where lower(display_name) in (${sql.join(
            candidates.map((name) => sql`${name}`),
            sql`, `,
          )})`,
    );
    const byName = new Map<string, string[]>();
    for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), row.uid]);
    for (const [name, uids] of byName) if (uids.length === 1 && candidates.includes(name)) found.add(uids[0] as string);
  }
  return [...found].filter((uid) => mayRead({ uid }, room));
}

/** Refuses a member a moderator muted in the room, or whom the other member of a direct room blocked: for sending and for editing alike. */
async function assertMayWrite(db: Database, viewer: Viewer, room: RoomRow, now: number): Promise<void> {
  const [mute] = await db
    .select({ until: chatMutes.until })
    .from(chatMutes)
    .where(and(eq(chatMutes.roomId, room.id), eq(chatMutes.uid, viewer.uid), gt(chatMutes.until, now)));
  if (mute) throw new AppError("permission-denied", "A moderator muted you in this room.", { reason: "muted", until: mute.until });
  if (room.kind === "direct") {
    const other = room.memberA === viewer.uid ? room.memberB : room.memberA;
    const [block] = await db
      .select({ uid: chatBlocks.uid })
      .from(chatBlocks)
      .where(and(eq(chatBlocks.uid, other ?? ""), eq(chatBlocks.blockedUid, viewer.uid)));
    if (block) throw new AppError("permission-denied", "This member does not take your messages.", { reason: "blocked" });
  }
}

export interface SendInput {
  text: string;
  clientId: string;
  mentions?: string[] | undefined;
}

/**
 * Sends a message, once per client id: the same client id again answers the message it made. The
 * checks, in order: a muted member, a blocked sender, slow mode, the rate limit.
 */
export async function sendMessage(
  db: Database,
  hub: RealtimeHub,
  rules: ChatRules,
  viewer: Viewer,
  roomId: string,
  input: SendInput,
  now = Date.now(),
): Promise<{ message: ChatMessage; created: boolean }> {
  const room = await roomForViewer(db, viewer, roomId);
  const sameClientId = and(eq(chatMessages.authorUid, viewer.uid), eq(chatMessages.clientId, input.clientId));
  const again = async () => {
    const [row] = await db.select({ id: chatMessages.id, roomId: chatMessages.roomId }).from(chatMessages).where(sameClientId);
    if (!row) return undefined;
    if (row.roomId !== room.id) throw new AppError("invalid-argument", "clientId: already names a message in another room.");
    const found = await messageById(db, row.id);
    return found ? { message: found.message, created: false } : undefined;
  };
  const previous = await again();
  if (previous) return previous;

  await assertMayWrite(db, viewer, room, now);

  if (room.slowModeSeconds > 0 && !can(viewer.role, "chat:mute")) {
    const [last] = await db
      .select({ at: chatMessages.createdAt })
      .from(chatMessages)
      .where(and(eq(chatMessages.roomId, room.id), eq(chatMessages.authorUid, viewer.uid)))
      .orderBy(desc(chatMessages.id))
      .limit(1);
    const wait = last ? last.at + room.slowModeSeconds * 1000 - now : 0;
    if (wait > 0) {
      throw new AppError("resource-exhausted", `Slow mode: one message every ${room.slowModeSeconds} s.`, {
        reason: "slow-mode",
        retryAfter: Math.ceil(wait / 1000),
      });
    }
  }

  const decision = await consumeRateLimit(db, `chat:${room.id}:${viewer.uid}`, rules.rate, now);
  if (!decision.allowed) {
    throw new AppError("resource-exhausted", `At most ${rules.rate.max} messages in ${rules.rate.window} s.`, {
      reason: "rate-limit",
      retryAfter: decision.retryAfter,
    });
  }

  const mentions = await resolveMentions(db, room, input.text, input.mentions ?? []);
  const written = await db.transaction(async (tx) => {
    // One writer per room at a time: ids are taken in commit order, so a subscriber that saw id N
    // never later misses a smaller id of the same room.
    await tx.execute(sql`select id from chat_rooms where id = ${room.id} for update`);
    const [row] = await tx
      .insert(chatMessages)
      .values({ roomId: room.id, authorUid: viewer.uid, clientId: input.clientId, text: input.text, mentions, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) return undefined;
    await tx
      .insert(chatReads)
      .values({ roomId: room.id, uid: viewer.uid, lastReadId: row.id })
      .onConflictDoUpdate({
        target: [chatReads.roomId, chatReads.uid],
        set: { lastReadId: sql`greatest(${chatReads.lastReadId}, ${row.id})` },
      });
    const excerpt = withPlainMentions(input.text).slice(0, 140);
    const notices: NotificationInput[] = mentions.map((uid) => ({
      uid,
      kind: "mention",
      actorUid: viewer.uid,
      link: `/chat?room=${encodeURIComponent(room.id)}`,
      data: { roomId: room.id, messageId: row.id, excerpt },
    }));
    if (room.kind === "direct") {
      const other = room.memberA === viewer.uid ? room.memberB : room.memberA;
      if (other && !mentions.includes(other)) {
        notices.push({
          uid: other,
          kind: "direct-message",
          actorUid: viewer.uid,
          link: `/chat?room=${encodeURIComponent(room.id)}`,
          data: { roomId: room.id, messageId: row.id, excerpt },
        });
      }
    }
    const events = await notify(tx, notices, now, rules.notify);
    return { row, events };
  });
  if (!written) {
    // A retry that raced the first request: the first one's message.
    const raced = await again();
    if (raced) return raced;
    throw new AppError("internal", "The message could not be stored.");
  }
  const message = (await messageById(db, written.row.id))?.message ?? toApi(written.row, viewer.name);
  hub.publish({ type: "message", topic: roomTopic(room.id), id: message.id, message });
  for (const event of written.events) hub.publish(event);
  return { message, created: true };
}

async function ownOrModerated(db: Database, viewer: Viewer, messageId: number, now: number, action: "edit" | "delete") {
  const found = await messageById(db, messageId);
  if (!found || found.row.deletedAt !== null) throw new AppError("not-found", "No such message.");
  const room = await roomForViewer(db, viewer, found.row.roomId);
  const own = found.row.authorUid === viewer.uid;
  const fresh = now - found.row.createdAt <= MESSAGE_EDIT_WINDOW_MS;
  // Moderators delete in lounges and clan rooms; a direct conversation is moderated through reports only.
  const moderator = action === "delete" && !own && room.kind !== "direct" && can(viewer.role, "message:hide");
  if (!moderator) {
    if (!own) throw new AppError("permission-denied", "Only its author can change this message.");
    if (!fresh) throw new AppError("permission-denied", "Messages can be changed for 10 minutes after sending.", { reason: "too-late" });
  }
  if (action === "edit") await assertMayWrite(db, viewer, room, now);
  return { ...found, room };
}

/** Records an edit or a deletion as an event of the room, under the room's lock; returns its id. */
async function recordChange(
  db: Database,
  roomId: string,
  messageId: number,
  type: "message-updated" | "message-deleted",
  change: Partial<MessageRow>,
  now: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from chat_rooms where id = ${roomId} for update`);
    await tx.update(chatMessages).set(change).where(eq(chatMessages.id, messageId));
    const [event] = await queryRows<{ id: string | number }>(
      tx,
      sql`insert into chat_message_events (id, room_id, message_id, type, created_at)
          values (nextval(pg_get_serial_sequence('chat_messages', 'id')), ${roomId}, ${messageId}, ${type}, ${now})
          returning id`,
    );
    return Number(event?.id);
  });
}

export async function editMessage(db: Database, hub: RealtimeHub, viewer: Viewer, messageId: number, text: string, now = Date.now()) {
  const { row, room } = await ownOrModerated(db, viewer, messageId, now, "edit");
  const eventId = await recordChange(db, room.id, row.id, "message-updated", { text, editedAt: now }, now);
  const updated = await messageById(db, row.id);
  if (!updated) throw new AppError("not-found", "No such message.");
  hub.publish({ type: "message-updated", topic: roomTopic(room.id), id: eventId, message: updated.message });
  return updated.message;
}

export async function deleteMessage(db: Database, hub: RealtimeHub, viewer: Viewer, messageId: number, now = Date.now()) {
  const { row } = await ownOrModerated(db, viewer, messageId, now, "delete");
  const moderated = row.authorUid !== viewer.uid;
  const publish = await db.transaction(async (tx) => {
    const done = await removeMessage(tx, hub, viewer.uid, row.id, { erase: false, now });
    if (moderated)
      await recordAudit(tx, { actorUid: viewer.uid, action: "chat.delete", targetKind: "message", targetId: String(row.id) }, now);
    return done;
  });
  publish();
}

/**
 * Takes a message out of its room's history (its row stays, for the moderation queue and the
 * audit), or with `erase` also wipes its text. Runs in the caller's transaction and returns the
 * publication of the `message-deleted` event, to call once that has committed. Removing what is
 * already removed publishes nothing.
 */
export async function removeMessage(
  db: Database,
  hub: RealtimeHub,
  byUid: string,
  messageId: number,
  { erase, now }: { erase: boolean; now: number },
): Promise<() => void> {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, messageId));
  if (!row) return () => {};
  if (erase) await db.update(chatMessages).set({ text: "", mentions: [] }).where(eq(chatMessages.id, messageId));
  if (row.deletedAt !== null) return () => {};
  const eventId = await recordChange(db, row.roomId, row.id, "message-deleted", { deletedAt: now, deletedBy: byUid }, now);
  return () => hub.publish({ type: "message-deleted", topic: roomTopic(row.roomId), id: eventId, messageId: row.id });
}

/**
 * Moves the viewer's read position forward (never back) to `lastId`, and marks read their
 * notifications of the room's messages up to it (a direct message or a mention read in the room is
 * read on the bell too). Answers how many notifications that marked read.
 */
export async function markRead(db: Database, viewer: Viewer, roomId: string, lastId: number): Promise<{ notificationsRead: number }> {
  const room = await roomForViewer(db, viewer, roomId);
  return db.transaction(async (tx) => {
    await tx
      .insert(chatReads)
      .values({ roomId: room.id, uid: viewer.uid, lastReadId: lastId })
      .onConflictDoUpdate({
        target: [chatReads.roomId, chatReads.uid],
        set: { lastReadId: sql`greatest(${chatReads.lastReadId}, ${lastId})` },
      });
    return { notificationsRead: await markRoomNotificationsRead(tx, viewer.uid, room.id, lastId) };
  });
}

/** Mutes and slow mode are for lounges and clan rooms: a moderator in a direct conversation is one of its two members. */
function moderatedRoom(room: RoomRow): RoomRow {
  if (room.kind === "direct")
    throw new AppError("invalid-argument", "Direct conversations have no mutes or slow mode; report a message instead.");
  return room;
}

export async function muteMember(db: Database, viewer: Viewer, roomId: string, uid: string, minutes: number, now = Date.now()) {
  const room = moderatedRoom(await roomForViewer(db, viewer, roomId));
  const [member] = await db.select({ uid: users.uid }).from(users).where(eq(users.uid, uid));
  if (!member) throw new AppError("not-found", "No such member.");
  if (uid === viewer.uid) throw new AppError("invalid-argument", "uid: you cannot mute yourself.");
  const until = now + minutes * 60_000;
  await db.transaction(async (tx) => {
    await tx
      .insert(chatMutes)
      .values({ roomId: room.id, uid, until, mutedBy: viewer.uid, createdAt: now })
      .onConflictDoUpdate({ target: [chatMutes.roomId, chatMutes.uid], set: { until, mutedBy: viewer.uid, createdAt: now } });
    await recordAudit(
      tx,
      { actorUid: viewer.uid, action: "chat.mute", targetKind: "member", targetId: uid, data: { room: room.id, minutes } },
      now,
    );
  });
  return { roomId: room.id, uid, until };
}

export async function setSlowMode(db: Database, viewer: Viewer, roomId: string, seconds: number, now = Date.now()) {
  const room = moderatedRoom(await roomForViewer(db, viewer, roomId));
  await db.transaction(async (tx) => {
    await tx.update(chatRooms).set({ slowModeSeconds: seconds }).where(eq(chatRooms.id, room.id));
    await recordAudit(
      tx,
      { actorUid: viewer.uid, action: "chat.slow-mode", targetKind: "room", targetId: room.id, data: { seconds } },
      now,
    );
  });
  return { roomId: room.id, seconds };
}

export async function blockMember(db: Database, viewer: Viewer, uid: string, now = Date.now()) {
  if (uid === viewer.uid) throw new AppError("invalid-argument", "uid: you cannot block yourself.");
  const [member] = await db.select({ uid: users.uid }).from(users).where(eq(users.uid, uid));
  if (!member) throw new AppError("not-found", "No such member.");
  await db.insert(chatBlocks).values({ uid: viewer.uid, blockedUid: uid, createdAt: now }).onConflictDoNothing();
}

export async function unblockMember(db: Database, viewer: Viewer, uid: string) {
  await db.delete(chatBlocks).where(and(eq(chatBlocks.uid, viewer.uid), eq(chatBlocks.blockedUid, uid)));
}

export async function listBlocks(db: Database, viewer: Viewer) {
  return db
    .select({ uid: chatBlocks.blockedUid, displayName: sql<string>`coalesce(${users.displayName}, '')` })
    .from(chatBlocks)
    .leftJoin(users, eq(users.uid, chatBlocks.blockedUid))
    .where(eq(chatBlocks.uid, viewer.uid))
    .orderBy(desc(chatBlocks.createdAt));
}

/** The newest event id of a room's topic (a message, an edit or a deletion), or null when it has none. */
export async function roomLastEventId(db: Database, roomId: string): Promise<number | null> {
  const [row] = await queryRows<{ last: string | number | null }>(
    db,
    sql`select greatest((select max(id) from chat_messages where room_id = ${roomId}),
                        (select max(id) from chat_message_events where room_id = ${roomId})) as last`,
  );
  return row?.last === null || row?.last === undefined ? null : Number(row.last);
}

/**
 * What a `room:{id}` subscriber missed after `afterId`, in id order and each thing once: messages
 * sent since (a message deleted since is left out), and the latest edit or deletion of each older
 * message, as that message's state now. `undefined` when more than REPLAY_MAX were missed.
 */
export async function roomEventsAfter(
  db: Database,
  roomId: string,
  afterId: number,
  max = REPLAY_MAX,
): Promise<PersistedEvent[] | undefined> {
  const fresh = await db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.uid, chatMessages.authorUid))
    .where(and(eq(chatMessages.roomId, roomId), gt(chatMessages.id, afterId), isNull(chatMessages.deletedAt)))
    .orderBy(chatMessages.id)
    .limit(max + 1);
  const changes = await queryRows<{ id: string | number; message_id: string | number }>(
    db,
    sql`select max(id) as id, message_id from chat_message_events
        where room_id = ${roomId} and id > ${afterId} and message_id <= ${afterId}
        group by message_id order by max(id) limit ${max + 1}`,
  );
  if (fresh.length + changes.length > max) return undefined;
  const topic = roomTopic(roomId);
  const events: PersistedEvent[] = fresh.map(({ row, displayName }) => ({
    type: "message",
    topic,
    id: row.id,
    message: toApi(row, displayName),
  }));
  for (const change of changes) {
    const found = await messageById(db, Number(change.message_id));
    if (!found) continue;
    const id = Number(change.id);
    events.push(
      found.row.deletedAt !== null
        ? { type: "message-deleted", topic, id, messageId: found.row.id }
        : { type: "message-updated", topic, id, message: found.message },
    );
  }
  return events.sort((a, b) => a.id - b.id);
}
