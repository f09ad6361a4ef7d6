import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Deployment settings an admin can change at run time (app title, tax rates, limits...). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
