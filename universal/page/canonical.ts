/**
 * Canonical URLs and `hreflang` alternates. The language lives in a cookie, so each language's
 * version of a page has its own address for search engines and shared links: the default
 * language's plain URL, and `?lang=en-US` for English. Only the entry `id` survives in a
 * canonical URL; filters and calculators are views of the same page.
 */
import { LANGUAGE_PARAM, languages, siteDefaultLanguage, type Language } from "../i18n/languages.ts";

export function canonicalUrl(origin: string, pathWithQuery: string, language: Language): string {
  const url = new URL(pathWithQuery, origin);
  const canonical = new URL(url.pathname, origin);
  const id = url.searchParams.get("id");
  if (id) canonical.searchParams.set("id", id);
  if (language !== siteDefaultLanguage()) canonical.searchParams.set(LANGUAGE_PARAM, language);
  return canonical.href;
}

export function alternateUrls(origin: string, pathWithQuery: string): { hrefLang: string; href: string }[] {
  return [
    ...languages.map((language) => ({ hrefLang: language, href: canonicalUrl(origin, pathWithQuery, language) })),
    { hrefLang: "x-default", href: canonicalUrl(origin, pathWithQuery, siteDefaultLanguage()) },
  ];
}
