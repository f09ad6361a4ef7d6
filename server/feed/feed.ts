/**
 * The feed: posts in a language, likes, comments with one level of replies. Every check reads the
 * permission table and our own rows; nothing the client sends names its role or who it is. A new
 * post is an event of its language's `feed:{language}` topic, published after it commits.
 */
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, ne, sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client.ts";
import { likePattern } from "../../db/folding.ts";
import { commentLikes, comments, contentEntries, notifications, postImages, postLikes, posts, users } from "../../db/schema/index.ts";
import { can } from "../../universal/auth/permissions.ts";
import { entryHref } from "../../universal/content/entry-links.ts";
import { mentionCandidates, mentionTokenUids } from "../../universal/chat/mentions.ts";
import {
  COMMENT_PAGE,
  ENTRY_REFERENCE,
  FEED_EDIT_WINDOW_MS,
  linkableKinds,
  referenceKindOf,
  type Comment,
  type FeedAuthor,
  type FeedPage,
  type FeedSort,
  type HiddenComment,
  type HiddenPost,
  type LinkableKind,
  type Post,
  type PostEntry,
} from "../../universal/feed/feed-limits.ts";
import { plainExcerpt } from "../../universal/feed/feed-text.ts";
import type { Language } from "../../universal/i18n/languages.ts";
import type { PersistedEvent } from "../../universal/realtime/protocol.ts";
import type { Viewer } from "../auth/viewer.ts";
import { consumeRateLimit, peekRateLimit, type RateRule } from "../auth/rate-limit.ts";
import { awardPoints, likeSource, revokePoints } from "../contribution/contribution.ts";
import { AppError } from "../errors.ts";
import type { ReencodedImage } from "../images/image-decoding.ts";
import { recordAudit } from "../moderation/audit-log.ts";
import { renderMarkdown } from "../markdown/render-markdown.ts";
import { DEFAULT_NOTIFY_RULES, hasBlocked, notify, type NotificationInput, type NotifyRules } from "../notifications/notifications.ts";
import type { RealtimeHub } from "../realtime/hub.ts";

type PostRow = typeof posts.$inferSelect;
type CommentRow = typeof comments.$inferSelect;

/** Posts and comments a member may write in a window (a clear 429 past them). */
export const POST_RATE: RateRule = { max: 5, window: 10 * 60 };
export const COMMENT_RATE: RateRule = { max: 20, window: 10 * 60 };
/** Pinned posts shown above the first page of a language's feed. */
const PINNED_MAX = 3;
/** "Top of the week". */
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** Replay to a resuming `feed:{language}` subscriber at most this many posts; past it the client reloads. */
export const FEED_REPLAY_MAX = 200;

export function feedTopic(language: string): string {
  return `feed:${language}`;
}

export function postLink(id: number): string {
  return `/feed?id=${id}`;
}

/** What a post or comment says in a notification: its words without markdown, short. */
const excerpt = (body: string): string => plainExcerpt(body, 120);

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

