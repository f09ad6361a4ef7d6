import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { authUsers } from "./auth.ts";

/**
 * The profile documents ("users" keyed by uid), field for field.
 * Timestamps are milliseconds since the epoch, as the profile document has them.
 */
export const users = pgTable(
  "users",
  {
    uid: text("uid")
      .primaryKey()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    email: text("email"),
    displayName: text("display_name"),
    photoURL: text("photo_url"),
    role: text("role").notNull().default("user"),
    tag: text("tag").notNull().default("member"),
    title: text("title").notNull().default("member"),
    level: integer("level").notNull().default(1),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    updatedAt: bigint("updated_at", { mode: "number" }),
    lastLoginAt: bigint("last_login_at", { mode: "number" }),
    /**
     * The display name folded ("tuan" finds "Tuấn"), kept by the database: the directory filters on it
     * row by row while it walks its order, where folding each name anew (`unaccent`) was most of a
     * search's time.
     */
    foldedName: text("folded_name")
      .notNull()
      .generatedAlwaysAs(sql`f_unaccent(lower(coalesce(display_name, '')))`),
  },
  (table) => [
    // The member directory's search: display names folded ("tuan" finds "Tuấn"), by trigram.
    index("users_name_search").using("gin", sql`${table.foldedName} gin_trgm_ops`),
    index("users_created").on(table.createdAt),
    index("users_level").on(table.level),
    // The directory by level in its keyset order (read backwards: level, then newest, then uid): a page is read, not sorted.
    index("users_level_order").on(table.level, table.createdAt, table.uid),
  ],
);

/** Profile photos, re-encoded on upload (metadata dropped), served from the app's own origin. */
export const userPhotos = pgTable("user_photos", {
  uid: text("uid")
    .primaryKey()
    .references(() => authUsers.id, { onDelete: "cascade" }),
  contentType: text("content_type").notNull(),
  data: text("data").notNull(),
  etag: text("etag").notNull(),
  updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
});

/**
 * What a member chooses about their public profile, beside the profile document: whether it
 * is listed in the member directory (`/users`). No row: listed.
 */
export const profileSettings = pgTable("profile_settings", {
  uid: text("uid")
    .primaryKey()
    .references(() => authUsers.id, { onDelete: "cascade" }),
  listed: boolean("listed").notNull().default(true),
});
