import { useTranslation } from "react-i18next";
import { languageFromRequest, type Language } from "./languages.ts";
import { loadMessages, type Messages, type Namespace } from "./messages.ts";

/** A page's own namespace of messages, loaded by its loader in the request's language. */
export interface RouteMessages {
  language: Language;
  namespace: Namespace;
  messages: Messages;
}

export async function loadRouteMessages(request: Request, namespace: Namespace): Promise<RouteMessages> {
  const { language, messages } = await loadMessages(languageFromRequest(request), namespace);
  return { language, namespace, messages };
}

interface SilentStore {
  addResourceBundle(
    language: string,
    namespace: string,
    messages: Messages,
    deep: boolean,
    overwrite: boolean,
    options: { silent: boolean },
  ): void;
}

/**
 * Adds a page's namespace to the page's i18next instance (silently: nothing else needs to
 * re-render) and returns its `t`. Same on the server and in the browser, so hydration matches.
 */
export function useRouteMessages(payload: RouteMessages) {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle(payload.language, payload.namespace)) {
    // The store's own method takes `silent`; i18next's typings omit it.
    const store = i18n.store as unknown as SilentStore;
    store.addResourceBundle(payload.language, payload.namespace, payload.messages, true, true, { silent: true });
  }
  return useTranslation(payload.namespace);
}
