/**
 * Reading posts: a language's feed page (new or the week's top), a member's posts for their profile,
 * one post, the app bar's search, the sitemap's ids, and a post's image while the post is visible.
 */
import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { likePattern } from "../../db/folding.ts";
import { postImages, posts } from "../../db/schema/index.ts";
import type { FeedPage, FeedSort, Post } from "../../universal/feed/feed-limits.ts";
import type { Language } from "../../universal/i18n/languages.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";
import { postsWhere, visiblePost } from "./feed-rows.ts";

/** Pinned posts shown above the first page of a language's feed. */
const PINNED_MAX = 3;
/** "Top of the week". */
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A page of the feed. `new`: by id, the cursor the last id of the previous page, pinned posts apart
 * on the first page. `top`: the week's posts by likes then comments, the cursor the number already shown.
 */
export async function listPosts(
  db: Database,
  viewer: Viewer | null,
  query: { lang?: Language | undefined; sort: FeedSort; cursor?: number | undefined; limit: number },
  now = Date.now(),
): Promise<FeedPage> {
  const language = query.lang ? eq(posts.language, query.lang) : undefined;
  if (query.sort === "top") {
    const offset = query.cursor ?? 0;
    const data = await postsWhere(
      db,
      viewer,
      and(visiblePost, language, gte(posts.createdAt, now - WEEK_MS)),
      [desc(posts.likeCount), desc(posts.commentCount), desc(posts.id)],
      query.limit,
      offset,
    );
    return { data, pinned: [], nextCursor: data.length === query.limit ? String(offset + data.length) : null };
  }
  const first = query.cursor === undefined;
  const pinned = first
    ? await postsWhere(db, viewer, and(visiblePost, language, sql`${posts.pinnedAt} is not null`), [desc(posts.pinnedAt)], PINNED_MAX)
    : [];
  const data = await postsWhere(
    db,
    viewer,
    and(visiblePost, language, first ? undefined : lt(posts.id, query.cursor ?? 0), sql`${posts.pinnedAt} is null`),
    [desc(posts.id)],
    query.limit,
  );
  const last = data.at(-1);
  return { data, pinned, nextCursor: data.length === query.limit && last ? String(last.id) : null };
}

/**
 * A member's visible posts, newest first, for their public profile: pages by id (the cursor is the
 * last id shown), pinned or not alike. The `posts_author` index (author, id) reads them in order.
 */
export async function listPostsByAuthor(
  db: Database,
  viewer: Viewer | null,
  authorUid: string,
  query: { cursor?: number | undefined; limit: number },
): Promise<{ data: Post[]; nextCursor: string | null }> {
  const rows = await postsWhere(
    db,
    viewer,
    and(visiblePost, eq(posts.authorUid, authorUid), query.cursor === undefined ? undefined : lt(posts.id, query.cursor)),
    [desc(posts.id)],
    query.limit + 1,
  );
  const data = rows.slice(0, query.limit);
  const last = data.at(-1);
  return { data, nextCursor: rows.length > query.limit && last ? String(last.id) : null };
}

export async function getPost(db: Database, viewer: Viewer | null, id: number): Promise<Post> {
  const [post] = await postsWhere(db, viewer, and(eq(posts.id, id), visiblePost), [], 1);
  if (!post) throw new AppError("not-found", "No such post.");
  return post;
}

/**
 * Visible posts whose words contain the query, diacritics aside ("giap" finds "Giáp"), newest first:
 * the app bar's search (the `posts_body_search` trigram index serves it).
 */
export async function searchPosts(db: Database, query: string, limit: number): Promise<Post[]> {
  const folded = sql`f_unaccent(lower(${posts.body}))`;
  return postsWhere(db, null, and(visiblePost, sql`${folded} like '%' || ${likePattern(query)} || '%'`), [desc(posts.id)], limit);
}

/** The newest visible posts' ids, for the sitemap. */
export async function sitemapPosts(db: Database, max: number): Promise<{ id: number }[]> {
  return db.select({ id: posts.id }).from(posts).where(visiblePost).orderBy(desc(posts.id)).limit(max);
}

/** A post's image, while the post is visible. */
export async function postImage(db: Database, id: string): Promise<{ contentType: string; data: Buffer } | null> {
  const [found] = await db
    .select({ contentType: postImages.contentType, data: postImages.data })
    .from(postImages)
    .innerJoin(posts, eq(posts.id, postImages.postId))
    .where(and(eq(postImages.id, id), visiblePost));
  return found ? { contentType: found.contentType, data: Buffer.from(found.data, "base64") } : null;
}