const authorColumns = {
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

function toPost(row: PostRow, author: { displayName: string; photoURL: string | null } & EntryColumns, liked: boolean): Post {
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

function toComment(row: CommentRow, author: { displayName: string; photoURL: string | null }, liked: boolean): Comment {
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

const visiblePost = and(isNull(posts.hiddenAt), isNull(posts.deletedAt));

async function likedPosts(db: Database, viewer: Viewer | null, ids: number[]): Promise<Set<number>> {
  if (!viewer || ids.length === 0) return new Set();
  const rows = await db
    .select({ id: postLikes.postId })
    .from(postLikes)
    .where(and(eq(postLikes.uid, viewer.uid), inArray(postLikes.postId, ids)));
  return new Set(rows.map((row) => row.id));
}

async function postsWhere(db: Database, viewer: Viewer | null, where: SQL | undefined, order: SQL[], limit: number, offset = 0) {
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

/**
 * A page of the feed. `new`: by id, the cursor the last id of the previous page, pinned posts apart
 * on the first page. `top`: the week's posts by likes then comments, the cursor the number already shown.
 */
/** The pages a visitor is shown posts on (the feed, and the home page's latest posts): announced changed after a write to posts or comments. */
export const FEED_PAGES = ["/feed", "/"] as const;

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

async function visiblePostRow(db: Database, id: number): Promise<PostRow> {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), visiblePost));
  if (!row) throw new AppError("not-found", "No such post.");
  return row;
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

async function limit(db: Database, viewer: Viewer, what: "post" | "comment", now: number, count = true): Promise<void> {
  const rule = what === "post" ? POST_RATE : COMMENT_RATE;
  const decision = await (count ? consumeRateLimit : peekRateLimit)(db, `feed-${what}:${viewer.uid}`, rule, now);
  if (!decision.allowed)
    throw new AppError("resource-exhausted", `At most ${rule.max} ${what}s in ${rule.window / 60} minutes.`, {
      reason: "rate-limit",
      retryAfter: decision.retryAfter,
    });
}

/**
 * Refuses (429) a member who may not post now, without counting a post: the route asks before it
 * reads a post's images, so a member past the limit never has them read or decoded.
 */
export function assertMayPost(db: Database, viewer: Viewer, now = Date.now()): Promise<void> {
  return limit(db, viewer, "post", now, false);
}

/** Tells each named member that `actorUid` mentioned them in `body`: a post, or one of its comments. */
function tellMentioned(
  db: Database,
  uids: string[],
  actorUid: string,
  thing: { postId: number; commentId?: number },
  body: string,
  now: number,
  rules: NotifyRules,
): Promise<PersistedEvent[]> {
  return notify(
    db,
    uids.map((uid): NotificationInput => ({
      uid,
      kind: "mention",
      actorUid,
      link: postLink(thing.postId),
      data: { ...thing, excerpt: excerpt(body) },
    })),
    now,
    rules,
  );
}

/**
 * Members an edit names who were not told of this post or comment yet: named by the new text, not by
 * the old one, and without a notification about it already (a name removed and added back is not news).
 */
async function newlyMentioned(
  db: Database,
  before: string,
  after: string,
  author: string,
  thing: { postId: number; commentId?: number },
): Promise<string[]> {
  const earlier = new Set(await mentioned(db, before, author));
  const added = (await mentioned(db, after, author)).filter((uid) => !earlier.has(uid));
  if (added.length === 0) return [];
  const told = await db
    .select({ uid: notifications.uid })
    .from(notifications)
    .where(
      and(
        inArray(notifications.uid, added),
        sql`${notifications.data}->>'postId' = ${String(thing.postId)}`,
        thing.commentId === undefined
          ? and(eq(notifications.kind, "mention"), sql`${notifications.data}->>'commentId' is null`)
          : and(
              inArray(notifications.kind, ["mention", "comment", "reply"]),
              sql`${notifications.data}->>'commentId' = ${String(thing.commentId)}`,
            ),
      ),
    );
  const already = new Set(told.map((row) => row.uid));
  return added.filter((uid) => !already.has(uid));
}

/**
 * Members a text names, but not its author: those the picker bound to a uid (`@[Name](/users?id=UID)`
 * tokens) first, then each typed `@Name` that is the display name of one member only.
 */
async function mentioned(db: Database, text: string, author: string): Promise<string[]> {
  const bound = mentionTokenUids(text).filter((uid) => uid !== author);
  const known =
    bound.length === 0
      ? new Set<string>()
      : new Set((await db.select({ uid: users.uid }).from(users).where(inArray(users.uid, bound))).map((row) => row.uid));
  const found = bound.filter((uid) => known.has(uid));
  const candidates = mentionCandidates(text);
  if (candidates.length === 0) return found;
  const rows = await queryRows<{ uid: string; name: string }>(
    db,
    sql`select uid, lower(display_name) as name from users where lower(display_name) in (${sql.join(
      candidates.map((name) => sql`${name}`),
      sql`, `,
    )})`,
  );
  const byName = new Map<string, string[]>();
  for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), row.uid]);
  const named = [...byName.values()].flatMap((uids) => (uids.length === 1 && uids[0] !== author ? [uids[0] as string] : []));
  return [...new Set([...found, ...named])];
}

