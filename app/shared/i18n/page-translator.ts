import type { Language } from "../../../universal/i18n/languages.ts";
import type { Messages, Namespace } from "./messages.ts";
import { Translator } from "./translator.ts";

export interface I18nPayload {
  language: Language;
  /** The active language's messages, by namespace (sent with the page; the fallback is not). */
  resources: Partial<Record<Namespace, Messages>>;
}

const translators = new WeakMap<object, Translator>();

/**
 * The translator for the messages a page was rendered with. Message objects are module-level
 * singletons on the server and stable loader data in the browser, so one translator serves them all.
 */
export function translatorFor(payload: I18nPayload): Translator {
  const key = payload.resources.common ?? payload;
  let translator = translators.get(key);
  if (!translator || translator.language !== payload.language) {
    translator = new Translator(payload.language, payload.resources);
    translators.set(key, translator);
  }
  return translator;
}
