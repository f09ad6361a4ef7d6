import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * How many visitors opened an entry's page each game day (`day`: days since 1970-01-01 in game time,
 * UTC+7): what the home page's trending list counts, with recent stars.
 */
export const entryViews = pgTable(
  "entry_views",
  {
    kind: text("kind").notNull(),
    entryId: text("entry_id").notNull(),
    day: integer("day").notNull(),
    views: integer("views").notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.entryId, table.day] }), index("entry_views_day").on(table.day)],
);
