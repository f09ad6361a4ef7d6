import { bigint, bigserial, boolean, index, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { authUsers } from "./auth.ts";

/**
 * Notifications, one row per recipient. Ids come from one sequence, so they strictly increase for
 * every recipient: a notification's id is its event id on the `user:{uid}` realtime topic.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    uid: text("uid")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    actorUid: text("actor_uid").references(() => authUsers.id, { onDelete: "set null" }),
    link: text("link"),
    data: jsonb("data").$type<Record<string, string | number | null>>().notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    readAt: bigint("read_at", { mode: "number" }),
  },
  (table) => [
    index("notifications_uid").on(table.uid, table.id),
    // A sender's mention notifications of the last hour (MENTION_NOTIFICATIONS_PER_HOUR).
    index("notifications_actor").on(table.actorUid, table.createdAt),
  ],
);

/**
 * A member's choices per notification kind; a kind without a row is on (in the app, and as a
 * browser notification where the kind may use one and the browser allows it).
 */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    uid: text("uid")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    inApp: boolean("in_app").notNull().default(true),
    browser: boolean("browser").notNull().default(true),
  },
  (table) => [primaryKey({ columns: [table.uid, table.kind] })],
);
