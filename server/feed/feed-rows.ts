/**
 * How the feed reads its rows: a post or comment as the API answers it (author, linked catalog
 * entry, images, rendered markdown), the shared select behind every list of posts, and the pages and
 * link a post is shown on. Posts, comments, likes and moderation all build on these.
 */
import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type comments, contentEntries, postLikes, posts, users } from "../../db/schema/index.ts";
import { entryHref } from "../../universal/content/entry-links.ts";
import { referenceKindOf, type Comment, type FeedAuthor, type Post, type PostEntry } from "../../universal/feed/feed-limits.ts";
import { plainExcerpt } from "../../universal/feed/feed-text.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";
import { renderMarkdown } from "../markdown/render-markdown.ts";

export type PostRow = typeof posts.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;

/**
 * The pages a visitor is shown posts on (the feed, and the home page's latest posts): announced
 * changed after a write to posts or comments.
 */
export const FEED_PAGES = ["/feed", "/"] as const;

export function postLink(id: number): string {
  return `/feed?id=${id}`;
}

/** What a post or comment says in a notification: its words without markdown, short. */
export const excerpt = (body: string): string => plainExcerpt(body, 120);

/**
 * Rendered markdown, kept by what was rendered (a post or comment, when it was made, and its last edit:
 * ids alone repeat across the databases of one test process): a feed page
 * renders twenty posts, and the same ones again for every reader, so each text is rendered once.
 */
const RENDERED_MAX = 4_000;
const rendered = new Map<string, string>();
function renderedHtml(key: string, body: string): string {
  const cached = rendered.get(key);
  if (cached !== undefined) {
    rendered.delete(key);
    rendered.set(key, cached);
    return cached;
  }
  const html = renderMarkdown(body).html;
  rendered.set(key, html);
  if (rendered.size > RENDERED_MAX) rendered.delete(rendered.keys().next().value as string);
  return html;
}

export const authorColumns = {
  displayName: sql<string>`coalesce(${users.displayName}, '')`,
  photoURL: users.photoURL,
};

function authorOf(uid: string, row: { displayName: string; photoURL: string | null }): FeedAuthor {
  return { uid, displayName: row.displayName, photoURL: row.photoURL };
}

interface EntryColumns {
  entryVi: string | null;
  entryEn: string | null;
  entryIcon: string | null;
}

const entryColumns = {
  entryVi: contentEntries.nameVi,
  entryEn: contentEntries.nameEn,
  entryIcon: sql<string | null>`${contentEntries.data}->>'icon'`,
};

function entryOf(row: PostRow, entry: EntryColumns): PostEntry | null {
  if (!row.entryKind || !row.entryId || entry.entryVi === null) return null;
  const ref = `${referenceKindOf.get(row.entryKind) ?? row.entryKind}:${row.entryId}`;
  return { ref, name: { vi: entry.entryVi, en: entry.entryEn ?? entry.entryVi }, icon: entry.entryIcon, href: entryHref(ref) };
}

export function imageUrl(id: string): string {
  return `/api/feed/images/${id}`;
}

export function toPost(row: PostRow, author: { displayName: string; photoURL: string | null } & EntryColumns, liked: boolean): Post {
  return {
    id: row.id,
    author: authorOf(row.authorUid, author),
    lang: row.language,
    body: row.body,
    html: renderedHtml(`p${row.id}:${row.createdAt}:${row.editedAt ?? 0}`, row.body),
    entry: entryOf(row, author),
    images: row.images.map((image) => ({ url: imageUrl(image.id), width: image.width, height: image.height })),
    likes: row.likeCount,
    comments: row.commentCount,
    liked,
    pinned: row.pinnedAt !== null,
    createdAt: row.createdAt,
    editedAt: row.editedAt,
  };
}

export function toComment(row: CommentRow, author: { displayName: string; photoURL: string | null }, liked: boolean): Comment {
  return {
    id: row.id,
    postId: row.postId,
    parentId: row.parentId,
    author: authorOf(row.authorUid, author),
    body: row.body,
    html: renderedHtml(`c${row.id}:${row.createdAt}:${row.editedAt ?? 0}`, row.body),
    likes: row.likeCount,
    liked,
    createdAt: row.createdAt,
    editedAt: row.editedAt,
  };
}

export const visiblePost = and(isNull(posts.hiddenAt), isNull(posts.deletedAt));

async function likedPosts(db: Database, viewer: Viewer | null, ids: number[]): Promise<Set<number>> {
  if (!viewer || ids.length === 0) return new Set();
  const rows = await db
    .select({ id: postLikes.postId })
    .from(postLikes)
    .where(and(eq(postLikes.uid, viewer.uid), inArray(postLikes.postId, ids)));
  return new Set(rows.map((row) => row.id));
}

/** Posts as the viewer sees them (whether they liked each), by any condition and order. */
export async function postsWhere(db: Database, viewer: Viewer | null, where: SQL | undefined, order: SQL[], limit: number, offset = 0) {
  const rows = await db
    .select({ row: posts, ...authorColumns, ...entryColumns })
    .from(posts)
    .leftJoin(users, eq(users.uid, posts.authorUid))
    .leftJoin(contentEntries, and(eq(contentEntries.kind, posts.entryKind), eq(contentEntries.id, posts.entryId)))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const liked = await likedPosts(
    db,
    viewer,
    rows.map(({ row }) => row.id),
  );
  return rows.map(({ row, ...author }) => toPost(row, author, liked.has(row.id)));
}

export async function visiblePostRow(db: Database, id: number): Promise<PostRow> {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), visiblePost));
  if (!row) throw new AppError("not-found", "No such post.");
  return row;
}
