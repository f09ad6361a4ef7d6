import type { Language } from "../../../universal/i18n/languages.ts";

/**
 * The plural category of `count` (`key_one`, `key_other`), as `Intl.PluralRules` says for our two
 * languages, without ICU (decision 022): Vietnamese has one form. A module of its own, so that the
 * translator, on every page, does not bring the formatters into the shared chunk.
 */
export function pluralCategory(language: Language, count: number): "one" | "other" {
  return language === "en-US" && Math.abs(count) === 1 ? "one" : "other";
}
