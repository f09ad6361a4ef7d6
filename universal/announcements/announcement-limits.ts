/** The team's announcements (issue 44): their bounds and what a page shows of one. Zod-free, for the banner. */

/** An announcement's text in each language, at most this many characters. */
export const ANNOUNCEMENT_TEXT_MAX = 280;
/** At most this many announcements not yet ended at once (the banners a page may show). */
export const ANNOUNCEMENTS_OPEN_MAX = 10;
/** The longest an announcement may run. */
export const ANNOUNCEMENT_DAYS_MAX = 90;
/** Members notified a batch, by the job. */
export const ANNOUNCEMENT_BATCH = 200;

/** What a page shows of an announcement running now: its text in the page's language. */
export interface Banner {
  id: number;
  text: string;
}

/** The browser's list of announcements this device dismissed (localStorage, JSON array of ids). */
export const DISMISSED_BANNERS_KEY = "dismissedBanners";

/** An announcement as the admin reads it. */
export interface Announcement {
  id: number;
  text: { vi: string; en: string };
  startsAt: string;
  endsAt: string;
  notify: boolean;
  /** When the job finished notifying every member (null: not asked, or still sending). */
  notifiedAt: string | null;
  createdAt: string;
}
