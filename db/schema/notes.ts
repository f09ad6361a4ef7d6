import { sql } from "drizzle-orm";
import { bigint, bigserial, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { authUsers } from "./auth.ts";

/**
 * A member's markdown notes. `version` rises with every save: a save that names an older version
 * is refused (409 `aborted`, nothing written), so an edit from a stale tab is never silently lost.
 */
export const notes = pgTable(
  "notes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    uid: text("uid")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    /** Makes creating a note idempotent per member. */
    clientId: text("client_id").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    tags: jsonb("tags")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    pinnedAt: bigint("pinned_at", { mode: "number" }),
    version: integer("version").notNull().default(1),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
  },
  (table) => [
    uniqueIndex("notes_client").on(table.uid, table.clientId),
    index("notes_uid").on(table.uid, table.updatedAt),
    // Accent-insensitive search over a member's notes ("nhiem vu" finds "Nhiệm vụ").
    index("notes_search").using("gin", sql`f_unaccent(lower(${table.title} || ' ' || ${table.body})) gin_trgm_ops`),
  ],
);
