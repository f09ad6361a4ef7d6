/**
 * Diacritic- and case-insensitive matching in SQL ("giap" finds "Giáp", "tuan" finds "Tuấn"): the
 * user's text folded as stored names are folded (`f_unaccent(lower(…))`, migration 0000), and as a
 * `like` pattern. Every feature that searches names uses these.
 */
import { sql, type SQL } from "drizzle-orm";

/** The user's text folded as the names are. The planner folds this constant once per statement. */
export const foldedQuery = (query: string): SQL => sql`f_unaccent(lower(${query.normalize("NFC")}))`;

/**
 * The text folded as the names are, with `like`'s wildcards (`%`, `_` and the escape `\`) escaped:
 * a pattern's literal part. Escaped after folding, in the same expression, because folding makes
 * wildcards of look-alikes (`％ ＿ ＼ ∖ ﹪ ﹨` fold to `% _ \`): escaped before, `％` would match
 * every name. Still a constant the planner folds once, so the indexes serve the pattern.
 */
export const likePattern = (query: string): SQL =>
  sql`replace(replace(replace(${foldedQuery(query)}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
