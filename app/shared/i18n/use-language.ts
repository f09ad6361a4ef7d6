import { useCallback, useEffect } from "react";
import { usePageRefresh } from "../islands/use-page-refresh.ts";
import type { Language } from "../../../universal/i18n/languages.ts";
import { remember, syncStoredLanguage } from "./stored-language.ts";

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
 * The stored `lang` wins. If it differs from what the server rendered, switch to it
 * (which also sets the cookie); if nothing is stored yet, store what is shown.
 */
export function useLanguageSync(rendered: Language): void {
  const refresh = usePageRefresh({ automatic: true });
  useEffect(() => {
    syncStoredLanguage(rendered, () => void refresh());
    // Only on start-up: later changes go through the language switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
