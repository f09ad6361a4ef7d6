import { sql } from "drizzle-orm";
import { bigint, bigserial, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { authUsers } from "./auth.ts";
import { reports } from "./moderation.ts";

/**
 * In-game character names members claim, one server each, so that feedback follows them
 * (`/bplayer`). A character (folded name and server) belongs to one member at most.
 */
export const characterClaims = pgTable(
  "character_claims",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    uid: text("uid")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    server: text("server").notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (table) => [
    uniqueIndex("character_claims_character").on(sql`f_unaccent(lower(${table.name}))`, table.server),
    index("character_claims_uid").on(table.uid),
  ],
);

/**
 * Screenshots attached to a report (a scam report names a character), re-encoded on upload like
 * the feed's images; moderators see them with the report, the public only once it is verified.
 */
export const reportImages = pgTable(
  "report_images",
  {
    id: text("id").primaryKey(),
    reportId: bigint("report_id", { mode: "number" })
      .notNull()
      .references(() => reports.id, { onDelete: "cascade" }),
    uid: text("uid")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    contentType: text("content_type").notNull(),
    data: text("data").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (table) => [index("report_images_report").on(table.reportId)],
);
