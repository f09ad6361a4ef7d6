/**
 * Name search across every kind: diacritic-insensitive ("giap" finds "Giáp", "dao" finds "Đao"),
 * tolerant of a typo, over both languages.
 *
 * The answer is the concatenation of tiers, each ranked on its own, each read only while the page
 * has room (so a short query that thousands of names contain costs a page, not thousands of rows):
 *   1. names starting with the query, in alphabetical order of the name that does (the exact name
 *      first), read from the prefix indexes in that order;
 *   2. other names containing it: a word starting with it, then anywhere; the shorter name first;
 *   3. when a query word is misspelt, tiers 1 and 2 again for the corrected words ("giaap" -> "giap");
 *   4. names containing every query word or one of its corrections, in any order ("sat kiem");
 *   5. when nothing was found and the query has several words: tier 4 with each word's lookalikes,
 *      the vocabulary words within an edit of it ("ngua nua" finds "Ngựa Nâu").
 * Ties are broken by kind and pack order, for a stable answer. Tiers 3 and 4 answer `fuzzy`.
 */
import { and, sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client.ts";
import { contentEntries } from "../../db/schema/index.ts";
import { likePattern } from "../../db/folding.ts";
import {
  correctedQuery,
  matchRank,
  namesContain,
  namesResemble,
  nameSimilarity,
  namesStartWith,
  resemblanceFit,
  lookalikesWiden,
  resemblingWidens,
  spellingAlternatives,
  withLookalikes,
  type WordAlternatives,
} from "../content/name-match.ts";
import type { PackKind } from "../../universal/content/pack-schema.ts";
import { searchMemberGuides } from "../guides/guide-search.ts";
import { collectionOfKind } from "./collections.ts";

export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;

export const MATCH_TYPES = ["exact", "prefix", "word", "contains", "fuzzy"] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

export interface SearchHit {
  kind: string;
  id: string;
  name: { vi: string; en: string };
  icon: string | null;
  /** Which name matched best, and how: for highlighting. */
  match: { language: "vi" | "en"; type: MatchType };
  /** pg_trgm word similarity of the query to the names, 0–1. */
  score: number;
}

export interface SearchOptions {
  limit: number;
  kind?: PackKind;
}

interface SearchRow {
  kind: string;
  id: string;
  name: { vi: string; en: string };
  icon: string | null;
  rank_vi: number;
  rank_en: number;
  score_vi: number;
  score_en: number;
  score: number;
}

/** One tier's query: names starting with `text`, other names containing it, or names resembling the query's words. */
export type SearchTier = { startWith: string } | { contain: string } | { resemble: WordAlternatives[] };

const entry = contentEntries;
const kindIs = (kind: PackKind | undefined): SQL => (kind ? sql`${entry.kind} = ${kind}` : sql`true`);
const stableOrder = sql`${entry.kind} collate "C", ${entry.position}, ${entry.id} collate "C"`;

/** A tier's page: the keys and the order, with what the answer needs joined in for the page only. */
function tierPage(tier: SearchTier, options: SearchOptions): SQL {
  const limit = options.limit;
  if ("startWith" in tier) {
    // One ordered index scan per language, each stopping at the page's size; an entry in both
    // appears twice and is kept once by the caller (so each side alone can fill the page).
    const side = (name: typeof entry.foldedVi | typeof entry.foldedEn) =>
      sql`(select ${entry.kind} as kind, ${entry.id} as id, ${entry.position} as position, ${name} as order_key, 0 as order_rank
          from ${entry} where ${name} like ${likePattern(tier.startWith)} || '%' and ${kindIs(options.kind)}
          order by ${name}, ${stableOrder} limit ${limit})`;
    return sql`${side(entry.foldedVi)} union all ${side(entry.foldedEn)}`;
  }
  const condition =
    "contain" in tier
      ? and(namesContain(tier.contain), sql`not ${namesStartWith(tier.contain)}`, kindIs(options.kind))
      : and(namesResemble(tier.resemble), kindIs(options.kind));
  const rank =
    "contain" in tier
      ? sql`least(${matchRank(tier.contain, sql`${entry.foldedVi}`)}, ${matchRank(tier.contain, sql`${entry.foldedEn}`)})`
      : sql`-${resemblanceFit(tier.resemble)}`;
  return sql`(select ${entry.kind} as kind, ${entry.id} as id, ${entry.position} as position,
      lpad(length(${entry.foldedNames})::text, 4, '0') as order_key, ${rank} as order_rank
    from ${entry} where ${condition}
    order by order_rank, order_key, ${stableOrder} limit ${limit})`;
}

/** One tier's statement (exported so a test can EXPLAIN exactly what runs). Ranks and scores are for `query`. */
export function searchStatement(query: string, tier: SearchTier, options: SearchOptions): SQL {
  return sql`select hits.kind, hits.id, found.data -> 'name' as name, found.data ->> 'icon' as icon,
      ${matchRank(query, sql`found.folded_vi`)} as rank_vi, ${matchRank(query, sql`found.folded_en`)} as rank_en,
      ${nameSimilarity(query, sql`found.folded_vi`)} as score_vi, ${nameSimilarity(query, sql`found.folded_en`)} as score_en,
      ${nameSimilarity(query, sql`found.folded_names`)} as score
    from (${tierPage(tier, options)}) as hits
    join ${entry} as found on found.kind = hits.kind and found.id = hits.id
    order by hits.order_rank, hits.order_key, hits.kind collate "C", hits.position, hits.id collate "C"`;
}

/**
 * Levels share their rank's name ("Tân Thủ" for levels 1 to 9) and all lead to the level table: one
 * hit per name, the rank's first level. Every other entry is its own hit.
 */
const hitKey = (row: SearchRow) => (row.kind === "levels" ? `levels/${JSON.stringify(row.name)}` : `${row.kind}/${row.id}`);

export async function searchContent(db: Database, query: string, options: SearchOptions): Promise<SearchHit[]> {
  const found = new Map<string, SearchRow>();
  const room = () => options.limit - found.size;
  const read = async (tier: SearchTier) => {
    if (room() <= 0) return;
    // A tier may find again what an earlier one found (at most `found.size` rows): a full page
    // leaves enough to fill the room without them.
    const rows = await queryRows<SearchRow>(db, searchStatement(query, tier, options));
    for (const row of rows) if (room() > 0 && !found.has(hitKey(row))) found.set(hitKey(row), row);
  };
  await read({ startWith: query });
  await read({ contain: query });
  if (room() > 0) {
    const words = await spellingAlternatives(db, query);
    const corrected = correctedQuery(words);
    if (corrected !== null) {
      await read({ startWith: corrected });
      await read({ contain: corrected });
    }
    if (resemblingWidens(words)) await read({ resemble: words });
    // Words that are all words of the names but no name holds together: one may be a typo of
    // another word ("ngua nua" for "ngua nau").
    if (found.size === 0 && lookalikesWiden(words)) await read({ resemble: withLookalikes(words) });
  }
  const hits: SearchHit[] = [...found.values()].map((row) => {
    const rankVi = Number(row.rank_vi);
    const rankEn = Number(row.rank_en);
    const language: "vi" | "en" =
      rankVi !== rankEn ? (rankVi < rankEn ? "vi" : "en") : Number(row.score_en) > Number(row.score_vi) ? "en" : "vi";
    return {
      kind: collectionOfKind(row.kind),
      id: row.id,
      name: row.name,
      icon: row.icon,
      match: { language, type: MATCH_TYPES[Math.min(rankVi, rankEn)] as MatchType },
      score: Math.round(Number(row.score) * 1000) / 1000,
    };
  });
  if (options.kind !== undefined && options.kind !== "guides") return hits;
  // Published member guides join the pack's hits by how well they match (a stable sort keeps each
  // side's order within a match type).
  const memberGuides = await searchMemberGuides(db, query, options.limit);
  if (memberGuides.length === 0) return hits;
  const order = (hit: SearchHit) => MATCH_TYPES.indexOf(hit.match.type);
  return [...hits, ...memberGuides].sort((a, b) => order(a) - order(b)).slice(0, options.limit);
}
