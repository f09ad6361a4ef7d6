import { bigint, pgTable, serial, text } from "drizzle-orm/pg-core";

/** Mail sent without an SMTP server (development): kept here, logged, and visible to admins. */
export const devOutbox = pgTable("dev_outbox", {
  id: serial("id").primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  createdAt: bigint("created_at", { mode: "number" }).notNull(),
});
