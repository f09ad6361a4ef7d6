import { bigint, bigserial, boolean, index, pgTable, text } from "drizzle-orm/pg-core";
import { authUsers } from "./auth.ts";

/**
 * The team's announcements: a banner on every page between `starts_at` and `ends_at` (milliseconds
 * since the epoch), in both languages, and when `notify` is set a notification to every member, sent
 * in batches by a job (`notified_through`: the last member notified, by uid; `notified_at`: done).
 */
export const announcements = pgTable(
  "announcements",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    textVi: text("text_vi").notNull(),
    textEn: text("text_en").notNull(),
    startsAt: bigint("starts_at", { mode: "number" }).notNull(),
    endsAt: bigint("ends_at", { mode: "number" }).notNull(),
    notify: boolean("notify").notNull().default(false),
    notifiedThrough: text("notified_through"),
    notifiedAt: bigint("notified_at", { mode: "number" }),
    createdBy: text("created_by").references(() => authUsers.id, { onDelete: "set null" }),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (table) => [index("announcements_ends").on(table.endsAt)],
);
