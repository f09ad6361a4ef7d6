import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { authUsers } from "./auth.ts";
import { clans } from "./clans.ts";

/**
 * Chat rooms. Kinds from the start: one `global` room per language, one `clan` room per clan (when
 * clans exist), and `direct` rooms between two members (`member_a` < `member_b`, one room a pair).
 * Timestamps are milliseconds since the epoch.
 */
export const chatRooms = pgTable(
  "chat_rooms",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    /** The language of a global room (`vi`, `en-US`). */
    language: text("language"),
    /** A clan room's clan: the room goes with it. */
    clanId: text("clan_id").references(() => clans.id, { onDelete: "cascade" }),
    memberA: text("member_a").references(() => authUsers.id, { onDelete: "cascade" }),
    memberB: text("member_b").references(() => authUsers.id, { onDelete: "cascade" }),
    /** Seconds a member waits between two messages (moderators set it); 0 is off. */
    slowModeSeconds: integer("slow_mode_seconds").notNull().default(0),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (table) => [
    check("chat_rooms_kind", sql`${table.kind} in ('global', 'clan', 'direct')`),
    check(
      "chat_rooms_direct_pair",
      sql`${table.kind} <> 'direct' or (${table.memberA} is not null and ${table.memberA} < ${table.memberB})`,
    ),
    uniqueIndex("chat_rooms_direct").on(table.memberA, table.memberB),
    uniqueIndex("chat_rooms_global_language").on(table.language),
    uniqueIndex("chat_rooms_clan").on(table.clanId),
  ],
);

/** A room's messages, reads and mutes go with it. */
const roomColumn = () =>
  text("room_id")
    .notNull()
    .references(() => chatRooms.id, { onDelete: "cascade" });

/** A member's messages, reads, mutes and blocks go with their account. */
const memberColumn = (name: string) =>
  text(name)
    .notNull()
    .references(() => authUsers.id, { onDelete: "cascade" });

/**
 * Messages. Ids come from one sequence, so they strictly increase within every room: a message's id
 * is its event id on the room's realtime topic. `client_id` makes sending idempotent per author.
 * A deleted message keeps its row (`deleted_at`) and leaves the history.
 */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    roomId: roomColumn(),
    authorUid: memberColumn("author_uid"),
    clientId: text("client_id").notNull(),
    text: text("text").notNull(),
    /** The uids the message mentions (notified once, when it is sent). */
    mentions: text("mentions")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    editedAt: bigint("edited_at", { mode: "number" }),
    deletedAt: bigint("deleted_at", { mode: "number" }),
    deletedBy: text("deleted_by"),
  },
  (table) => [
    uniqueIndex("chat_messages_client").on(table.authorUid, table.clientId),
    index("chat_messages_room").on(table.roomId, table.id),
    // The admin dashboard's messages a day (server/dashboard/).
    index("chat_messages_created").on(table.createdAt),
  ],
);

/**
 * Edits and deletions, as events of the room's topic. Their ids are taken from the messages' own
 * sequence, so one id order covers a room's new messages, edits and deletions: a client that
 * resumes after id N learns of an edit of an older message too.
 */
export const chatMessageEvents = pgTable(
  "chat_message_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey(),
    roomId: roomColumn(),
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => chatMessages.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (table) => [
    check("chat_message_events_type", sql`${table.type} in ('message-updated', 'message-deleted')`),
    index("chat_message_events_room").on(table.roomId, table.id),
  ],
);

/** How far each member has read each room (the newest message id seen): the unread count. */
export const chatReads = pgTable(
  "chat_reads",
  {
    roomId: roomColumn(),
    uid: memberColumn("uid"),
    lastReadId: bigint("last_read_id", { mode: "number" }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.roomId, table.uid] })],
);

/** A member a moderator muted in a room, until a time. */
export const chatMutes = pgTable(
  "chat_mutes",
  {
    roomId: roomColumn(),
    uid: memberColumn("uid"),
    until: bigint("until", { mode: "number" }).notNull(),
    mutedBy: text("muted_by").notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.roomId, table.uid] })],
);

/** A member's blocks: `blocked_uid` can no longer send them direct messages. */
export const chatBlocks = pgTable(
  "chat_blocks",
  {
    uid: memberColumn("uid"),
    blockedUid: memberColumn("blocked_uid"),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.uid, table.blockedUid] })],
);
