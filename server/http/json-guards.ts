/**
 * What the edge refuses before a body or URL reaches code that would fail on it with a 500:
 * characters PostgreSQL cannot store (U+0000 in text and jsonb, an unpaired surrogate in jsonb),
 * and nesting deeper than any body we take, which recursive code (better-auth merges bodies with
 * `defu`) runs out of stack on.
 */
const NUL = "\u0000";

/** No body of ours or better-auth's nests deeper than a few levels. */
export const JSON_DEPTH_MAX = 32;

/** The `\u` escapes JSON writes U+0000 and surrogates with: it has no other way to carry them. */
const SUSPECT_ESCAPE = /\\u(0000|[dD][89a-fA-F])/;

const unstorable = (text: string) => text.includes(NUL) || !text.isWellFormed();

/** Whether JSON text holds U+0000 or an unpaired surrogate in a key or a string. */
export function jsonHoldsUnstorable(text: string): boolean {
  if (!SUSPECT_ESCAPE.test(text)) return false;
  let found = false;
  try {
    JSON.parse(text, (key, value: unknown) => {
      if (unstorable(key) || (typeof value === "string" && unstorable(value))) found = true;
      return value;
    });
  } catch {
    // Not JSON, or nested too deep to revive: no body we take is either, so it is refused too.
    return true;
  }
  return found;
}

/** Whether a URL's path or query string holds U+0000 (`%00`: a URL cannot carry it raw). */
export function urlHoldsNul(url: string): boolean {
  return /%00/.test(url);
}

/** Whether JSON text nests arrays and objects deeper than `max`, counted without parsing (so without recursion). */
export function jsonDeeperThan(text: string, max = JSON_DEPTH_MAX): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === "\\") index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{" || char === "[") {
      if (++depth > max) return true;
    } else if (char === "}" || char === "]") depth--;
  }
  return false;
}
