import { z } from "zod";

/** The longest search text any search takes: no name is longer, and every character costs folding and matching. */
export const SEARCH_TEXT_MAX = 100;

/**
 * Search text from a query string: trimmed, at most SEARCH_TEXT_MAX characters, without control
 * characters (PostgreSQL text cannot hold NUL; no name holds the others).
 */
export const searchText = z
  .string()
  .trim()
  .max(SEARCH_TEXT_MAX)
  .regex(/^\P{Cc}*$/u);
