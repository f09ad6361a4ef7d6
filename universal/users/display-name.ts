/**
 * Display names that cannot impersonate: no control characters, no invisible formatting (bidi
 * overrides and isolates, zero-width spaces and joiners, soft hyphens, line and paragraph separators,
 * blank look-alikes of letters), no space but the plain one, and once normalised (NFC, runs of spaces
 * as one) 1 to 40 characters. Emoji sequences stay: the zero-width joiner between two emoji (👩‍💻),
 * a variation selector after an emoji (❤️) and the tag characters of a subdivision flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿).
 * The client checks with the same rule the server applies.
 */
export const DISPLAY_NAME_MAX = 40;

const ZWJ = "\u200D";
/** A whole emoji tag sequence: the black flag, tag letters, the cancel tag (🏴󠁧󠁢󠁳󠁣󠁴󠁿). */
const TAG_SEQUENCE = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const EMOJI = /\p{Emoji}/u;
/** What an emoji's own modifiers are: the emoji variation selector and the skin tones. */
const EMOJI_MODIFIER = /^(?:\u{FE0F}|[\u{1F3FB}-\u{1F3FF}])$/u;
/**
 * Never in a name: controls (Cc), formatting (Cf: bidi marks, overrides and isolates, zero-width
 * space, joiners, word joiner, BOM, soft hyphen, tags), line and paragraph separators, the variation
 * selectors, the combining grapheme joiner, and letters that render blank (Hangul fillers, the blank
 * braille pattern).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u{FE00}-\u{FE0F}\u{E0100}-\u{E01EF}\u034F\u115F\u1160\u3164\uFFA0\u2800]/u;
/** Spaces other than U+0020 (no-break, ideographic, en, em…): one name would look like another. */
const OTHER_SPACE = /(?! )\p{Zs}/u;

/** The name as stored: NFC, spaces collapsed, trimmed. */
export function normalizeDisplayName(name: string): string {
  return name.normalize("NFC").replace(/ {2,}/g, " ").trim();
}

/** Each code point of the name, with whether it may stay (emoji sequences keep their joiners). */
function codePoints(name: string): { char: string; allowed: boolean }[] {
  const chars = Array.from(name.replace(TAG_SEQUENCE, (sequence) => `\u{1F3F4}${"\0".repeat(Array.from(sequence).length - 1)}`));
  const original = Array.from(name);
  return chars.map((char, index) => {
    const source = original[index] ?? char;
    // The tag characters of a whole flag sequence (masked as NUL above) stay.
    if (char === "\0" && source !== "\0") return { char: source, allowed: true };
    if (char === ZWJ) {
      let before = index - 1;
      while (before >= 0 && EMOJI_MODIFIER.test(chars[before] ?? "")) before--;
      const allowed = PICTOGRAPHIC.test(chars[before] ?? "") && PICTOGRAPHIC.test(chars[index + 1] ?? "");
      return { char, allowed };
    }
    if (char === "\u{FE0F}" || char === "\u{FE0E}") return { char, allowed: EMOJI.test(chars[index - 1] ?? "") };
    return { char, allowed: !INVISIBLE.test(char) && !OTHER_SPACE.test(char) };
  });
}

/** The first character a display name may not hold, or null when it has none. */
export function forbiddenNameCharacter(name: string): string | null {
  return codePoints(name).find((point) => !point.allowed)?.char ?? null;
}

/** Why a display name is refused: `length` (blank or longer than 40) or `characters`; null when it is fine. */
export function displayNameProblem(name: string): "length" | "characters" | null {
  if (forbiddenNameCharacter(name) !== null) return "characters";
  const normalized = normalizeDisplayName(name);
  return normalized.length < 1 || normalized.length > DISPLAY_NAME_MAX ? "length" : null;
}

/**
 * A name from elsewhere (an identity provider) made acceptable instead of refused, so a sign-in never
 * fails on it: the forbidden characters left out, other spaces made plain, cut to 40 characters
 * (whole code points), and `fallback` when nothing is left.
 */
export function cleanDisplayName(name: string, fallback: string): string {
  const kept = codePoints(name.normalize("NFC"))
    .map((point) => (point.allowed ? point.char : OTHER_SPACE.test(point.char) ? " " : ""))
    .join("");
  let cleaned = normalizeDisplayName(kept);
  while (cleaned.length > DISPLAY_NAME_MAX) cleaned = Array.from(cleaned).slice(0, -1).join("").trimEnd();
  return cleaned || fallback;
}