export interface CreatePostInput {
  body: string;
  lang: Language;
  /** Without one, a retry posts again. */
  clientId?: string | undefined;
  /** `item:iron-sword`. */
  entry?: string | null | undefined;
  /** Already re-encoded (server/images/). */
  images?: ReencodedImage[] | undefined;
}

async function linkedEntry(db: Database, reference: string): Promise<{ kind: string; id: string }> {
  const match = ENTRY_REFERENCE.exec(reference);
  const kind = match ? linkableKinds[match[1] as LinkableKind] : undefined;
  const id = match?.[2];
  if (kind && id) {
    const [entry] = await db
      .select({ id: contentEntries.id })
      .from(contentEntries)
      .where(and(eq(contentEntries.kind, kind), eq(contentEntries.id, id)));
    if (entry) return { kind, id };
  }
  throw new AppError("invalid-argument", "entry: no such catalog entry.", { reason: "entry" });
}

/**
 * Posts once per client id: the same id again answers the post already made. The post, its images
 * and its mention notifications commit together. Ids are committed in id order per language (an
 * advisory lock per language), so a `feed:{lang}` subscriber that has seen a post never later
 * misses an older one.
 */
export async function createPost(
  db: Database,
  hub: RealtimeHub,
  viewer: Viewer,
  input: CreatePostInput,
  now = Date.now(),
  rules: NotifyRules = DEFAULT_NOTIFY_RULES,
): Promise<Post> {
  const clientId = input.clientId ?? randomBytes(12).toString("base64url");
  const [existing] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.authorUid, viewer.uid), eq(posts.clientId, clientId)));
  if (existing) return getPost(db, viewer, existing.id);
  await limit(db, viewer, "post", now);
  const entry = input.entry ? await linkedEntry(db, input.entry) : null;
  const images = (input.images ?? []).map((image) => ({ ...image, id: randomBytes(16).toString("base64url") }));
  const { row, events } = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${feedTopic(input.lang)}))`);
    const [inserted] = await tx
      .insert(posts)
      .values({
        authorUid: viewer.uid,
        clientId,
        language: input.lang,
        body: input.body,
        entryKind: entry?.kind ?? null,
        entryId: entry?.id ?? null,
        images: images.map(({ id, width, height }) => ({ id, width, height })),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) return { row: undefined, events: [] };
    if (images.length > 0)
      await tx.insert(postImages).values(
        images.map((image) => ({
          id: image.id,
          uid: viewer.uid,
          postId: inserted.id,
          contentType: image.contentType,
          data: image.data.toString("base64"),
          width: image.width,
          height: image.height,
          createdAt: now,
        })),
      );
    const uids = await mentioned(tx, input.body, viewer.uid);
    const notices = await tellMentioned(tx, uids, viewer.uid, { postId: inserted.id }, input.body, now, rules);
    return { row: inserted, events: notices };
  });
  // A retry that raced the first request: the first one's post.
  if (!row) return createPost(db, hub, viewer, { ...input, clientId }, now, rules);
  const post = await getPost(db, viewer, row.id);
  hub.publish({ type: "post", topic: feedTopic(row.language), id: row.id, post: { ...post, liked: false } });
  for (const event of events) hub.publish(event);
  return post;
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

export interface PostChange {
  body?: string | undefined;
  hidden?: boolean | undefined;
  pinned?: boolean | undefined;
}

/**
 * `PATCH /api/feed/posts/{id}`: its author edits the body (for a day); a moderator (`post:hide`)
 * hides or restores it and pins or unpins it, each recorded in the audit log with the change.
 */
export async function changePost(
  db: Database,
  hub: RealtimeHub,
  viewer: Viewer,
  id: number,
  change: PostChange,
  now = Date.now(),
  rules: NotifyRules = DEFAULT_NOTIFY_RULES,
): Promise<Post> {
  const moderating = change.hidden !== undefined || change.pinned !== undefined;
  if (moderating && !can(viewer.role, "post:hide")) throw new AppError("permission-denied", "Only moderators can hide or pin posts.");
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), isNull(posts.deletedAt)));
  // A hidden post is found only to hide or restore it: pinning one that stays hidden is refused before anything is written.
  if (!row || (row.hiddenAt !== null && change.hidden === undefined)) throw new AppError("not-found", "No such post.");
  if (change.body !== undefined) {
    if (row.authorUid !== viewer.uid) throw new AppError("permission-denied", "Only its author can change this post.");
    if (row.hiddenAt !== null) throw new AppError("not-found", "No such post.");
    if (now - row.createdAt > FEED_EDIT_WINDOW_MS)
      throw new AppError("permission-denied", "Posts can be edited for a day after posting.", { reason: "too-late" });
  }
  const events = await db.transaction(async (tx) => {
    const set: Partial<PostRow> = {};
    if (change.body !== undefined) Object.assign(set, { body: change.body, editedAt: now });
    if (change.hidden === true && row.hiddenAt === null) Object.assign(set, { hiddenAt: now, hiddenBy: viewer.uid, pinnedAt: null });
    if (change.hidden === false && row.hiddenAt !== null) Object.assign(set, { hiddenAt: null, hiddenBy: null });
    if (change.pinned !== undefined && change.hidden !== true)
      Object.assign(set, { pinnedAt: change.pinned ? (row.pinnedAt ?? now) : null });
    if (Object.keys(set).length > 0) await tx.update(posts).set(set).where(eq(posts.id, id));
    for (const [action, value] of [
      ["post.hide", change.hidden],
      ["post.pin", change.pinned],
    ] as const) {
      if (value === undefined) continue;
      await recordAudit(
        tx,
        {
          actorUid: viewer.uid,
          action,
          targetKind: "post",
          targetId: String(id),
          data: { [action === "post.hide" ? "hidden" : "pinned"]: value },
        },
        now,
      );
    }
    if (change.body === undefined) return [];
    // Members the edit names for the first time are told, as a new post's would be.
    const named = await newlyMentioned(tx, row.body, change.body, row.authorUid, { postId: id });
    return tellMentioned(tx, named, viewer.uid, { postId: id }, change.body, now, rules);
  });
  for (const event of events) hub.publish(event);
  if (change.hidden === true) {
    const [hidden] = await postsWhere(db, viewer, eq(posts.id, id), [], 1);
    if (!hidden) throw new AppError("not-found", "No such post.");
    return hidden;
  }
  return getPost(db, viewer, id);
}

export async function deletePost(db: Database, viewer: Viewer, id: number): Promise<void> {
  const row = await visiblePostRow(db, id);
  if (row.authorUid !== viewer.uid) throw new AppError("permission-denied", "Only its author can delete this post.");
  await db.update(posts).set({ deletedAt: Date.now() }).where(eq(posts.id, id));
}

/**
 * A like notification, grouped: while the author has not read the one for this thing, further likes
 * update it ("Lan and 4 others liked…") instead of adding more.
 */
async function notifyLike(
  db: Database,
  viewer: Viewer,
  owner: string,
  thing: { postId: number; commentId?: number; body: string },
  now: number,
): Promise<PersistedEvent[]> {
  if (owner === viewer.uid) return [];
  // Nothing of a member the owner blocked reaches them: not even as the latest liker of a grouped notification.
  if (await hasBlocked(db, owner, viewer.uid)) return [];
  const key =
    thing.commentId === undefined
      ? sql`${notifications.data}->>'commentId' is null`
      : sql`${notifications.data}->>'commentId' = ${String(thing.commentId)}`;
  const [unread] = await db
    .select({ id: notifications.id, data: notifications.data, createdAt: notifications.createdAt })
    .from(notifications)
    .where(
      and(
        eq(notifications.uid, owner),
        eq(notifications.kind, "like"),
        isNull(notifications.readAt),
        sql`${notifications.data}->>'postId' = ${String(thing.postId)}`,
        key,
      ),
    );
  if (unread) {
    // The members who like it now and liked it since the notification began (one like row each, this
    // one included; the author's own like is not one of them): a member who unlikes and likes again is still one of them, not one more.
    const [likers] =
      thing.commentId === undefined
        ? await db
            .select({ count: sql<number>`count(*)::int` })
            .from(postLikes)
            .where(and(eq(postLikes.postId, thing.postId), gte(postLikes.createdAt, unread.createdAt), ne(postLikes.uid, owner)))
        : await db
            .select({ count: sql<number>`count(*)::int` })
            .from(commentLikes)
            .where(
              and(eq(commentLikes.commentId, thing.commentId), gte(commentLikes.createdAt, unread.createdAt), ne(commentLikes.uid, owner)),
            );
    await db
      .update(notifications)
      .set({ actorUid: viewer.uid, data: { ...unread.data, others: Math.max(0, (likers?.count ?? 1) - 1) } })
      .where(eq(notifications.id, unread.id));
    return [];
  }
  return notify(
    db,
    [
      {
        uid: owner,
        kind: "like",
        actorUid: viewer.uid,
        link: postLink(thing.postId),
        data: {
          postId: thing.postId,
          ...(thing.commentId === undefined ? {} : { commentId: thing.commentId }),
          excerpt: excerpt(thing.body),
          others: 0,
        },
      },
    ],
    now,
  );
}

/** Likes (`on`) or unlikes a post; each member once. Answers the post's like count. */
export async function likePost(db: Database, hub: RealtimeHub, viewer: Viewer, id: number, on: boolean, now = Date.now()) {
  const row = await visiblePostRow(db, id);
  const events = await db.transaction(async (tx) => {
    if (on) {
      const added = await tx.insert(postLikes).values({ postId: id, uid: viewer.uid, createdAt: now }).onConflictDoNothing().returning();
      if (added.length === 0) return [];
      await tx
        .update(posts)
        .set({ likeCount: sql`${posts.likeCount} + 1` })
        .where(eq(posts.id, id));
      await awardPoints(tx, { uid: row.authorUid, reason: "post-liked", source: likeSource(id, viewer.uid), actorUid: viewer.uid }, now);
      return notifyLike(tx, viewer, row.authorUid, { postId: id, body: row.body }, now);
    }
    const removed = await tx
      .delete(postLikes)
      .where(and(eq(postLikes.postId, id), eq(postLikes.uid, viewer.uid)))
      .returning();
    if (removed.length > 0) {
      await tx
        .update(posts)
        .set({ likeCount: sql`greatest(${posts.likeCount} - 1, 0)` })
        .where(eq(posts.id, id));
      await revokePoints(tx, { uid: row.authorUid, reason: "post-liked", source: likeSource(id, viewer.uid) }, now);
    }
    return [];
  });
  for (const event of events) hub.publish(event);
  const [counted] = await db.select({ likeCount: posts.likeCount }).from(posts).where(eq(posts.id, id));
  return { liked: on, likes: counted?.likeCount ?? 0 };
}

/** A post's comments, oldest first, replies with their parents; hidden and deleted ones (and replies to them) left out. */
export async function listComments(db: Database, viewer: Viewer | null, postId: number, after?: number): Promise<Comment[]> {
  await visiblePostRow(db, postId);
  const rows = await db
    .select({ row: comments, ...authorColumns })
    .from(comments)
    .leftJoin(users, eq(users.uid, comments.authorUid))
    .where(
      and(
        eq(comments.postId, postId),
        isNull(comments.hiddenAt),
        isNull(comments.deletedAt),
        after === undefined ? undefined : gt(comments.id, after),
      ),
    )
    .orderBy(asc(comments.id))
    .limit(COMMENT_PAGE * 4);
  const ids = rows.map(({ row }) => row.id);
  const liked = new Set(
    viewer && ids.length > 0
      ? (
          await db
            .select({ id: commentLikes.commentId })
            .from(commentLikes)
            .where(and(eq(commentLikes.uid, viewer.uid), inArray(commentLikes.commentId, ids)))
        ).map((row) => row.id)
      : [],
  );
  const shown = new Set(rows.filter(({ row }) => row.parentId === null).map(({ row }) => row.id));
  return rows
    .filter(({ row }) => row.parentId === null || shown.has(row.parentId))
    .map(({ row, ...author }) => toComment(row, author, liked.has(row.id)));
}

async function commentById(db: Database, viewer: Viewer | null, id: number): Promise<Comment> {
  const [found] = await db
    .select({ row: comments, ...authorColumns })
    .from(comments)
    .leftJoin(users, eq(users.uid, comments.authorUid))
    .where(and(eq(comments.id, id), isNull(comments.hiddenAt), isNull(comments.deletedAt)));
  if (!found) throw new AppError("not-found", "No such comment.");
  const { row, ...author } = found;
  const liked = viewer
    ? (
        await db
          .select()
          .from(commentLikes)
          .where(and(eq(commentLikes.commentId, id), eq(commentLikes.uid, viewer.uid)))
      ).length > 0
    : false;
  return toComment(row, author, liked);
}

export interface CreateCommentInput {
  body: string;
  /** Without one, a retry comments again. */
  clientId?: string | undefined;
  parentId?: number | null | undefined;
}

/** Comments once per client id; notifies the post's author (comment), the parent's author (reply), and members named. */
export async function createComment(
  db: Database,
  hub: RealtimeHub,
  viewer: Viewer,
  postId: number,
  input: CreateCommentInput,
  now = Date.now(),
  rules: NotifyRules = DEFAULT_NOTIFY_RULES,
): Promise<Comment> {
  const clientId = input.clientId ?? randomBytes(12).toString("base64url");
  const [existing] = await db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.authorUid, viewer.uid), eq(comments.clientId, clientId)));
  if (existing) return commentById(db, viewer, existing.id);
  const post = await visiblePostRow(db, postId);
  let parentAuthor: string | null = null;
  if (input.parentId) {
    const [parent] = await db
      .select()
      .from(comments)
      .where(and(eq(comments.id, input.parentId), eq(comments.postId, postId), isNull(comments.hiddenAt), isNull(comments.deletedAt)));
    if (!parent) throw new AppError("invalid-argument", "parentId: no such comment on this post.");
    if (parent.parentId !== null) throw new AppError("invalid-argument", "parentId: replies go to a top-level comment.");
    parentAuthor = parent.authorUid;
  }
  await limit(db, viewer, "comment", now);
  const { row, events } = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(comments)
      .values({
        postId,
        parentId: input.parentId ?? null,
        authorUid: viewer.uid,
        clientId,
        body: input.body,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) return { row: undefined, events: [] };
    await tx
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} + 1` })
      .where(eq(posts.id, postId));
    const data = { postId, commentId: inserted.id, excerpt: excerpt(input.body) };
    const link = postLink(postId);
    const named = await mentioned(tx, input.body, viewer.uid);
    const inputs: NotificationInput[] = [];
    const told = new Set<string>([viewer.uid]);
    if (parentAuthor && !told.has(parentAuthor)) {
      inputs.push({ uid: parentAuthor, kind: "reply", actorUid: viewer.uid, link, data });
      told.add(parentAuthor);
    }
    if (!told.has(post.authorUid)) {
      inputs.push({ uid: post.authorUid, kind: "comment", actorUid: viewer.uid, link, data });
      told.add(post.authorUid);
    }
    for (const uid of named) if (!told.has(uid)) inputs.push({ uid, kind: "mention", actorUid: viewer.uid, link, data });
    return { row: inserted, events: await notify(tx, inputs, now, rules) };
  });
  if (!row) return createComment(db, hub, viewer, postId, { ...input, clientId }, now, rules);
  for (const event of events) hub.publish(event);
  return commentById(db, viewer, row.id);
}

