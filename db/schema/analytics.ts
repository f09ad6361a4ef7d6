import { bigint, index, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";

/** First-party analytics: one row per event (the 'login' event and those that follow). */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    params: jsonb("params").notNull().default({}),
    userId: text("user_id"),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (table) => [index("analytics_events_name_created").on(table.name, table.createdAt), index("analytics_events_user").on(table.userId)],
);
