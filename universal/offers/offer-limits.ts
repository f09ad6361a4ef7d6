/**
 * Trading's limits: how much an offer, a reply, a note or a report may hold, how many a member
 * makes, and how often. Plain numbers the browser's forms and the server's schemas and domain share.
 */

export const OFFER_QUANTITY_MAX = 1_000_000;
/** Whole in-game gold; below 2^53 so it stays a JSON number. */
export const OFFER_PRICE_MAX = 1_000_000_000_000;
export const OFFER_NOTE_MAX = 500;
export const OFFER_REASON_MAX = 500;
export const OFFER_REPLY_MAX = 1_000;
export const OFFER_EXPIRY_DAYS_MIN = 1;
export const OFFER_EXPIRY_DAYS_MAX = 30;
export const FEEDBACK_COMMENT_MAX = 500;
export const CHARACTER_NAME_MAX = 40;
export const OFFER_PAGE = 100;
export const OFFER_PAGE_MAX = 200;
/**
 * Finished offers `/me/make-offer` shows before its reader asks for all of them (`?past=all`): a
 * trader's page stays light to move to and to read on a phone (decision 044); the heading counts them all.
 */
export const OFFERS_PAST_FIRST = 10;
export const OFFERS_PAST_PARAM = "past";
/** The id of the first finished offer past the first ones, where "show all" lands. */
export const OFFERS_PAST_MORE_ID = "mine-past-more";
/** Members keep at most this many character claims (price alerts: the PRICE_ALERTS_MAX setting, server/quotas.ts). */
export const CLAIMS_MAX = 20;
/** A pending claim with no proof waiting for a moderator is gone this many days after it was made. */
export const CLAIM_PENDING_DAYS = 7;
/** Screenshots on a scam report. */
export const REPORT_IMAGES_MAX = 4;
export const REPORT_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Feedback from one member to another counts at most once in this window. */
export const FEEDBACK_REPEAT_WINDOW_MS = 30 * 86_400_000;
/** Replies an offer's page shows, and replays to a resuming `offer:{id}` subscriber. */
export const REPLIES_MAX = 200;
/** Offers a member posts, and replies they write, per window (seconds). */
export const OFFER_RATE = { max: 30, window: 10 * 60 };
export const REPLY_RATE = { max: 30, window: 10 * 60 };