async function ownComment(db: Database, viewer: Viewer, id: number, now: number, action: "edit" | "delete"): Promise<CommentRow> {
  const [row] = await db
    .select()
    .from(comments)
    .where(and(eq(comments.id, id), isNull(comments.hiddenAt), isNull(comments.deletedAt)));
  if (!row) throw new AppError("not-found", "No such comment.");
  if (row.authorUid !== viewer.uid) throw new AppError("permission-denied", "Only its author can change this comment.");
  if (action === "edit" && now - row.createdAt > FEED_EDIT_WINDOW_MS)
    throw new AppError("permission-denied", "Comments can be edited for a day after posting.", { reason: "too-late" });
  return row;
}

/** The author edits a comment (for a day); members the edit names for the first time are told. */
export async function editComment(
  db: Database,
  hub: RealtimeHub,
  viewer: Viewer,
  id: number,
  body: string,
  now = Date.now(),
  rules: NotifyRules = DEFAULT_NOTIFY_RULES,
): Promise<Comment> {
  const row = await ownComment(db, viewer, id, now, "edit");
  const events = await db.transaction(async (tx) => {
    await tx.update(comments).set({ body, editedAt: now }).where(eq(comments.id, id));
    const thing = { postId: row.postId, commentId: id };
    const named = await newlyMentioned(tx, row.body, body, row.authorUid, thing);
    return tellMentioned(tx, named, viewer.uid, thing, body, now, rules);
  });
  for (const event of events) hub.publish(event);
  return commentById(db, viewer, id);
}

