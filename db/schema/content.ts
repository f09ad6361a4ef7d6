import { sql } from "drizzle-orm";
import { bigint, bigserial, check, customType, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { authUsers } from "./auth.ts";

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
    /**
     * The names folded for search (lower case, no diacritics, Đ as D), kept by the database. Folding
     * is costly (`unaccent` per row), so search compares and ranks these columns instead.
     */
    foldedVi: text("folded_vi")
      .notNull()
      .generatedAlwaysAs(sql`f_unaccent(lower(name_vi))`),
    foldedEn: text("folded_en")
      .notNull()
      .generatedAlwaysAs(sql`f_unaccent(lower(name_en))`),
    foldedNames: text("folded_names")
      .notNull()
      .generatedAlwaysAs(sql`f_unaccent(lower(name_vi || ' ' || name_en))`),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.id] }),
    // Diacritic-insensitive, typo-tolerant search over both languages' names.
    index("content_entries_name_search").using("gin", sql`${table.foldedNames} gin_trgm_ops`),
    // Names starting with the query (`like 'q%'`), the first page of most searches.
    index("content_entries_folded_vi_prefix").using("btree", sql`${table.foldedVi} text_pattern_ops`),
    index("content_entries_folded_en_prefix").using("btree", sql`${table.foldedEn} text_pattern_ops`),
  ],
);

/**
 * Every word of the folded names, with how many entries use it: the vocabulary a misspelt search
 * word is corrected against ("giaap" -> "giap"). Rebuilt with the entries (`refreshNameWords`).
 */
export const contentWords = pgTable(
  "content_words",
  {
    word: text("word").primaryKey(),
    entries: integer("entries").notNull(),
  },
  (table) => [index("content_words_trigram").using("gin", sql`${table.word} gin_trgm_ops`)],
);

/** The pack in use: its manifest, map and version (one row). */
export const contentPacks = pgTable("content_packs", {
  slot: text("slot").primaryKey(),
  manifest: jsonb("manifest").notNull(),
  mapSvg: text("map_svg").notNull(),
  checksum: text("checksum").notNull(),
  importedAt: bigint("imported_at", { mode: "number" }).notNull(),
  /** The number of the version in use (`content_versions.number`); null before versions were kept. */
  version: integer("version"),
});

/** Bytes (`bytea`), as a Buffer on both engines. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Every version of the pack an admin published, restored or imported, whole (manifest, map and every
 * kind), so any of them can be restored as a new version. The pack loaded at first start is number 1.
 * The newest `CONTENT_VERSIONS_KEPT` are kept, and always the one in use.
 */
export const contentVersions = pgTable(
  "content_versions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    number: integer("number").notNull().unique(),
    checksum: text("checksum").notNull(),
    /** The whole pack as gzipped JSON (written and read off the main thread, a tenth of its size). */
    packGz: bytea("pack_gz").notNull(),
    source: text("source").notNull(),
    /** For a restore: the number of the version restored. */
    restoredFrom: integer("restored_from"),
    createdBy: text("created_by").references(() => authUsers.id, { onDelete: "set null" }),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (table) => [check("content_versions_source", sql`${table.source} in ('initial', 'publish', 'restore', 'import')`)],
);

/**
 * The admins' draft: what publishing will change, one row per entry (`create`, `update` with the
 * whole entry, or `delete`), shared by every admin until it is published or discarded.
 */
export const contentDrafts = pgTable(
  "content_drafts",
  {
    kind: text("kind").notNull(),
    id: text("id").notNull(),
    op: text("op").notNull(),
    entry: jsonb("entry"),
    updatedBy: text("updated_by").references(() => authUsers.id, { onDelete: "set null" }),
    updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.id] }),
    check("content_drafts_op", sql`${table.op} in ('create', 'update', 'delete')`),
    check("content_drafts_entry", sql`(${table.op} = 'delete') = (${table.entry} is null)`),
  ],
);
