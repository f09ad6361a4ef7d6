import { useCallback, useEffect } from "react";
import { usePageRefresh } from "../islands/use-page-refresh.ts";
import { isLanguage, LANGUAGE_STORAGE_KEY, localeCookie, type Language } from "../../../universal/i18n/languages.ts";

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function remember(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be disabled (private mode); the cookie still carries the choice.
  }
  document.cookie = localeCookie(language, location.protocol === "https:");
}

/** Switches the interface language: remembered in localStorage and the locale cookie, then re-rendered by the server's messages. */
export function useSwitchLanguage(): (language: Language) => Promise<void> {
  const refresh = usePageRefresh();
  return useCallback(
    async (language: Language) => {
      remember(language);
      await refresh();
    },
    [refresh],
  );
}

/**
 * Spec §1/§9: the stored `lang` wins. If it differs from what the server rendered, switch to it
 * (which also sets the cookie); if nothing is stored yet, store what is shown.
 */
export function useLanguageSync(rendered: Language): void {
  const refresh = usePageRefresh({ automatic: true });
  useEffect(() => {
    const stored = readStoredLanguage();
    if (isLanguage(stored)) {
      if (stored !== rendered) {
        remember(stored);
        void refresh();
      }
    } else {
      remember(rendered);
    }
    // Only on start-up: later changes go through the language switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
