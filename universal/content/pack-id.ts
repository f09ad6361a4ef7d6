/**
 * What an id of the content pack looks like (`iron-sword`): lower-case words joined by single
 * hyphens, at most `PACK_ID_MAX` characters. Without Zod, so a page's own code can check an id
 * (the bag's CSV import) without carrying the schema library.
 */
export const ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The longest pack id a request may name: no entry's id comes near, and the pages' `?id=` takes no longer. */
export const PACK_ID_MAX = 80;

/** Whether `text` could be an id of the content pack (before looking it up). */
export const isPackId = (text: string): boolean => text.length <= PACK_ID_MAX && ID_PATTERN.test(text);
