import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { searchText } from "../http/search-text.ts";
import { contentEntries } from "../../db/schema/index.ts";
import {
  CRAFT_STATIONS,
  ITEM_SLOTS,
  ITEM_TYPES,
  RARITIES,
  type Item,
  type PackKind,
  type Recipe,
} from "../../universal/content/pack-schema.ts";
import { nameMatches, relevanceOrder } from "./name-match.ts";

export const ITEMS_PER_PAGE = 24;
export const ITEM_SORTS = ["relevance", "level-asc", "level-desc", "name", "rarity"] as const;

/** The item list's filters, read from the URL (shareable; Back works). Bad values fall back to none. */
export const itemFilters = z.object({
  q: searchText.catch(""),
  type: z.enum(ITEM_TYPES).optional().catch(undefined),
  slot: z.enum(ITEM_SLOTS).optional().catch(undefined),
  rarity: z.enum(RARITIES).optional().catch(undefined),
  class: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/)
    .optional()
    .catch(undefined),
  minLevel: z.coerce.number().int().min(1).max(999).optional().catch(undefined),
  maxLevel: z.coerce.number().int().min(1).max(999).optional().catch(undefined),
  /** Relevance is the closest match when searching, and level order otherwise. */
  sort: z.enum(ITEM_SORTS).catch("relevance"),
  page: z.coerce.number().int().min(1).max(1000).catch(1),
});
export type ItemFilters = z.infer<typeof itemFilters>;

export function parseItemFilters(params: URLSearchParams): ItemFilters {
  return itemFilters.parse(Object.fromEntries([...params].filter(([, value]) => value !== "")));
}

const rarityRank = sql`array_position(array['common','uncommon','rare','epic','legendary']::text[], ${contentEntries.data}->>'rarity')`;

export async function listItems(db: Database, filters: ItemFilters, language: "vi" | "en-US") {
  const data = contentEntries.data;
  const conditions: SQL[] = [eq(contentEntries.kind, "items")];
  if (filters.q) conditions.push(await nameMatches(db, filters.q));
  if (filters.type) conditions.push(sql`${data}->>'type' = ${filters.type}`);
  if (filters.slot) conditions.push(sql`${data}->>'slot' = ${filters.slot}`);
  if (filters.rarity) conditions.push(sql`${data}->>'rarity' = ${filters.rarity}`);
  if (filters.class) conditions.push(sql`(${data}->'classes' = '[]'::jsonb or ${data}->'classes' ? ${filters.class})`);
  if (filters.minLevel) conditions.push(sql`(${data}->>'level')::int >= ${filters.minLevel}`);
  if (filters.maxLevel) conditions.push(sql`(${data}->>'level')::int <= ${filters.maxLevel}`);
  const where = and(...conditions);
  const level = sql`(${data}->>'level')::int`;
  const name = language === "vi" ? contentEntries.nameVi : contentEntries.nameEn;
  const sort = filters.sort === "relevance" && !filters.q ? "level-asc" : filters.sort;
  const order = {
    // Names containing the words first, then the closest fuzzy matches (typos).
    relevance: [...relevanceOrder(filters.q), asc(level), asc(contentEntries.position)],
    "level-asc": [asc(level), asc(contentEntries.position)],
    "level-desc": [desc(level), asc(contentEntries.position)],
    name: [asc(name), asc(contentEntries.id)],
    rarity: [desc(rarityRank), asc(level), asc(contentEntries.position)],
  }[sort];
  const [rows, [total]] = await Promise.all([
    db
      .select({ data })
      .from(contentEntries)
      .where(where)
      .orderBy(...order)
      .limit(ITEMS_PER_PAGE)
      .offset((filters.page - 1) * ITEMS_PER_PAGE),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(contentEntries)
      .where(where),
  ]);
  return { items: rows.map((row) => row.data as Item), total: Number(total?.count ?? 0), perPage: ITEMS_PER_PAGE };
}

export async function getEntry<T>(db: Database, kind: PackKind, id: string): Promise<T | null> {
  const [row] = await db
    .select({ data: contentEntries.data })
    .from(contentEntries)
    .where(and(eq(contentEntries.kind, kind), eq(contentEntries.id, id)));
  return (row?.data as T | undefined) ?? null;
}

/** Entries of a kind by id, for the names and icons of what an entry links to. */
export async function getEntries<T extends { id: string }>(db: Database, kind: PackKind, ids: readonly string[]): Promise<Map<string, T>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ data: contentEntries.data })
    .from(contentEntries)
    .where(and(eq(contentEntries.kind, kind), inArray(contentEntries.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [(row.data as T).id, row.data as T]));
}

/** The recipes that make an item, and those that use it as a material. */
export async function recipesForItem(db: Database, itemId: string): Promise<{ makes: Recipe[]; uses: Recipe[] }> {
  const rows = await db
    .select({ data: contentEntries.data })
    .from(contentEntries)
    .where(
      and(
        eq(contentEntries.kind, "recipes"),
        sql`(${contentEntries.data}->'output'->>'item' = ${itemId} or ${contentEntries.data}->'inputs' @> ${JSON.stringify([{ item: itemId }])}::jsonb)`,
      ),
    )
    .orderBy(asc(contentEntries.position));
  const recipes = rows.map((row) => row.data as Recipe);
  return {
    makes: recipes.filter((recipe) => recipe.output.item === itemId),
    uses: recipes.filter((recipe) => recipe.output.item !== itemId),
  };
}

/** Every entry of a small kind (classes, servers, …) in pack order. */
export async function listKind<T>(db: Database, kind: PackKind): Promise<T[]> {
  const rows = await db
    .select({ data: contentEntries.data })
    .from(contentEntries)
    .where(eq(contentEntries.kind, kind))
    .orderBy(asc(contentEntries.position));
  return rows.map((row) => row.data as T);
}

export const recipeFilters = z.object({
  q: searchText.catch(""),
  station: z.enum(CRAFT_STATIONS).optional().catch(undefined),
});

export async function listRecipes(db: Database, params: URLSearchParams): Promise<Recipe[]> {
  const filters = recipeFilters.parse(Object.fromEntries([...params].filter(([, value]) => value !== "")));
  const conditions: SQL[] = [eq(contentEntries.kind, "recipes")];
  if (filters.q) conditions.push(await nameMatches(db, filters.q));
  if (filters.station) conditions.push(sql`${contentEntries.data}->>'station' = ${filters.station}`);
  const rows = await db
    .select({ data: contentEntries.data })
    .from(contentEntries)
    .where(and(...conditions))
    .orderBy(sql`(${contentEntries.data}->>'requiredLevel')::int`, asc(contentEntries.position));
  return rows.map((row) => row.data as Recipe);
}

/** A recipe and every recipe below it in its material tree (what the calculator needs, no more). */
export async function recipeTree(db: Database, recipeId: string): Promise<{ recipe: Recipe; recipes: Recipe[] } | null> {
  const root = await getEntry<Recipe>(db, "recipes", recipeId);
  if (!root) return null;
  const all = await listKind<Recipe>(db, "recipes");
  const byOutput = new Map<string, Recipe>();
  for (const recipe of all) if (!byOutput.has(recipe.output.item)) byOutput.set(recipe.output.item, recipe);
  const found = new Map<string, Recipe>([[root.id, root]]);
  const visit = (recipe: Recipe) => {
    for (const input of recipe.inputs) {
      const maker = byOutput.get(input.item);
      if (maker && !found.has(maker.id)) {
        found.set(maker.id, maker);
        visit(maker);
      }
    }
  };
  visit(root);
  return { recipe: root, recipes: [...found.values()] };
}
