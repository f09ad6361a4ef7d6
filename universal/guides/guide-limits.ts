/**
 * Member guides' limits, ids and answer shapes, without Zod: what the browser needs (guide-schemas.ts
 * validates with Zod on the server and imports these).
 */
export const GUIDE_TITLE_MAX = 120;
/** A guide's markdown, in characters (the 64 KB body limit of every request holds it in UTF-8). */
export const GUIDE_BODY_MAX = 20_000;
export const GUIDE_REASON_MAX = 500;
/** Autosave waits this long after the last keystroke. */
export const GUIDE_AUTOSAVE_MS = 1_500;
export const GUIDE_LIST_MAX = 100;

export const guideStatuses = ["draft", "review", "published"] as const;
export type GuideStatus = (typeof guideStatuses)[number];

/** The categories of the pack's guides (pack-schema GUIDE_CATEGORIES), which member guides share. */
export const memberGuideCategories = ["beginner", "class", "crafting", "combat", "economy", "events"] as const;
export type MemberGuideCategory = (typeof memberGuideCategories)[number];

/**
 * A member guide's id on `/guide?id=`: `m--12`. Pack ids are lower-case words joined by single
 * hyphens (pack-schema ID_PATTERN), so a double hyphen can never name a pack guide.
 */
const MEMBER_GUIDE_ID = /^m--([1-9][0-9]{0,15})$/;

export function memberGuideId(id: number): string {
  return `m--${id}`;
}

/** The guide's row id of a `/guide?id=` value, or null when it names a pack guide (or nothing). */
export function memberGuideNumber(pageId: string): number | null {
  const match = MEMBER_GUIDE_ID.exec(pageId);
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) ? id : null;
}

export function memberGuideHref(id: number, revision?: number): string {
  return `/guide?id=${memberGuideId(id)}${revision ? `&rev=${revision}` : ""}`;
}

export interface GuideAuthor {
  uid: string;
  displayName: string;
}

/** The working copy, as its author (and a moderator reviewing it) sees it. */
export interface GuideDraft {
  id: number;
  author: GuideAuthor;
  title: string;
  body: string;
  language: string;
  category: string;
  /** Rises with every save: a save naming an older one is refused (409 `aborted`). */
  version: number;
  status: GuideStatus;
  rejectReason: string | null;
  /** Whether an approved revision is public (an edit in review leaves it up). */
  published: boolean;
  /** Hidden by a moderator after a report: gone from `/guide` and search until a moderator restores it or approves a new version. */
  hidden: boolean;
  createdAt: number;
  updatedAt: number;
  submittedAt: number | null;
}

/** A published guide as `/guide` lists it. */
export interface PublishedGuideSummary {
  id: number;
  author: GuideAuthor;
  title: string;
  language: string;
  category: string;
  publishedAt: number;
}

/** A published guide moderators hid after a report, as the restore list in `/admin` shows it (`GET /api/guides/hidden`). */
export interface HiddenGuide {
  id: number;
  author: GuideAuthor;
  /** The newest approved revision's. */
  title: string;
  language: string;
  /** Its author sent a new version, waiting in the review queue. */
  inReview: boolean;
  hiddenAt: number;
}

export interface GuideRevisionSummary {
  number: number;
  title: string;
  createdAt: number;
}

/** An approved revision as the public reads it (the text is rendered on the server). */
export interface GuideRevisionInfo {
  number: number;
  title: string;
  language: string;
  category: string;
  createdAt: number;
}

/** A published member guide: the revision shown (the newest, or one asked for) and its history. */
export interface PublishedGuide {
  id: number;
  author: GuideAuthor;
  revision: GuideRevisionInfo;
  /** The newest revision's number. */
  latest: number;
  /** Every approved revision, newest first. */
  revisions: GuideRevisionSummary[];
}