export async function deleteComment(db: Database, viewer: Viewer, id: number, now = Date.now()): Promise<void> {
  const row = await ownComment(db, viewer, id, now, "delete");
  await removeComment(db, row, { erase: false, now });
}

/** Takes a comment out of its post (the post's count follows); `hide` keeps the text for the record, otherwise it is deleted. */
export async function removeComment(
  db: Database,
  row: CommentRow,
  { erase, now, hiddenBy }: { erase: boolean; now: number; hiddenBy?: string },
) {
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(comments)
      .set(hiddenBy ? { hiddenAt: now, hiddenBy, ...(erase ? { body: "" } : {}) } : { deletedAt: now, ...(erase ? { body: "" } : {}) })
      .where(and(eq(comments.id, row.id), isNull(comments.hiddenAt), isNull(comments.deletedAt)))
      .returning();
    if (changed)
      await tx
        .update(posts)
        .set({ commentCount: sql`greatest(${posts.commentCount} - 1, 0)` })
        .where(eq(posts.id, row.postId));
  });
}

export async function likeComment(db: Database, hub: RealtimeHub, viewer: Viewer, id: number, on: boolean, now = Date.now()) {
  const [row] = await db
    .select()
    .from(comments)
    .where(and(eq(comments.id, id), isNull(comments.hiddenAt), isNull(comments.deletedAt)));
  if (!row) throw new AppError("not-found", "No such comment.");
  const events = await db.transaction(async (tx) => {
    if (on) {
      const added = await tx
        .insert(commentLikes)
        .values({ commentId: id, uid: viewer.uid, createdAt: now })
        .onConflictDoNothing()
        .returning();
      if (added.length === 0) return [];
      await tx
        .update(comments)
        .set({ likeCount: sql`${comments.likeCount} + 1` })
        .where(eq(comments.id, id));
      await awardPoints(tx, { uid: row.authorUid, reason: "comment-liked", source: likeSource(id, viewer.uid), actorUid: viewer.uid }, now);
      return notifyLike(tx, viewer, row.authorUid, { postId: row.postId, commentId: id, body: row.body }, now);
    }
    const removed = await tx
      .delete(commentLikes)
      .where(and(eq(commentLikes.commentId, id), eq(commentLikes.uid, viewer.uid)))
      .returning();
    if (removed.length > 0) {
      await tx
        .update(comments)
        .set({ likeCount: sql`greatest(${comments.likeCount} - 1, 0)` })
        .where(eq(comments.id, id));
      await revokePoints(tx, { uid: row.authorUid, reason: "comment-liked", source: likeSource(id, viewer.uid) }, now);
    }
    return [];
  });
  for (const event of events) hub.publish(event);
  const [counted] = await db.select({ likeCount: comments.likeCount }).from(comments).where(eq(comments.id, id));
  return { liked: on, likes: counted?.likeCount ?? 0 };
}

