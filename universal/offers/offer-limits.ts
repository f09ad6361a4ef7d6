/**
 * Trading's limits and answer shapes (issue 20), without Zod: what the browser needs
 * (offer-schemas.ts validates requests with Zod on the server, imports and re-exports these).
 */

export const offerSides = ["buy", "sell"] as const;
export type OfferSide = (typeof offerSides)[number];

export const offerStatuses = ["open", "reserved", "completed", "cancelled", "expired"] as const;
export type OfferStatus = (typeof offerStatuses)[number];

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
/** Members keep at most this many character claims (price alerts: the PRICE_ALERTS_MAX setting, server/quotas.ts). */
export const CLAIMS_MAX = 20;
/** Screenshots on a scam report. */
export const REPORT_IMAGES_MAX = 4;
export const REPORT_IMAGE_MAX_BYTES = 8 * 1024 * 1024;

export const priceRanges = ["48h", "90d"] as const;
export type PriceRange = (typeof priceRanges)[number];

/** Where the viewer stands to an offer. */
export type OfferRole = "owner" | "counterparty" | null;

export interface ReputationCounts {
  positive: number;
  negative: number;
  /** Completed trades (as owner or counterparty). */
  trades: number;
}

export interface TradePerson {
  uid: string;
  displayName: string;
  photoURL: string | null;
}

/** An offer's owner as the book shows them: presence (from the realtime layer) and reputation. */
export interface Trader extends TradePerson {
  online: boolean;
  /** Milliseconds since the epoch; null when never seen. */
  lastSeenAt: number | null;
  reputation: ReputationCounts;
}

/** An offer as the API and the `offers:{itemId}` / `offer:{id}` topics carry it. */
export interface Offer {
  id: number;
  side: OfferSide;
  itemId: string;
  quantity: number;
  unitPrice: number;
  /** The pack's server id. */
  server: string;
  characterName: string;
  note: string | null;
  status: OfferStatus;
  /** Rises with every move. */
  version: number;
  trader: Trader;
  /** The member the offer is (or was last) reserved for, and the reply that named them. */
  counterparty: TradePerson | null;
  reservedReplyId: number | null;
  ownerConfirmedAt: number | null;
  counterpartyConfirmedAt: number | null;
  /** Why the last reservation was released, or why the offer was cancelled. */
  reason: string | null;
  /** Hidden by a moderator (only its parties and moderators still see it). */
  hidden: boolean;
  /** The viewer's part in it. */
  role: OfferRole;
  expiresAt: number;
  createdAt: number;
  updatedAt: number;
  completedAt: number | null;
}

export interface OfferReply {
  id: number;
  offerId: number;
  author: TradePerson;
  text: string;
  createdAt: number;
}

export interface Feedback {
  offerId: number;
  from: TradePerson;
  to: TradePerson;
  score: 1 | -1;
  comment: string;
  /**
   * The character it is about, as written when it was left: the offer's character for feedback
   * about its owner, the counterparty's claimed character then (else null). `/bplayer` also shows
   * feedback about a counterparty on the characters they claim later (server/reputation).
   */
  subjectName: string | null;
  /** The trade's server. */
  subjectServer: string;
  itemId: string;
  createdAt: number;
}

/** `GET /api/offers/{id}`: the offer, its thread and the feedback left on it. */
export interface OfferDetail extends Offer {
  replies: OfferReply[];
  feedback: Feedback[];
  /** Whether the viewer may still leave feedback on it. */
  canLeaveFeedback: boolean;
}

/** One bucket of completed trades' unit prices (`t`: its start, milliseconds since the epoch). */
export interface PriceBucket {
  t: number;
  median: number;
  min: number;
  max: number;
  /** Quantity traded. */
  volume: number;
}

export interface ReportImage {
  url: string;
  width: number;
  height: number;
}

/** A scam report a moderator verified, as `/bplayer` shows it. */
export interface VerifiedReport {
  id: number;
  reason: string;
  images: ReportImage[];
  createdAt: number;
  verifiedAt: number;
}

export interface Reputation extends ReputationCounts {
  name: string;
  /** Null when the lookup named no server (every server counted). */
  server: string | null;
  /** The member who claimed this character, if any. */
  claimedBy: TradePerson | null;
  feedback: Feedback[];
  reports: VerifiedReport[];
}

export interface Alert {
  id: number;
  itemId: string;
  side: OfferSide;
  server: string;
  /** A sell at or below this price fires it (or a buy at or above `minPrice`); exactly one is set. */
  maxPrice: number | null;
  minPrice: number | null;
  createdAt: number;
  lastFiredAt: number | null;
}

export interface CharacterClaim {
  id: number;
  name: string;
  server: string;
  createdAt: number;
}
