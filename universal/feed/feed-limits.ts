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
export const COMMENT_PAGE = 50;

/** Catalog kinds (as stored) a post may link, shown as the entry's card. */
export const linkableKinds = ["items", "recipes", "mounts", "pets", "classes", "runes", "talismans", "guides"] as const;
export type LinkableKind = (typeof linkableKinds)[number];

export const feedOrders = ["newest", "top"] as const;
export type FeedOrder = (typeof feedOrders)[number];

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

/** A post as the API and the `feed:{language}` topic carry it. */
export interface Post {
  id: number;
  author: FeedAuthor;
  language: string;
  /** The markdown as written, and as safe HTML. */
  body: string;
  html: string;
  /** A linked catalog entry (its card is drawn from the catalog). */
  entry: { kind: string; id: string } | null;
  images: PostImage[];
  likeCount: number;
  commentCount: number;
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
  likeCount: number;
  liked: boolean;
  createdAt: number;
  editedAt: number | null;
}