/** The newest post id of a language (the `feed:{language}` topic), or null. */
export async function feedLastId(db: Database, language: string): Promise<number | null> {
  const [row] = await db
    .select({ last: sql<string | number | null>`max(${posts.id})` })
    .from(posts)
    .where(eq(posts.language, language));
  return row?.last === null || row?.last === undefined ? null : Number(row.last);
}

/** Posts after `afterId` for a resuming subscriber, oldest first; undefined past `max` (the client reloads). */
export async function feedEventsAfter(
  db: Database,
  language: string,
  afterId: number,
  max = FEED_REPLAY_MAX,
): Promise<PersistedEvent[] | undefined> {
  const rows = await postsWhere(db, null, and(eq(posts.language, language), visiblePost, gt(posts.id, afterId)), [asc(posts.id)], max + 1);
  if (rows.length > max) return undefined;
  return rows.map((post) => ({ type: "post", topic: feedTopic(language), id: post.id, post }));
}

/** Posts hidden by moderators (deleted ones are gone for good), most recently hidden first. */
export async function listHiddenPosts(db: Database, viewer: Viewer, limit = 30): Promise<HiddenPost[]> {
  if (!can(viewer.role, "post:hide")) throw new AppError("permission-denied", "Only moderators see hidden posts.");
  const rows = await db
    .select({
      id: posts.id,
      authorUid: posts.authorUid,
      displayName: sql<string>`coalesce(${users.displayName}, '')`,
      body: posts.body,
      language: posts.language,
      hiddenAt: posts.hiddenAt,
      hiddenBy: sql<string | null>`(select display_name from users where uid = ${posts.hiddenBy})`,
    })
    .from(posts)
    .innerJoin(users, eq(users.uid, posts.authorUid))
    .where(and(sql`${posts.hiddenAt} is not null`, isNull(posts.deletedAt)))
    .orderBy(desc(posts.hiddenAt), desc(posts.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    author: { uid: row.authorUid, displayName: row.displayName },
    excerpt: excerpt(row.body),
    language: row.language,
    hiddenAt: row.hiddenAt ?? 0,
    hiddenBy: row.hiddenBy,
  }));
}

