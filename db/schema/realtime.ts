import { bigint, pgTable, text } from "drizzle-orm/pg-core";
import { authUsers } from "./auth.ts";

/**
 * When each member was last connected (written when their last socket closes, and now and then
 * while connected): "last seen N minutes ago". Who is online now lives in the processes' memory.
 */
export const presence = pgTable("presence", {
  uid: text("uid")
    .primaryKey()
    .references(() => authUsers.id, { onDelete: "cascade" }),
  lastSeenAt: bigint("last_seen_at", { mode: "number" }).notNull(),
});
