import { createInstance, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { fallbackLanguage, type Language } from "./languages.ts";
import { loadMessages, type Messages, type Namespace } from "./messages.ts";

export interface I18nPayload {
  language: Language;
  /** The active language's messages, by namespace (sent with the page; the fallback is not). */
  resources: Partial<Record<Namespace, Messages>>;
}

/**
 * One i18next instance for a page render, built synchronously from the messages the server sent,
 * so the server and the browser render the same text. A key missing from the active language
 * makes the browser fetch the en-US fallback for that namespace.
 */
export function createI18n(payload: I18nPayload): I18n {
  const instance = createInstance();
  const fetched = new Set<string>();
  void instance.use(initReactI18next).init({
    lng: payload.language,
    fallbackLng: fallbackLanguage,
    supportedLngs: ["vi", "en-US"],
    ns: Object.keys(payload.resources),
    defaultNS: "common",
    resources: { [payload.language]: payload.resources },
    partialBundledLanguages: true,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false, bindI18nStore: "added" },
    saveMissing: typeof document !== "undefined",
    missingKeyHandler: (_languages, namespace) => {
      const key = `${fallbackLanguage}/${namespace}`;
      if (fetched.has(key) || instance.hasResourceBundle(fallbackLanguage, namespace)) return;
      fetched.add(key);
      void loadMessages(fallbackLanguage, namespace as Namespace).then(({ messages }) => {
        instance.addResourceBundle(fallbackLanguage, namespace, messages, true, false);
      });
    },
  });
  return instance;
}
