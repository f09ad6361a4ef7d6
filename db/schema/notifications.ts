import { bigint, bigserial, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
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
  (table) => [index("notifications_uid").on(table.uid, table.id)],
);
