import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * The game's reference data, one row per entry of a content pack kind (`items`, `classes`, …):
 * the validated entry as JSON, its names for search, and its place in the pack file so an
 * export writes the files back exactly.
 */
export const contentEntries = pgTable(
  "content_entries",
  {
    kind: text("kind").notNull(),
    id: text("id").notNull(),
    position: integer("position").notNull(),
    data: jsonb("data").notNull(),
    nameVi: text("name_vi").notNull(),
    nameEn: text("name_en").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.id] }),
    // Diacritic-insensitive, typo-tolerant search over both languages' names.
    index("content_entries_name_search").using("gin", sql`f_unaccent(lower(${table.nameVi} || ' ' || ${table.nameEn})) gin_trgm_ops`),
  ],
);

/** The pack in use: its manifest, map and version (one row). */
export const contentPacks = pgTable("content_packs", {
  slot: text("slot").primaryKey(),
  manifest: jsonb("manifest").notNull(),
  mapSvg: text("map_svg").notNull(),
  checksum: text("checksum").notNull(),
  importedAt: bigint("imported_at", { mode: "number" }).notNull(),
});
