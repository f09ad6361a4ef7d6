/**
 * Name matching shared by the catalog lists and the search API: diacritic-insensitive ("giap" finds
 * "Giáp", "dao" finds "Đao") over both languages' names, tolerant of a typo.
 *
 * Everything compares the folded columns the database keeps (`folded_names`, `folded_vi`,
 * `folded_en`), never `f_unaccent(...)` of a row: folding is the costly part. The GIN trigram index
 * `content_entries_name_search` on `folded_names` serves every `like '%…%'`.
 *
 * Typos are corrected word by word against the names' vocabulary (`content_words`, a few thousand
 * words however many entries there are): a query word that is no word of any name is replaced by
 * the closest words of the vocabulary (pg_trgm `%`, threshold `pg_trgm.similarity_threshold`, set by
 * db/client.ts). A name then resembles the query when it contains every query word or one of its
 * corrections, in any order. Its cost follows the vocabulary, not the catalog.
 */
import { and, or, sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client.ts";
import { contentEntries } from "../../db/schema/index.ts";

/** How names and queries are cut into words, after folding (folded text is plain ASCII). */
const WORD_SEPARATOR = "[^a-z0-9]+";
/** Shorter words are likely a word being typed: they are matched as they are, not corrected. */
const MIN_CORRECTED_LENGTH = 3;
/** Closest vocabulary words tried for a misspelt query word. */
const CORRECTIONS_PER_WORD = 3;

/** The user's text folded as the names are. The planner folds this constant once per statement. */
export const foldedQuery = (query: string): SQL => sql`f_unaccent(lower(${query.normalize("NFC")}))`;

/** `like` treats `%`, `_` and `\` specially; the user's text is matched literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
/** The text folded as the names are, with `like`'s wildcards escaped: a pattern's literal part. */
export const likePattern = (query: string): SQL => sql`f_unaccent(lower(${escapeLike(query.normalize("NFC"))}))`;

/** The names contain the text (after folding). */
export function namesContain(query: string): SQL {
  return sql`${contentEntries.foldedNames} like '%' || ${likePattern(query)} || '%'`;
}

/** A name (in either language) starts with the text: the prefix indexes on `folded_vi` and `folded_en` serve it. */
export function namesStartWith(query: string): SQL {
  const pattern = likePattern(query);
  return sql`(${contentEntries.foldedVi} like ${pattern} || '%' or ${contentEntries.foldedEn} like ${pattern} || '%')`;
}

/** One query word and what it may stand for: itself, or the vocabulary words closest to it. */
export interface WordAlternatives {
  word: string;
  /** Folded words, closest first, each with its trigram similarity to the query word (1: itself). */
  alternatives: { word: string; similarity: number }[];
}

/** The query's words, each with its alternatives (a known or short word stands for itself only). */
export async function spellingAlternatives(db: Database, query: string): Promise<WordAlternatives[]> {
  const words = await queryRows<{ word: string }>(
    db,
    sql`select word from regexp_split_to_table(${foldedQuery(query)}, ${WORD_SEPARATOR}) with ordinality as q(word, position)
        where word <> '' order by position`,
  );
  // One statement per word, on a constant, so that the trigram index answers it. A word of the
  // vocabulary comes first with similarity 1: it stands for itself.
  return Promise.all(
    words.map(async ({ word }): Promise<WordAlternatives> => {
      const closest =
        word.length < MIN_CORRECTED_LENGTH
          ? []
          : await queryRows<{ word: string; similarity: number }>(
              db,
              sql`select word, similarity(word, ${word}) as similarity from content_words where word % ${word}
                  order by similarity desc, entries desc, word collate "C" limit ${CORRECTIONS_PER_WORD}`,
            );
      const alternatives = closest.map((row) => ({ word: row.word, similarity: Number(row.similarity) }));
      if (alternatives.length === 0 || alternatives[0]?.word === word) return { word, alternatives: [{ word, similarity: 1 }] };
      return { word, alternatives };
    }),
  );
}

/**
 * Whether resembling adds anything to containing: a corrected word, or several words (which
 * containment only finds in the query's order).
 */
export const resemblingWidens = (words: WordAlternatives[]): boolean =>
  words.length > 1 || words.some((entry) => entry.alternatives.some((alternative) => alternative.word !== entry.word));

const wordPattern = (word: string): SQL => sql`${contentEntries.foldedNames} like ${`%${escapeLike(word)}%`}`;

/** The query with each misspelt word replaced by its closest correction, or null when no word is misspelt. */
export function correctedQuery(words: WordAlternatives[]): string | null {
  const corrected = words.map((entry) => entry.alternatives[0]?.word ?? entry.word);
  return corrected.some((word, index) => word !== words[index]?.word) ? corrected.join(" ") : null;
}

/** The names contain every query word, or one of its corrections, in any order. */
export function namesResemble(words: WordAlternatives[]): SQL {
  return and(...words.map((entry) => or(...entry.alternatives.map((alternative) => wordPattern(alternative.word))))) ?? sql`false`;
}

/** How well a resembling name fits: the summed similarity of the alternative each word matched by. */
export function resemblanceFit(words: WordAlternatives[]): SQL<number> {
  const perWord = words.map(
    (entry) =>
      sql`(case ${sql.join(
        entry.alternatives.map((alternative) => sql`when ${wordPattern(alternative.word)} then ${alternative.similarity}::real`),
        sql` `,
      )} else 0 end)`,
  );
  return sql<number>`(${sql.join(perWord, sql` + `)})`;
}

/** What a catalog list's search box keeps: names containing the text, or resembling it. */
export async function nameMatches(db: Database, query: string): Promise<SQL> {
  const words = await spellingAlternatives(db, query);
  return resemblingWidens(words) ? sql`(${namesContain(query)} or ${namesResemble(words)})` : namesContain(query);
}

/** pg_trgm word similarity (0–1) of the text to the names. */
export function nameSimilarity(query: string, names: SQL = sql`${contentEntries.foldedNames}`): SQL<number> {
  return sql<number>`word_similarity(${foldedQuery(query)}, ${names})`;
}

/** A catalog list's "relevance" order: names containing the text first, then the closest. */
export function relevanceOrder(query: string): SQL[] {
  return [sql`(${namesContain(query)}) desc`, sql`${nameSimilarity(query)} desc`];
}

/** 0 exact, 1 prefix, 2 a word starts with it, 3 substring, 4 none; for one folded name. */
export function matchRank(query: string, name: SQL): SQL<number> {
  const pattern = likePattern(query);
  return sql<number>`(case when ${name} = ${foldedQuery(query)} then 0
    when ${name} like ${pattern} || '%' then 1
    when ${name} like '% ' || ${pattern} || '%' then 2
    when ${name} like '%' || ${pattern} || '%' then 3
    else 4 end)`;
}

/** Rebuilds the vocabulary from the entries; runs in the transaction that changes them. */
export async function refreshNameWords(db: Pick<Database, "execute">): Promise<void> {
  await db.execute(sql`delete from content_words`);
  await db.execute(sql`insert into content_words (word, entries)
    select word, count(*)::int from content_entries, regexp_split_to_table(folded_names, ${WORD_SEPARATOR}) as word
    where word <> '' group by word`);
}
