import { bigint, bigserial, boolean, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { authUsers } from "./auth.ts";

/**
 * Contribution points: one row per award, so every point can be explained and the weekly ranking is
 * a sum over a week's rows. `source` names what earned it, unique per member and reason (a guide
 * published once, a like once, a report upheld once), so a retried award changes nothing. `day`
 * (the game day, UTC+7, `YYYY-MM-DD`) lets the daily caps be counted. Timestamps are milliseconds
 * since the epoch.
 */
export const contributionPoints = pgTable(
  "contribution_points",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    uid: text("uid")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    points: integer("points").notNull(),
    source: text("source").notNull(),
    /** Who gave them, for likes (a pair of members counts once a day). */
    actorUid: text("actor_uid"),
    day: text("day").notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (table) => [
    uniqueIndex("contribution_points_source").on(table.uid, table.reason, table.source),
    index("contribution_points_day").on(table.uid, table.day),
    index("contribution_points_created").on(table.createdAt),
  ],
);

/**
 * Each member's total, kept with every award in the same transaction (the all-time ranking and the
 * level read it). `title_by_admin`: an admin set the title by hand, so a new level keeps it.
 */
export const contributionTotals = pgTable(
  "contribution_totals",
  {
    uid: text("uid")
      .primaryKey()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    points: integer("points").notNull().default(0),
    titleByAdmin: boolean("title_by_admin").notNull().default(false),
    updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
  },
  (table) => [index("contribution_totals_points").on(table.points)],
);
