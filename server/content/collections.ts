/**
 * Queries of the smaller catalogs: classes, mounts, pets, runes and talismans. They read the same
 * `content_entries` table as the item catalog and share its name search (`name-match.ts`).
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { contentEntries } from "../../db/schema/index.ts";
import { searchText } from "../http/search-text.ts";
import { getEntries, listKind } from "./catalog.ts";
import { nameMatches, relevanceOrder } from "./name-match.ts";
import { KIND_OF_REF } from "./world.ts";
import {
  ELEMENTS,
  MOUNT_TERRAINS,
  RARITIES,
  type District,
  type EntryRefKind,
  type GameClass,
  type Localized,
  type Mount,
  type ObtainMethod,
  type PackKind,
  type Pet,
  type Rune,
  type RuneSet,
  type Talisman,
} from "../../universal/content/pack-schema.ts";

export const COLLECTION_PER_PAGE = 24;
export const COLLECTION_SORTS = ["relevance", "level-asc", "level-desc", "rarity", "name"] as const;
export const MOUNT_SORTS = ["relevance", "level-asc", "level-desc", "speed-desc", "speed-asc", "name"] as const;
type Sort = (typeof COLLECTION_SORTS)[number] | (typeof MOUNT_SORTS)[number];

const idParam = z
  .string()
  .regex(/^[a-z0-9-]{1,60}$/)
  .optional()
  .catch(undefined);

const common = {
  q: searchText.catch(""),
  rarity: z.enum(RARITIES).optional().catch(undefined),
  sort: z.enum(COLLECTION_SORTS).catch("relevance"),
  page: z.coerce.number().int().min(1).max(1000).catch(1),
};

/** Filters of each list, read from the URL; a bad value falls back to none, never to an error. */
export const mountFilters = z.object({
  ...common,
  terrain: z.enum(MOUNT_TERRAINS).optional().catch(undefined),
  sort: z.enum(MOUNT_SORTS).catch("relevance"),
});
export const petFilters = z.object({ ...common, element: z.enum(ELEMENTS).optional().catch(undefined) });
export const talismanFilters = z.object({ ...common, class: idParam });
export type MountFilters = z.infer<typeof mountFilters>;
export type PetFilters = z.infer<typeof petFilters>;
export type TalismanFilters = z.infer<typeof talismanFilters>;

export function parseFilters<T extends z.ZodType>(schema: T, params: URLSearchParams): z.infer<T> {
  return schema.parse(Object.fromEntries([...params].filter(([key, value]) => value !== "" && key !== "id")));
}

/** `?id=` when it looks like an id; anything else is treated as an unknown entry. */
export function entryIdParam(params: URLSearchParams): string | null {
  const value = params.get("id");
  if (value === null) return null;
  return /^[a-z0-9-]{1,80}$/.test(value) ? value : "";
}

const rarityRank = sql`array_position(array['common','uncommon','rare','epic','legendary']::text[], ${contentEntries.data}->>'rarity')`;

export interface ListPage<T> {
  entries: T[];
  total: number;
  perPage: number;
}

/** One page of a kind: its conditions, the search words (accents optional, typos tolerated) and a sort. */
async function listPage<T>(
  db: Database,
  kind: PackKind,
  extra: SQL[],
  { q, sort, page }: { q: string; sort: Sort; page: number },
  language: string,
): Promise<ListPage<T>> {
  const data = contentEntries.data;
  const conditions: SQL[] = [eq(contentEntries.kind, kind), ...extra];
  if (q) conditions.push(await nameMatches(db, q));
  const where = and(...conditions);
  const level = sql`(${data}->>'level')::int`;
  const speed = sql`(${data}->>'speedBonus')::numeric`;
  const name = language === "vi" ? contentEntries.nameVi : contentEntries.nameEn;
  const effective = sort === "relevance" && !q ? "level-asc" : sort;
  const order = {
    relevance: [...relevanceOrder(q), asc(level)],
    "level-asc": [asc(level)],
    "level-desc": [desc(level)],
    "speed-desc": [desc(speed), asc(level)],
    "speed-asc": [asc(speed), asc(level)],
    rarity: [desc(rarityRank), asc(level)],
    name: [asc(name)],
  }[effective];
  const [rows, [total]] = await Promise.all([
    db
      .select({ data })
      .from(contentEntries)
      .where(where)
      .orderBy(...order, asc(contentEntries.position))
      .limit(COLLECTION_PER_PAGE)
      .offset((page - 1) * COLLECTION_PER_PAGE),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(contentEntries)
      .where(where),
  ]);
  return { entries: rows.map((row) => row.data as T), total: Number(total?.count ?? 0), perPage: COLLECTION_PER_PAGE };
}

export function listMounts(db: Database, filters: MountFilters, language: string): Promise<ListPage<Mount>> {
  const data = contentEntries.data;
  const extra: SQL[] = [];
  if (filters.rarity) extra.push(sql`${data}->>'rarity' = ${filters.rarity}`);
  if (filters.terrain) extra.push(sql`${data}->'terrains' ? ${filters.terrain}`);
  return listPage<Mount>(db, "mounts", extra, filters, language);
}

export function listPets(db: Database, filters: PetFilters, language: string): Promise<ListPage<Pet>> {
  const data = contentEntries.data;
  const extra: SQL[] = [];
  if (filters.rarity) extra.push(sql`${data}->>'rarity' = ${filters.rarity}`);
  if (filters.element) extra.push(sql`${data}->>'element' = ${filters.element}`);
  return listPage<Pet>(db, "pets", extra, filters, language);
}

