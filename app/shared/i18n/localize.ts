import type { Language } from "../../../universal/i18n/languages.ts";

/** A content text `{ vi, en }` in the reader's language. */
export function localize(text: { vi: string; en: string } | undefined, language: Language | string): string {
  if (!text) return "";
  return language === "vi" ? text.vi : text.en;
}