/**
 * A comment a moderator hid and may put back: its text kept (a report's "delete" erased it), not
 * deleted by its author, on a post that still exists.
 */
const restorableComment = and(
  isNotNull(comments.hiddenAt),
  isNull(comments.deletedAt),
  ne(comments.body, ""),
  sql`exists (select 1 from posts where posts.id = ${comments.postId} and posts.deleted_at is null)`,
);

/** Comments moderators hid, their text kept, most recently hidden first. */
export async function listHiddenComments(db: Database, viewer: Viewer, limit = 30): Promise<HiddenComment[]> {
  if (!can(viewer.role, "comment:hide")) throw new AppError("permission-denied", "Only moderators see hidden comments.");
  const rows = await db
    .select({
      id: comments.id,
      postId: comments.postId,
      authorUid: comments.authorUid,
      displayName: sql<string>`coalesce(${users.displayName}, '')`,
      body: comments.body,
      hiddenAt: comments.hiddenAt,
      hiddenBy: sql<string | null>`(select display_name from users where uid = ${comments.hiddenBy})`,
    })
    .from(comments)
    .innerJoin(users, eq(users.uid, comments.authorUid))
    .where(restorableComment)
    .orderBy(desc(comments.hiddenAt), desc(comments.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    postId: row.postId,
    author: { uid: row.authorUid, displayName: row.displayName },
    excerpt: excerpt(row.body),
    hiddenAt: row.hiddenAt ?? 0,
    hiddenBy: row.hiddenBy,
  }));
}

/** A moderator puts a hidden comment back in its thread (the post's count follows), recorded in the audit log. */
export async function restoreComment(db: Database, moderator: Viewer, id: number, now = Date.now()): Promise<void> {
  if (!can(moderator.role, "comment:hide")) throw new AppError("permission-denied", "Only moderators restore comments.");
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(comments)
      .set({ hiddenAt: null, hiddenBy: null })
      .where(and(eq(comments.id, id), restorableComment))
      .returning({ postId: comments.postId });
    if (!row) throw new AppError("not-found", "No such hidden comment.");
    await tx
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} + 1` })
      .where(eq(posts.id, row.postId));
    await recordAudit(tx, { actorUid: moderator.uid, action: "comment.restore", targetKind: "comment", targetId: String(id) }, now);
  });
}
