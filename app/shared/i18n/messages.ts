import { fallbackLanguage, type Language } from "../../../universal/i18n/languages.ts";
import { logPageError } from "../page/page-errors.ts";

export type Messages = { [key: string]: string | Messages };
export const namespaces = [
  "common",
  "auth",
  "me",
  "catalog",
  "collections",
  "home",
  "map",
  "world",
  "credits",
  "chat",
  "notifications",
  "moderation",
  "users",
  "feed",
  "guides",
  "offers",
  "reputation",
  "bag",
  "notes",
  "tax",
  "clans",
  "rankings",
  "settings",
  "announcements",
  "dashboard",
  "content",
] as const;
export type Namespace = (typeof namespaces)[number];

type Loader = () => Promise<unknown>;

/**
 * One lazily loaded chunk per language and namespace: only what a page needs is fetched. The server
 * reads every language. A page's own messages come with its data, so the browser only ever fetches
 * the fallback language's (for a key its language lacks): its table, in every page's first load,
 * names those alone. A browser module that needs another language passes its own `loaders`.
 */
const bundled = import.meta.env.SSR
  ? import.meta.glob<{ default: Messages }>("../../../locales/*/*.json")
  : import.meta.glob<{ default: Messages }>("../../../locales/en-US/*.json");

function loaderFor(language: Language, namespace: Namespace, loaders: Record<string, Loader>): Loader | undefined {
  return loaders[`../../../locales/${language}/${namespace}.json`];
}

/**
 * Loads one namespace of one language. A failure is logged and the fallback language's
 * messages are returned instead, so the page still shows text.
 */
export async function loadMessages(
  language: Language,
  namespace: Namespace,
  loaders: Record<string, Loader> = bundled,
): Promise<{ language: Language; messages: Messages }> {
  try {
    const load = loaderFor(language, namespace, loaders);
    if (!load) throw new Error(`No messages for ${language}/${namespace}`);
    const module = (await load()) as { default: Messages };
    return { language, messages: module.default };
  } catch (error) {
    logPageError(`Failed to load messages ${language}/${namespace}`, error);
    if (language === fallbackLanguage) return { language, messages: {} };
    return loadMessages(fallbackLanguage, namespace, loaders);
  }
}
