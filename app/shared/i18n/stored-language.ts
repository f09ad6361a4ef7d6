import { isLanguage, LANGUAGE_STORAGE_KEY, localeCookie, type Language } from "../../../universal/i18n/languages.ts";

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Remembers the interface language: in localStorage and in the locale cookie the server reads. */
export function remember(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be disabled (private mode); the cookie still carries the choice.
  }
  document.cookie = localeCookie(language, location.protocol === "https:");
}

/**
 * The stored `lang` wins. If it differs from what the server rendered (`rendered`), it is
 * remembered again (which sets the cookie) and `refresh` shows the page in it; if nothing is stored yet,
 * what is shown is stored. Plain DOM: an islands document runs it without React (decision 038).
 */
export function syncStoredLanguage(rendered: Language, refresh: () => void): void {
  const stored = readStoredLanguage();
  if (isLanguage(stored)) {
    if (stored !== rendered) {
      remember(stored);
      refresh();
    }
  } else {
    remember(rendered);
  }
}
