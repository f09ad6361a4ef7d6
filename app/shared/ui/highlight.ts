/**
 * Diacritic-insensitive highlighting: where a search query occurs in a name, as the search itself
 * matches ("giap" finds "Giáp", "dao" finds "Đao"). Both texts are folded (NFD, combining marks
 * stripped, lower case, đ → d) and the folded match is mapped back onto the original string, so the
 * highlighted part is the user's own spelling of the name, accents included.
 */

/** One piece of a highlighted text: `match` pieces go in a <mark>. */
export interface HighlightPart {
  text: string;
  match: boolean;
}

/** Folds one character (a code point) for matching; combining marks fold to "". */
export function foldText(text: string): string {
  return text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "").replace(/đ/g, "d");
}

interface Folded {
  text: string;
  /** For each UTF-16 unit of the folded text, the index in the original where its character starts. */
  starts: number[];
  /** For each UTF-16 unit of the folded text, the index in the original where its character ends. */
  ends: number[];
}

function foldWithMap(original: string): Folded {
  let text = "";
  const starts: number[] = [];
  const ends: number[] = [];
  let index = 0;
  for (const char of original) {
    const folded = foldText(char);
    const end = index + char.length;
    for (let unit = 0; unit < folded.length; unit += 1) {
      starts.push(index);
      ends.push(end);
    }
    // A lone combining mark (a name not in NFC) folds to nothing: it belongs to the character before it.
    if (folded.length === 0 && ends.length > 0) ends[ends.length - 1] = end;
    text += folded;
    index = end;
  }
  return { text, starts, ends };
}

const isWordStart = (text: string, at: number) => at === 0 || /[\s\-–—(/,.:]/.test(text[at - 1] ?? "");

/** The folded index of `needle` in `haystack`: the first occurrence at a word start, else the first. */
function findFolded(haystack: string, needle: string): number {
  let first = -1;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    if (isWordStart(haystack, at)) return at;
    if (first === -1) first = at;
  }
  return first;
}

/**
 * The ranges `[start, end)` of `text` to highlight for `query`: the whole query where it occurs,
 * otherwise each of its words that occurs (a query like "giap lan" over "Giáp Ngực Thiết Lân").
 * Ranges are sorted and do not overlap; none when nothing matches.
 */
export function highlightRanges(text: string, query: string): Array<[number, number]> {
  const folded = foldWithMap(text);
  const needle = foldText(query.normalize("NFC")).trim().replace(/\s+/g, " ");
  if (needle.length === 0 || folded.text.length === 0) return [];

  const toOriginal = (at: number, length: number): [number, number] => [
    folded.starts[at] ?? 0,
    folded.ends[at + length - 1] ?? text.length,
  ];

  const whole = findFolded(folded.text, needle);
  if (whole !== -1) return [toOriginal(whole, needle.length)];

  const ranges: Array<[number, number]> = [];
  for (const word of new Set(needle.split(" "))) {
    const at = findFolded(folded.text, word);
    if (at !== -1) ranges.push(toOriginal(at, word.length));
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

/** `text` cut into plain and matched parts for `query` (one plain part when nothing matches). */
export function highlightParts(text: string, query: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let cursor = 0;
  for (const [start, end] of highlightRanges(text, query)) {
    if (start > cursor) parts.push({ text: text.slice(cursor, start), match: false });
    parts.push({ text: text.slice(start, end), match: true });
    cursor = end;
  }
  if (cursor < text.length || parts.length === 0) parts.push({ text: text.slice(cursor), match: false });
  return parts;
}
