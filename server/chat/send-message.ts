/**
 * Sending a chat message: once per client id, after the checks (muted, blocked, slow mode, rate
 * limit), with the notices of members it mentions and, in a direct room, of the other member; the
 * message goes to the room's topic once it has committed.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client.ts";
import { chatMessages, chatReads, users } from "../../db/schema/index.ts";
import { can } from "../../universal/auth/permissions.ts";
import type { ChatMessage } from "../../universal/chat/chat-schemas.ts";
import { mentionCandidates, mentionTokenUids, withPlainMentions } from "../../universal/chat/mentions.ts";
import { roomTopic } from "../../universal/realtime/protocol.ts";
import { consumeRateLimit, type RateRule } from "../auth/rate-limit.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";
import { notify, type NotificationInput, type NotifyRules } from "../notifications/notifications.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { messageById, toChatMessage } from "./message-rows.ts";
import { assertMayWrite, readersAmong, roomForViewer, type RoomRow } from "./room-access.ts";

export interface ChatRules {
  /** Messages per member and room in a window (default 5 per 10 s). */
  rate: RateRule;
  /** Mention limits (MENTION_NOTIFICATIONS_PER_HOUR); the default when left out. */
  notify?: NotifyRules | undefined;
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
  return readersAmong(db, room, [...found]);
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
    if (row.roomId !== room.id)
      throw new AppError("invalid-argument", "clientId: already names a message in another room.", { field: "clientId" });
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
  const message = (await messageById(db, written.row.id))?.message ?? toChatMessage(written.row, viewer.name);
  hub.publish({ type: "message", topic: roomTopic(room.id), id: message.id, message });
  for (const event of written.events) hub.publish(event);
  return { message, created: true };
}
