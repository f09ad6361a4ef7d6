import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { authUsers } from "./auth.ts";

/**
 * Clans (decision 046): one per name and per tag on a server, the database refusing the second (names
 * compared with accents and case folded). Its leader is its one member whose role is `leader` (an index
 * keeps it one), read from `clan_members`, so an account deleted with its memberships leaves no stale
 * name behind. A clan a moderator hid (`hidden_at`) is out of the directory and the search. Its room
 * is the chat room whose `clan_id` is its id, gone with it. Timestamps are milliseconds.
 */
export const clans = pgTable(
  "clans",
  {
    id: text("id").primaryKey(),
    server: text("server").notNull(),
    name: text("name").notNull(),
    tag: text("tag").notNull(),
    /** An icon id as the pack writes them (`game-icons:…`). */
    emblem: text("emblem").notNull(),
    language: text("language").notNull(),
    recruiting: boolean("recruiting").notNull().default(true),
    /**
     * The sum of its 30 strongest members' best character on its server (rankings), kept up to date by
     * every change to a member's numbers or to the membership; null while no member has a character there.
     */
    power: bigint("power", { mode: "number" }),
    hiddenAt: bigint("hidden_at", { mode: "number" }),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
  },
  (table) => [
    check("clans_tag", sql`${table.tag} ~ '^[A-Z0-9]{2,5}$'`),
    check("clans_language", sql`${table.language} in ('vi', 'en')`),
    uniqueIndex("clans_server_name").on(table.server, sql`f_unaccent(lower(${table.name}))`),
    uniqueIndex("clans_server_tag").on(table.server, table.tag),
    index("clans_power").on(table.power.desc().nullsLast(), table.id),
    index("clans_server_power").on(table.server, table.power.desc().nullsLast(), table.id),
  ],
);

/**
 * A clan's members and their role. `server` is the clan's, copied so that one index keeps a member in
 * at most one clan per server, whichever path (creating, an approval, an accepted invitation) adds them.
 */
export const clanMembers = pgTable(
  "clan_members",
  {
    clanId: text("clan_id")
      .notNull()
      .references(() => clans.id, { onDelete: "cascade" }),
    uid: text("uid")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    server: text("server").notNull(),
    role: text("role").notNull(),
    joinedAt: bigint("joined_at", { mode: "number" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.clanId, table.uid] }),
    check("clan_members_role", sql`${table.role} in ('leader', 'officer', 'member')`),
    uniqueIndex("clan_members_one_per_server").on(table.uid, table.server),
    uniqueIndex("clan_members_one_leader")
      .on(table.clanId)
      .where(sql`${table.role} = 'leader'`),
  ],
);

/** What happened in a clan (joins, leaves, kicks, role changes, leadership), newest last; never edited. */
export const clanLog = pgTable(
  "clan_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    clanId: text("clan_id")
      .notNull()
      .references(() => clans.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** Who did it (null once their account is gone), and whom it concerns. */
    actorUid: text("actor_uid").references(() => authUsers.id, { onDelete: "set null" }),
    targetUid: text("target_uid").references(() => authUsers.id, { onDelete: "set null" }),
    data: jsonb("data").$type<Record<string, string | number | null>>().notNull().default({}),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (table) => [index("clan_log_clan").on(table.clanId, table.id)],
);

/**
 * An open join request (`request`: the member asked) or invitation (`invite`: an officer asked them,
 * `actor_uid`). A row lives while it is open: approving, refusing, accepting or declining deletes it
 * (the log keeps what came of it), so one index keeps one open request and one open invitation per
 * clan and member.
 */
export const clanRequests = pgTable(
  "clan_requests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    clanId: text("clan_id")
      .notNull()
      .references(() => clans.id, { onDelete: "cascade" }),
    uid: text("uid")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    actorUid: text("actor_uid").references(() => authUsers.id, { onDelete: "set null" }),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (table) => [
    check("clan_requests_kind", sql`${table.kind} in ('request', 'invite')`),
    uniqueIndex("clan_requests_open").on(table.clanId, table.uid, table.kind),
    index("clan_requests_uid").on(table.uid),
  ],
);

/** What a clan's officers announce, newest first on its page; a retry with the same client id is the same one. */
export const clanAnnouncements = pgTable(
  "clan_announcements",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    clanId: text("clan_id")
      .notNull()
      .references(() => clans.id, { onDelete: "cascade" }),
    authorUid: text("author_uid").references(() => authUsers.id, { onDelete: "set null" }),
    text: text("text").notNull(),
    clientId: text("client_id").notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (table) => [
    uniqueIndex("clan_announcements_client").on(table.clanId, table.clientId),
    index("clan_announcements_clan").on(table.clanId, table.id),
  ],
);

/**
 * A clan's events: `starts_at` an instant (the form takes it in game time, UTC+7), once or `weekly`
 * from then on. A retry with the same client id is the same event.
 */
export const clanEvents = pgTable(
  "clan_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    clanId: text("clan_id")
      .notNull()
      .references(() => clans.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    startsAt: bigint("starts_at", { mode: "number" }).notNull(),
    repeat: text("repeat"),
    createdBy: text("created_by").references(() => authUsers.id, { onDelete: "set null" }),
    clientId: text("client_id").notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (table) => [
    check("clan_events_repeat", sql`${table.repeat} is null or ${table.repeat} = 'weekly'`),
    uniqueIndex("clan_events_client").on(table.clanId, table.clientId),
    index("clan_events_starts").on(table.startsAt),
  ],
);

/** A member's answer to an event (one per member; changing it replaces it). */
export const clanEventAnswers = pgTable(
  "clan_event_answers",
  {
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => clanEvents.id, { onDelete: "cascade" }),
    uid: text("uid")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    answer: text("answer").notNull(),
    answeredAt: bigint("answered_at", { mode: "number" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.uid] }),
    check("clan_event_answers_answer", sql`${table.answer} in ('going', 'maybe', 'no')`),
  ],
);

/**
 * The reminders sent: one row per event, occurrence (its start) and member, so a reminder exists once
 * however many processes sweep the same minute.
 */
export const clanEventReminders = pgTable(
  "clan_event_reminders",
  {
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => clanEvents.id, { onDelete: "cascade" }),
    occurrence: bigint("occurrence", { mode: "number" }).notNull(),
    uid: text("uid")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    sentAt: bigint("sent_at", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.occurrence, table.uid] })],
);
