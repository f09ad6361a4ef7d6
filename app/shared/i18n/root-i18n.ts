import type { i18n as I18n } from "i18next";
import { createI18n, type I18nPayload } from "./create-i18n.ts";

const instances = new WeakMap<object, I18n>();

/**
 * The i18next instance for the messages a page was rendered with. Message objects are module-level
 * singletons on the server and stable loader data in the browser, so one instance serves them all.
 */
export function i18nFor(payload: I18nPayload): I18n {
  const key = payload.resources.common ?? payload;
  let instance = instances.get(key);
  if (!instance || instance.language !== payload.language) {
    instance = createI18n(payload);
    instances.set(key, instance);
  }
  return instance;
}
