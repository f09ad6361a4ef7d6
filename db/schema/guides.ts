import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { authUsers } from "./auth.ts";

/**
 * Guides written by members (the content pack's guides stay in `content_entries`). A guide has one
 * working copy, which its author edits (`version` rises with every save, so a save from a stale tab
 * is refused), and the revisions moderators approved (`guide_revisions`); the public reads the
 * newest approved revision, so an edit in review never hides the published text.
 *
 * `status` is the working copy's: `draft` (being written, or sent back with `reject_reason`),
 * `review` (submitted), `published` (the working copy is the newest approved revision). Timestamps
 * are milliseconds since the epoch.
 */
export const guides = pgTable(
  "guides",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    authorUid: text("author_uid")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    /** Makes creating a guide idempotent per author. */
    clientId: text("client_id"),
    language: text("language").notNull(),
    category: text("category").notNull(),
    title: text("title").notNull(),
    /** Markdown, rendered by the same safe renderer as the pack's guides. */
    body: text("body").notNull(),
    version: integer("version").notNull().default(1),
    status: text("status").notNull().default("draft"),
    rejectReason: text("reject_reason"),
    /** The newest approved revision (null until the first approval). */
    publishedRevisionId: bigint("published_revision_id", { mode: "number" }),
    /** Hidden by a moderator: gone from `/guide`, search and the sitemap. */
    hiddenAt: bigint("hidden_at", { mode: "number" }),
    deletedAt: bigint("deleted_at", { mode: "number" }),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
    submittedAt: bigint("submitted_at", { mode: "number" }),
    publishedAt: bigint("published_at", { mode: "number" }),
  },
  (table) => [
    check("guides_status", sql`${table.status} in ('draft', 'review', 'published')`),
    uniqueIndex("guides_client").on(table.authorUid, table.clientId),
    index("guides_author").on(table.authorUid, table.updatedAt),
    index("guides_status").on(table.status, table.submittedAt),
    // Search by folded title ("huong dan" finds "Hướng dẫn").
    index("guides_title_search").using("gin", sql`f_unaccent(lower(${table.title})) gin_trgm_ops`),
  ],
);

/** Approved revisions of a member guide, newest last: its history. */
export const guideRevisions = pgTable(
  "guide_revisions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    guideId: bigint("guide_id", { mode: "number" })
      .notNull()
      .references(() => guides.id, { onDelete: "cascade" }),
    /** 1, 2, … per guide. */
    number: integer("number").notNull(),
    language: text("language").notNull(),
    category: text("category").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** The author's working-copy version that was approved. */
    version: integer("version").notNull(),
    approvedBy: text("approved_by").references(() => authUsers.id, { onDelete: "set null" }),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (table) => [uniqueIndex("guide_revisions_number").on(table.guideId, table.number)],
);
