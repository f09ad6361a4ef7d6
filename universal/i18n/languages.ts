/** The interface languages: Vietnamese first, en-US as the translation fallback. */
export const languages = ["vi", "en-US"] as const;
export type Language = (typeof languages)[number];

export const defaultLanguage: Language = "vi";

/**
 * The site's default language: `defaultLanguage` unless an admin chose another (the server's settings
 * set it in each process, server/settings/site-settings.ts). A visitor who chose none gets it.
 */
let siteDefault: Language = defaultLanguage;
export function siteDefaultLanguage(): Language {
  return siteDefault;
}
export function setSiteDefaultLanguage(language: Language): void {
  siteDefault = language;
}
export const fallbackLanguage: Language = "en-US";

/** localStorage key holding the chosen language (`lang`). */
export const LANGUAGE_STORAGE_KEY = "lang";
/** Cookie that lets the server render the chosen language (365 days, path /, SameSite lax). */
export const LOCALE_COOKIE = "locale";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

export function localeCookie(language: Language, secure: boolean): string {
  const parts = [`${LOCALE_COOKIE}=${language}`, "Path=/", `Max-Age=${LOCALE_COOKIE_MAX_AGE}`, "SameSite=Lax"];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/** The language a request asks for through the locale cookie; the site's default when absent or unknown. */
export function languageFromCookieHeader(cookieHeader: string | null | undefined): Language {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === LOCALE_COOKIE) {
      const value = decodeURIComponent(rest.join("="));
      if (isLanguage(value)) return value;
    }
  }
  return siteDefault;
}

/** The query parameter that names a page's language in shared links, sitemaps and `hreflang` alternates. */
export const LANGUAGE_PARAM = "lang";

/** A request's language: `?lang=` (a link to one language's version of a page) wins over the locale cookie. */
export function languageFromRequest(request: Request): Language {
  const requested = new URL(request.url).searchParams.get(LANGUAGE_PARAM);
  return isLanguage(requested) ? requested : languageFromCookieHeader(request.headers.get("cookie"));
}
