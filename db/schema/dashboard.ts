import { bigint, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * The admin dashboard's daily roll-up: one row per game day (UTC+7, `YYYY-MM-DD`), counted from the
 * features' own tables by a job that runs every minute (today and yesterday again; a missing day of
 * the last 90 once), so the dashboard reads at most 90 rows and never a year of activity.
 * `active_members`: members with a signed-in request that day (from `member_activity`).
 */
export const dashboardDays = pgTable("dashboard_days", {
  day: text("day").primaryKey(),
  signUps: integer("sign_ups").notNull().default(0),
  signInsVi: integer("sign_ins_vi").notNull().default(0),
  signInsEn: integer("sign_ins_en").notNull().default(0),
  posts: integer("posts").notNull().default(0),
  chatMessages: integer("chat_messages").notNull().default(0),
  offersOpened: integer("offers_opened").notNull().default(0),
  offersCompleted: integer("offers_completed").notNull().default(0),
  reports: integer("reports").notNull().default(0),
  activeMembers: integer("active_members").notNull().default(0),
  /** The week (from Monday, game time) up to this day: members active in it. */
  activeWeek: integer("active_week").notNull().default(0),
  updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
});

/**
 * Who made a signed-in request in a game day (`d:2026-12-05`) or week (`w:2026-11-30`, its Monday):
 * one row per member and period, written once (each process remembers whom it has written today).
 * Kept for the current day and week only; the roll-up holds the counts.
 */
export const memberActivity = pgTable(
  "member_activity",
  {
    period: text("period").notNull(),
    uid: text("uid").notNull(),
  },
  (table) => [primaryKey({ columns: [table.period, table.uid] })],
);
