/**
 * The request pieces every feature's schemas share, written once: the sender's id for a write, an id
 * of the content pack, and trimmed text within a length. Feature schemas import these; a feature
 * never imports another feature's schemas for them.
 */
import { z } from "zod";
import { ID_PATTERN, PACK_ID_MAX } from "./content/pack-id.ts";

export { isPackId, PACK_ID_MAX } from "./content/pack-id.ts";

/** The longest search text any search takes: no name is longer, and every character costs folding and matching. */
export const SEARCH_TEXT_MAX = 100;

/**
 * Search text (`q`) from a query string: trimmed, at most SEARCH_TEXT_MAX characters, without control
 * characters (PostgreSQL text cannot hold NUL; no name holds the others).
 */
export const searchText = z
  .string()
  .trim()
  .max(SEARCH_TEXT_MAX, `q: at most ${SEARCH_TEXT_MAX} characters`)
  .regex(/^\P{Cc}*$/u, "q: no control characters");

/** Account ids as better-auth makes them (letters, digits, `-`, `_`). */
export const uidSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "not an account id");

/** The sender's own id for a write: the same id again is the same write (a message, a post…), never a second one. */
export const clientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "8 to 64 letters, digits, - or _");

/**
 * An id of the content pack (`iron-sword`), by the pack format's own pattern. `message` is the
 * refusal's text, which names the field (`itemId: an item id like iron-sword`).
 */
export const packIdSchema = (message = "a pack id like iron-sword") =>
  z.string(message).max(PACK_ID_MAX, message).regex(ID_PATTERN, message);

/**
 * Text trimmed and held to `max` characters, at least `min` (1 unless said) after trimming; `what`
 * begins each refusal (`title: at most 120 characters`, `title needs some text`). Text over twice
 * `max` is refused before it is trimmed. `lineEnds` writes `\r\n` and `\r` as `\n` (texts of several lines).
 */
export function boundedText(max: number, what: string, { min = 1, lineEnds = false }: { min?: number; lineEnds?: boolean } = {}) {
  return z
    .string()
    .max(max * 2, `${what}: at most ${max} characters`)
    .transform((value) => (lineEnds ? value.replace(/\r\n?/g, "\n") : value).trim())
    .pipe(z.string().min(min, `${what} needs some text`).max(max, `${what}: at most ${max} characters`));
}
