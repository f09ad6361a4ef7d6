import { bigint, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { authUsers } from "./auth.ts";

/** The entries a player starred (`kind` is a content pack kind, `entry_id` its id). No limit on their number. */
export const favorites = pgTable(
  "favorites",
  {
    uid: text("uid")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    entryId: text("entry_id").notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.uid, table.kind, table.entryId] }),
    index("favorites_uid_created").on(table.uid, table.createdAt),
    // Recent stars of everyone: the home page's trending list.
    index("favorites_created").on(table.createdAt),
  ],
);
