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
 * the closest words of the vocabulary. Candidates are the word's one-edit spellings found through the
 * vocabulary's primary key (short Vietnamese syllables: "khein" for "khien", "sta" for "sat", whose
 * trigrams share too little) and the words alike in trigrams (pg_trgm `%`, threshold
 * `pg_trgm.similarity_threshold`, set by db/client.ts); they are ranked by Damerau–Levenshtein
 * distance (at most one edit up to five letters, two beyond; a swap of neighbours costs less), then
 * by how many names hold them. A name then resembles the query when it contains every query word or
 * one of its corrections, in any order. Its cost follows the vocabulary, not the catalog.
 *
 * A word of the vocabulary may be a typo too ("ngua nua" for "ngua nau"): its lookalikes are tried
 * only when no name holds the query's words as typed.
 */
import { and, or, sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client.ts";
import { contentEntries } from "../../db/schema/index.ts";
import { foldedQuery, likePattern } from "../../db/folding.ts";

/** How names and queries are cut into words, after folding (folded text is plain ASCII). */
const WORD_SEPARATOR = "[^a-z0-9]+";
/** Shorter words are likely a word being typed: they are matched as they are, not corrected. */
const MIN_CORRECTED_LENGTH = 3;
/** Closest vocabulary words tried for a misspelt query word. */
const CORRECTIONS_PER_WORD = 3;
/**
 * The query words resemblance looks at, as many as the longest names have (a guide's title: 10).
 * Each costs a statement and a `like` per name: past this, words are left out, which can only
 * widen what resembles (the literal tiers still take the whole text). Measured on 100,000 names
 * (PGlite, busy host): searching 25 four-letter words took 450 ms, with this limit 90 ms.
 */
const MAX_QUERY_WORDS = 10;

/** The names contain the text (after folding). */
export function namesContain(query: string): SQL {
  return sql`${contentEntries.foldedNames} like '%' || ${likePattern(query)} || '%'`;
}

/** A name (in either language) starts with the text: the prefix indexes on `folded_vi` and `folded_en` serve it. */
export function namesStartWith(query: string): SQL {
  const pattern = likePattern(query);
  return sql`(${contentEntries.foldedVi} like ${pattern} || '%' or ${contentEntries.foldedEn} like ${pattern} || '%')`;
}

/** A word the query word may stand for, and how close it is (1: the word itself). */
export interface Alternative {
  word: string;
  /** 1 for the word itself; 1 / (1 + cost) for a correction within reach (above 0.3); below 0.3 otherwise. */
  closeness: number;
}

/** One query word and what it may stand for: itself, or the vocabulary words closest to it. */
export interface WordAlternatives {
  word: string;
  /** Folded words, closest first. */
  alternatives: Alternative[];
  /**
   * For a word of the vocabulary: the other vocabulary words within `maxEdits` of it, closest first
   * ("nua" for "nau"). Tried only when the words as typed find nothing together (`lookalikesWiden`).
   */
  lookalikes: Alternative[];
}

/** Edits a correction may take: one for a word of up to five letters (most Vietnamese syllables), two beyond. */
export const maxEdits = (word: string): number => (word.length <= 5 ? 1 : 2);

/** Words longer than this are corrected through trigrams only (their one-edit spellings are many). */
const MAX_SPELLED_LENGTH = 20;
const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";

/**
 * Every string one edit from the word (deletion, transposition of neighbours, substitution,
 * insertion) over the folded alphabet: about 60 per letter, looked up by the vocabulary's primary key.
 */
export function oneEditSpellings(word: string): Set<string> {
  const alphabet = /[0-9]/.test(word) ? LETTERS + DIGITS : LETTERS;
  const spellings = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    for (const char of alphabet) spellings.add(head + char + tail);
    if (i === word.length) break;
    spellings.add(head + word.slice(i + 1));
    for (const char of alphabet) if (char !== word[i]) spellings.add(head + char + word.slice(i + 1));
    if (i + 1 < word.length) spellings.add(head + word[i + 1] + word[i] + word.slice(i + 2));
  }
  spellings.delete(word);
  return spellings;
}

/**
 * Damerau–Levenshtein distance (optimal string alignment: no substring edited twice) with a
 * transposition costing `transposition`: 1 counts edits; less ranks a swap of two neighbouring
 * letters ("khein", "nua" for "nau") above other edits, as it keeps every letter typed.
 */
export function editDistance(a: string, b: string, transposition = 1): number {
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const same = a[i - 1] === b[j - 1];
      let cost = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (same ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1] && !same)
        cost = Math.min(cost, (before[j - 2] ?? 0) + transposition);
      current.push(cost);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** What a transposition costs when corrections are ranked (an edit otherwise costs 1). */
const TRANSPOSITION_COST = 0.5;

interface Candidate {
  word: string;
  entries: number;
  similarity: number;
}

/**
 * The vocabulary words a query word may be a misspelling of, closest first: those within
 * `maxEdits` (ranked by edit cost), then other words the trigrams find alike (by similarity);
 * the more frequent word first on a tie.
 */
