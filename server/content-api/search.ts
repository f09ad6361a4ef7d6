/**
 * Name search across every kind: diacritic-insensitive ("giap" finds "Giáp", "dao" finds "Đao"),
 * tolerant of a typo, over both languages.
 *
 * The WHERE clause is written on the exact expression of the GIN trigram index
 * `content_entries_name_search` (`f_unaccent(lower(name_vi || ' ' || name_en))`), so both of its
 * branches can use it: a substring `like` and pg_trgm's word similarity `<%` (fuzzy; its threshold is
 * the session's `pg_trgm.word_similarity_threshold`, set to 0.5 by db/client.ts). Ranking: exact
 * name, then name prefix, then a word starting with the query, then substring, then fuzzy matches by
 * similarity; then kind and pack order, for a stable answer.
 */
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client.ts";
import { contentEntries } from "../../db/schema/index.ts";
import type { PackKind } from "../content/pack-schema.ts";
import { collectionOfKind } from "./collections.ts";

export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;
export const SEARCH_QUERY_MAX = 100;

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

/** `like` treats `%`, `_` and `\` specially; the user's text is matched literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** 0 exact, 1 prefix, 2 word prefix, 3 substring, 4 none, for one folded name. */
function matchRank(name: SQL, folded: SQL, pattern: SQL): SQL {
  return sql`(case when ${name} = ${folded} then 0
    when ${name} like ${pattern} || '%' then 1
    when ${name} like '% ' || ${pattern} || '%' then 2
    when ${name} like '%' || ${pattern} || '%' then 3
    else 4 end)`;
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

/** The search statement (exported so a test can EXPLAIN exactly what runs). */
export function searchStatement(query: string, options: { limit: number; kind?: PackKind }): SQL {
  const text = query.normalize("NFC");
  const folded = sql`f_unaccent(lower(${text}))`;
  const pattern = sql`f_unaccent(lower(${escapeLike(text)}))`;
  const names = sql`f_unaccent(lower(${contentEntries.nameVi} || ' ' || ${contentEntries.nameEn}))`;
  const vi = sql`f_unaccent(lower(${contentEntries.nameVi}))`;
  const en = sql`f_unaccent(lower(${contentEntries.nameEn}))`;
  const conditions: SQL[] = [sql`(${names} like '%' || ${pattern} || '%' or ${folded} <% ${names})`];
  if (options.kind) conditions.push(sql`${contentEntries.kind} = ${options.kind}`);

  return sql`select kind, id, name, icon, rank_vi, rank_en, score_vi, score_en, score from (
          select ${contentEntries.kind} as kind, ${contentEntries.id} as id, ${contentEntries.position} as position,
            ${contentEntries.data} -> 'name' as name, ${contentEntries.data} ->> 'icon' as icon,
            ${matchRank(vi, folded, pattern)} as rank_vi, ${matchRank(en, folded, pattern)} as rank_en,
            word_similarity(${folded}, ${vi}) as score_vi, word_similarity(${folded}, ${en}) as score_en,
            word_similarity(${folded}, ${names}) as score
          from ${contentEntries}
          where ${sql.join(conditions, sql` and `)}
        ) as hits
        order by least(rank_vi, rank_en), score desc, greatest(score_vi, score_en) desc, kind collate "C", position, id collate "C"
        limit ${options.limit}`;
}

export async function searchContent(db: Database, query: string, options: { limit: number; kind?: PackKind }): Promise<SearchHit[]> {
  const rows = await queryRows<SearchRow>(db, searchStatement(query, options));
  return rows.map((row) => {
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
}
