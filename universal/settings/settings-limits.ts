/**
 * The site's settings an admin changes at run time (`/api/admin/settings`), over the environment's
 * defaults: what they are and their bounds. Zod-free, so the admin page's form can read it.
 */
import type { Language } from "../i18n/languages.ts";

export const APP_TITLE_MAX = 80;

/** The API's request buckets, each a number of requests (`max`) per window of `window` seconds. */
export const RATE_BUCKETS = ["write", "query", "search", "view"] as const;
export type RateBucket = (typeof RATE_BUCKETS)[number];

export interface RateRule {
  /** Seconds. */
  window: number;
  max: number;
}

export const RATE_WINDOW_MIN = 1;
export const RATE_WINDOW_MAX = 3_600;
/** Below this a person browsing would be refused: no admin can lock the site (or themselves) out by mistake. */
export const RATE_MAX_MIN = 10;
export const RATE_MAX_MAX = 100_000;

export interface SiteSettings {
  appTitle: string;
  /** Whether new accounts may be made (by email or through a sign-in provider). */
  signUpsOpen: boolean;
  /** The language of a visitor who has not chosen one. */
  defaultLanguage: Language;
  rateLimits: Record<RateBucket, RateRule>;
}