function rankCorrections(word: string, candidates: Candidate[]): Alternative[] {
  const limit = maxEdits(word);
  return candidates
    .filter((candidate) => candidate.word !== word)
    .map((candidate) => {
      const reachable = editDistance(word, candidate.word) <= limit;
      const cost = reachable ? editDistance(word, candidate.word, TRANSPOSITION_COST) : limit + 2 - candidate.similarity;
      return { ...candidate, cost, closeness: reachable ? 1 / (1 + cost) : 0.3 * candidate.similarity };
    })
    .sort((a, b) => a.cost - b.cost || b.entries - a.entries || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
    .slice(0, CORRECTIONS_PER_WORD)
    .map(({ word: corrected, closeness }) => ({ word: corrected, closeness: Math.round(closeness * 1000) / 1000 }));
}

/**
 * The query's words, each with its alternatives: a word of the vocabulary or a short word stands
 * for itself, another word for its closest vocabulary words (or itself when none is close).
 */
export async function spellingAlternatives(db: Database, query: string): Promise<WordAlternatives[]> {
  const words = await queryRows<{ word: string }>(
    db,
    sql`select word from regexp_split_to_table(${foldedQuery(query)}, ${WORD_SEPARATOR}) with ordinality as q(word, position)
        where word <> '' order by position limit ${MAX_QUERY_WORDS}`,
  );
  // One statement per word, on constants, so that the indexes answer it: the primary key for the
  // word itself and its one-edit spellings, the trigram index for words alike (longer words' other
  // misspellings, and words being typed: "lante" for "lantern"). Folded words are [a-z0-9] only,
  // so a comma joins the spellings safely.
  return Promise.all(
    words.map(async ({ word }): Promise<WordAlternatives> => {
      const itself = { word, alternatives: [{ word, closeness: 1 }], lookalikes: [] };
      if (word.length < MIN_CORRECTED_LENGTH) return itself;
      const spellings = word.length <= MAX_SPELLED_LENGTH ? [word, ...oneEditSpellings(word)] : [word];
      const candidates = await queryRows<Candidate>(
        db,
        sql`select word, entries, similarity(word, ${word}) as similarity from content_words
            where word = any(string_to_array(${spellings.join(",")}, ',')) or word % ${word}`,
      );
      const corrections = rankCorrections(
        word,
        candidates.map((row) => ({ word: row.word, entries: Number(row.entries), similarity: Number(row.similarity) })),
      );
      if (candidates.some((candidate) => candidate.word === word))
        return { ...itself, lookalikes: corrections.filter((alternative) => alternative.closeness > 0.3) };
      return corrections.length > 0 ? { word, alternatives: corrections, lookalikes: [] } : itself;
    }),
  );
}

/**
 * Whether the words' lookalikes may be tried: several words, one of which has lookalikes (a lone
 * word of the vocabulary always finds its names).
 */
export const lookalikesWiden = (words: WordAlternatives[]): boolean =>
  words.length > 1 && words.some((entry) => entry.lookalikes.length > 0);

/**
 * The words with each word's lookalikes added after it, for when the words as typed find nothing
 * together; a lookalike that is another word of the query is left out ("nua" for "ngua" in "ngua nua").
 */
export function withLookalikes(words: WordAlternatives[]): WordAlternatives[] {
  const typed = new Set(words.map((entry) => entry.word));
  return words.map((entry) => ({
    word: entry.word,
    alternatives: [...entry.alternatives, ...entry.lookalikes.filter((lookalike) => !typed.has(lookalike.word))],
    lookalikes: [],
  }));
}

/**
 * Whether resembling adds anything to containing: a corrected word, or several words (which
 * containment only finds in the query's order).
 */
export const resemblingWidens = (words: WordAlternatives[]): boolean =>
  words.length > 1 || words.some((entry) => entry.alternatives.some((alternative) => alternative.word !== entry.word));

/** `like`'s wildcards escaped in text already folded (the words come out of the folding). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
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

/** How well a resembling name fits: the summed closeness of the alternative each word matched by. */
export function resemblanceFit(words: WordAlternatives[]): SQL<number> {
  const perWord = words.map(
    (entry) =>
      sql`(case ${sql.join(
        entry.alternatives.map((alternative) => sql`when ${wordPattern(alternative.word)} then ${alternative.closeness}::real`),
        sql` `,
      )} else 0 end)`,
  );
  return sql<number>`(${sql.join(perWord, sql` + `)})`;
}

/**
 * What a catalog list's search box keeps: names containing the text, or resembling it; when no
 * name of any kind resembles the words as typed, names resembling them with their lookalikes.
 */
export async function nameMatches(db: Database, query: string): Promise<SQL> {
  const words = await spellingAlternatives(db, query);
  const matches = resemblingWidens(words) ? sql`(${namesContain(query)} or ${namesResemble(words)})` : namesContain(query);
  if (!lookalikesWiden(words)) return matches;
  const [found] = await queryRows<{ found: boolean }>(db, sql`select exists (select 1 from ${contentEntries} where ${matches}) as found`);
  return found?.found ? matches : sql`(${namesContain(query)} or ${namesResemble(withLookalikes(words))})`;
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

/**
 * Rebuilds the vocabulary from the entries; runs in the transaction that changes them (or, for a
 * pack staged whole, into the staged tables: `tables`).
 */
export async function refreshNameWords(
  db: Pick<Database, "execute">,
  tables: { entries: string; words: string } = { entries: "content_entries", words: "content_words" },
): Promise<void> {
  await db.execute(sql`delete from ${sql.identifier(tables.words)}`);
  await db.execute(sql`insert into ${sql.identifier(tables.words)} (word, entries)
    select word, count(*)::int from ${sql.identifier(tables.entries)}, regexp_split_to_table(folded_names, ${WORD_SEPARATOR}) as word
    where word <> '' group by word`);
}
