/**
 * The feed's limits and shapes, without Zod: what the browser needs (feed-schemas.ts validates with
 * Zod on the server and imports these).
 */
/** A post's markdown, in characters. */
export const POST_BODY_MAX = 5_000;
export const COMMENT_BODY_MAX = 2_000;
export const POST_IMAGES_MAX = 4;
/** Authors may edit a post or a comment for a day. */
export const FEED_EDIT_WINDOW_MS = 24 * 60 * 60 * 1000;
export const FEED_PAGE = 20;
export const FEED_PAGE_MAX = 50;
/** A member's posts per page of their profile. */
export const AUTHOR_POSTS_PAGE = 5;
export const COMMENT_PAGE = 50;

/** An image file: at most this many bytes as sent (it is re-encoded, smaller, on the server). */
export const POST_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
export const POST_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

/**
 * Catalog entries a post may link, named as content links name them (`item:iron-sword`), and the
 * kind each is stored as.
 */
export const linkableKinds = {
  item: "items",
  recipe: "recipes",
  mount: "mounts",
  pet: "pets",
  class: "classes",
  rune: "runes",
  talisman: "talismans",
  guide: "guides",
} as const;
export type LinkableKind = keyof typeof linkableKinds;
/** The content-link kind of a stored kind (`items` → `item`), for the kinds a post may link. */
export const referenceKindOf: ReadonlyMap<string, LinkableKind> = new Map(
  Object.entries(linkableKinds).map(([kind, stored]) => [stored, kind as LinkableKind]),
);
export const ENTRY_REFERENCE = /^(item|recipe|mount|pet|class|rune|talisman|guide):([a-z0-9][a-z0-9-]{0,80})$/;

/** `new`: newest first (pinned posts apart on the first page); `top`: the week's most liked. */
export const feedSorts = ["new", "top"] as const;
export type FeedSort = (typeof feedSorts)[number];

export interface FeedAuthor {
  uid: string;
  displayName: string;
  photoURL: string | null;
}

export interface PostImage {
  url: string;
  width: number;
  height: number;
}

/** A linked catalog entry, as its card shows it. */
export interface PostEntry {
  /** `item:iron-sword`. */
  ref: string;
  name: { vi: string; en: string };
  icon: string | null;
  href: string | null;
}

/** A post as the API and the `feed:{lang}` topic carry it. */
export interface Post {
  id: number;
  author: FeedAuthor;
  lang: string;
  /** The markdown as written, and as safe HTML. */
  body: string;
  html: string;
  entry: PostEntry | null;
  images: PostImage[];
  likes: number;
  /** How many comments (replies included). */
  comments: number;
  /** Whether the viewer likes it (false for a visitor). */
  liked: boolean;
  pinned: boolean;
  createdAt: number;
  editedAt: number | null;
}

export interface Comment {
  id: number;
  postId: number;
  parentId: number | null;
  author: FeedAuthor;
  body: string;
  html: string;
  likes: number;
  liked: boolean;
  createdAt: number;
  editedAt: number | null;
}

export interface FeedPage {
  data: Post[];
  /** Moderators' pinned posts, on the first page of the newest order. */
  pinned: Post[];
  nextCursor: string | null;
}

/** A post moderators hid, as the restore list in `/admin` shows it (`GET /api/feed/hidden`). */
export interface HiddenPost {
  id: number;
  author: { uid: string; displayName: string };
  excerpt: string;
  language: string;
  hiddenAt: number;
  /** The display name of the moderator who hid it. */
  hiddenBy: string | null;
}

/** A comment moderators hid (its text kept), as the restore list in `/admin` shows it (`GET /api/feed/comments/hidden`). */
export interface HiddenComment {
  id: number;
  postId: number;
  author: { uid: string; displayName: string };
  excerpt: string;
  hiddenAt: number;
  /** The display name of the moderator who hid it. */
  hiddenBy: string | null;
}
