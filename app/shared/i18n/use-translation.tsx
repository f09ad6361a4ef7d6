import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { fallbackLanguage } from "../../../universal/i18n/languages.ts";
import type { Namespace } from "./messages.ts";
import { Translator, type TFunction } from "./translator.ts";

const TranslatorContext = createContext<Translator | null>(null);

export function TranslationProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <TranslatorContext value={translator}>{children}</TranslatorContext>;
}

/** What a component outside any page sees (an error before the root loader ran): keys, not text. */
const noMessages = new Translator(fallbackLanguage, {});

/**
 * The page's `t` for one namespace (`common` by default) and the translator (`i18n.language`).
 * A component re-renders only when fallback messages it may be missing arrive. `ready` is false
 * outside a page's provider, where `t` can only return keys.
 */
export function useTranslation(namespace: Namespace = "common"): { t: TFunction; i18n: Translator; ready: boolean } {
  const provided = useContext(TranslatorContext);
  const translator = provided ?? noMessages;
  const version = useSyncExternalStore(translator.subscribe, translator.version, translator.version);
  const t = useMemo<TFunction>(
    () => translator.bind(namespace),
    // `version` is a dependency on purpose: a new `t` re-renders memoised children once fallback messages arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [translator, namespace, version],
  );
  return { t, i18n: translator, ready: provided !== null };
}