/** A class filter keeps the talismans for that class and those any class can use. */
export function listTalismans(db: Database, filters: TalismanFilters, language: string): Promise<ListPage<Talisman>> {
  const data = contentEntries.data;
  const extra: SQL[] = [];
  if (filters.rarity) extra.push(sql`${data}->>'rarity' = ${filters.rarity}`);
  if (filters.class) extra.push(sql`(${data}->'classes' = '[]'::jsonb or ${data}->'classes' ? ${filters.class})`);
  return listPage<Talisman>(db, "talismans", extra, filters, language);
}

export interface RuneSetView {
  set: RuneSet;
  /** The set's runes (those matching the search when only runes matched), by socket position. */
  runes: Rune[];
}

/**
 * The rune sets in pack order with their runes. A search keeps a set whose name matches (with all
 * its runes) and, for the others, only the runes whose names match.
 */
export async function listRuneSets(db: Database, q: string): Promise<{ sets: RuneSetView[]; runeCount: number }> {
  const search = q ? await nameMatches(db, q) : null;
  const [sets, runes, matched] = await Promise.all([
    listKind<RuneSet>(db, "runeSets"),
    listKind<Rune>(db, "runes"),
    search
      ? db
          .select({ kind: contentEntries.kind, id: contentEntries.id })
          .from(contentEntries)
          .where(and(inArray(contentEntries.kind, ["runeSets", "runes"]), search))
      : Promise.resolve(null),
  ]);
  const byPosition = (a: Rune, b: Rune) => a.position - b.position || a.level - b.level;
  const matchedSets = new Set(matched?.filter((row) => row.kind === "runeSets").map((row) => row.id));
  const matchedRunes = new Set(matched?.filter((row) => row.kind === "runes").map((row) => row.id));
  const views = sets
    .map((set) => {
      const own = runes.filter((rune) => rune.set === set.id).sort(byPosition);
      if (!matched || matchedSets.has(set.id)) return { set, runes: own };
      return { set, runes: own.filter((rune) => matchedRunes.has(rune.id)) };
    })
    .filter((view) => !matched || matchedSets.has(view.set.id) || view.runes.length > 0);
  return { sets: views, runeCount: views.reduce((sum, view) => sum + view.runes.length, 0) };
}

/** What a page needs of an entry it links to. */
export interface NamedEntry {
  id: string;
  name: Localized;
  icon?: string;
  rarity?: string;
}

function named(entry: { id: string; name: Localized; icon?: string; rarity?: string }): NamedEntry {
  return { id: entry.id, name: entry.name, icon: entry.icon, ...(entry.rarity ? { rarity: entry.rarity } : {}) };
}

/** Names of `ids` of a kind, in the order of `ids`; unknown ids are left out. */
export async function namedEntries(db: Database, kind: PackKind, ids: readonly string[]): Promise<NamedEntry[]> {
  const found = await getEntries<{ id: string; name: Localized; icon?: string; rarity?: string }>(db, kind, ids);
  return ids.flatMap((id) => {
    const entry = found.get(id);
    return entry ? [named(entry)] : [];
  });
}

/** The class cards of /class. */
export async function listClasses(db: Database) {
  const classes = await listKind<GameClass>(db, "classes");
  return classes.map(({ id, name, icon, role, difficulty, summary }) => ({ id, name, icon, role, difficulty, summary }));
}

export type ClassCard = Awaited<ReturnType<typeof listClasses>>[number];

export interface ClassRecommendations {
  items: NamedEntry[];
  runeSets: NamedEntry[];
  talismans: NamedEntry[];
  pets: NamedEntry[];
  mounts: NamedEntry[];
}

/** The names and icons of everything a class recommends. */
export async function classRecommendations(db: Database, gameClass: GameClass): Promise<ClassRecommendations> {
  const { items, runeSets, talismans, pets, mounts } = gameClass.recommended;
  const [i, r, t, p, m] = await Promise.all([
    namedEntries(db, "items", items),
    namedEntries(db, "runeSets", runeSets),
    namedEntries(db, "talismans", talismans),
    namedEntries(db, "pets", pets),
    namedEntries(db, "mounts", mounts),
  ]);
  return { items: i, runeSets: r, talismans: t, pets: p, mounts: m };
}

/**
 * Names of the places an obtain method points at (`marker:…`, `event:…`, `season:…`), by
 * reference. A marker is named with its district ("Chợ Bến Cảng · Cảng Sương Mù").
 */
export async function sourceNames(db: Database, obtain: readonly ObtainMethod[]): Promise<Record<string, Localized>> {
  const refs = [...new Set(obtain.flatMap((way) => (way.source ? [way.source] : [])))];
  const result: Record<string, Localized> = {};
  const byKind = new Map<string, string[]>();
  for (const ref of refs) {
    const [kind = "", id = ""] = ref.split(":");
    byKind.set(kind, [...(byKind.get(kind) ?? []), id]);
  }
  await Promise.all(
    [...byKind].map(async ([kind, ids]) => {
      if (kind === "marker") {
        const districts = await listKind<District>(db, "districts");
        for (const district of districts)
          for (const marker of district.markers)
            if (ids.includes(marker.id))
              result[`marker:${marker.id}`] = {
                vi: `${marker.name.vi} · ${district.name.vi}`,
                en: `${marker.name.en} · ${district.name.en}`,
              };
        return;
      }
      const packKind = KIND_OF_REF[kind as EntryRefKind];
      if (!packKind) return;
      for (const entry of await namedEntries(db, packKind, ids)) result[`${kind}:${entry.id}`] = entry.name;
    }),
  );
  return result;
}
