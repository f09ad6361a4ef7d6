import { languageFromRequest, type Language } from "../../../universal/i18n/languages.ts";
import { loadMessages, type Messages, type Namespace } from "./messages.ts";
import { useTranslation } from "./use-translation.tsx";

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

/**
 * The moderation messages a member's page needs: those of its report dialog (`report`), not the
 * queue's, the audit log's or the member admin's, which only /admin shows (a third of the namespace
 * each, carried in every island that can report).
 */
export async function loadReportMessages(request: Request): Promise<RouteMessages> {
  return pickMessages(await loadRouteMessages(request, "moderation"), ["report"]);
}

/**
 * The payload with only those of `keys` its namespace has: for an island that shows a few of its messages.
 * A key may name a nested part by its path (`queue.actions`), which is kept at the same place.
 */
export function pickMessages(payload: RouteMessages, keys: readonly string[]): RouteMessages {
  const messages: Messages = {};
  for (const key of keys) {
    const path = key.split(".");
    let message: string | Messages | undefined = payload.messages;
    for (const part of path) message = typeof message === "object" ? message[part] : undefined;
    if (message === undefined) continue;
    let target = messages;
    for (const part of path.slice(0, -1)) {
      const next = target[part];
      target = typeof next === "object" ? next : (target[part] = {});
    }
    target[path.at(-1)!] = message;
  }
  return { ...payload, messages };
}

/**
 * Adds a page's namespace to the page's translator and returns its `t`. Same on the server and
 * in the browser, so hydration matches.
 */
export function useRouteMessages(payload: RouteMessages) {
  const translation = useTranslation(payload.namespace);
  if (translation.i18n.language === payload.language) translation.i18n.add(payload.namespace, payload.messages);
  return translation;
}
