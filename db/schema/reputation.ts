import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { authUsers } from "./auth.ts";
import { reports } from "./moderation.ts";

/**
 * In-game character names members claim, one server each, so that feedback follows them
 * (`/bplayer`). A claim starts `pending` with a one-time `code` the member shows in the game; a
 * moderator who sees it on their screenshot (a `claim` report) makes it `verified`. Only a
 * verified claim makes a character its member's, so only verified claims are unique per character
 * (folded name and server): several members may wait with pending claims on one name. A pending
 * claim with no proof waiting is gone 7 days after it was made (`CLAIM_PENDING_DAYS`, read by query).
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
    status: text("status").notNull().default("pending"),
    /** What the member shows in the game (`LV-7Q2K`); claims made before proofs get one on migration. */
    code: text("code")
      .notNull()
      .default(sql`('LV-' || upper(substr(md5(random()::text), 1, 4)))`),
    verifiedAt: bigint("verified_at", { mode: "number" }),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (table) => [
    check("character_claims_status", sql`${table.status} in ('pending', 'verified')`),
    uniqueIndex("character_claims_character")
      .on(sql`f_unaccent(lower(${table.name}))`, table.server)
      .where(sql`${table.status} = 'verified'`),
    // A member claims a character once (a retry answers the claim made); it also serves lookups by member.
    uniqueIndex("character_claims_member").on(table.uid, sql`f_unaccent(lower(${table.name}))`, table.server),
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
