/**
 * What the trading API answers (offers, replies, feedback, reputation, alerts, claims, price history)
 * and the values its enumerations take: the shapes the server builds and the browser reads.
 */

export const offerSides = ["buy", "sell"] as const;
export type OfferSide = (typeof offerSides)[number];

export const offerStatuses = ["open", "reserved", "completed", "cancelled", "expired"] as const;
export type OfferStatus = (typeof offerStatuses)[number];

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
  /**
   * Whether it counts in the totals (decided when it was left): not when the giver's account was
   * newer than FEEDBACK_MIN_ACCOUNT_AGE_HOURS, nor when the giver's feedback to the same member
   * already counted in the 30 days before. Lists show it all, each not counted one with its reason.
   */
  counts: boolean;
  notCountedReason: FeedbackNotCountedReason | null;
}

/** Why a feedback does not count in the totals. */
export const FEEDBACK_NOT_COUNTED_REASONS = ["new-account", "repeat-pair"] as const;
export type FeedbackNotCountedReason = (typeof FEEDBACK_NOT_COUNTED_REASONS)[number];

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
  /** The member whose claim of this character a moderator verified, if any. */
  claimedBy: TradePerson | null;
  /** That verified claim's id (what a dispute names), if any. */
  claimId: number | null;
  /**
   * Whether the record is its verified owner's: a claimed character counts only the trades its
   * owner made under it; a name nobody has verified counts whatever anyone traded under it.
   */
  verified: boolean;
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

export const claimStatuses = ["pending", "verified"] as const;
export type ClaimStatus = (typeof claimStatuses)[number];

/** A member's own claim (only its member reads it: the code is theirs to show in the game). */
export interface CharacterClaim {
  id: number;
  name: string;
  server: string;
  status: ClaimStatus;
  /** The one-time code the member puts where the game shows it to others (`LV-7Q2K`). */
  code: string;
  /** The open report carrying the member's screenshot, while a moderator has not decided. */
  proofReportId: number | null;
  /** When a pending claim with no proof waiting is gone; null once verified or while proof waits. */
  expiresAt: number | null;
  createdAt: number;
  verifiedAt: number | null;
}
