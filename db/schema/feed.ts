import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { authUsers } from "./auth.ts";

/** An image of a post, as the post keeps it (the file is in `post_images`). */
export interface PostImageRef {
  id: string;
  width: number;
  height: number;
}

const author = (name: string) =>
  text(name)
    .notNull()
    .references(() => authUsers.id, { onDelete: "cascade" });

/**
 * Feed posts. Ids come from one sequence, so they strictly increase within every language: a
 * post's id is its event id on the `feed:{language}` realtime topic. `client_id` makes posting
 * idempotent per author. Like and comment counts are kept with each like and comment, in the same
 * transaction. A hidden post (moderators) or a deleted one (its author) keeps its row and leaves
 * every list and its own page. Timestamps are milliseconds since the epoch.
 */
export const posts = pgTable(
  "posts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    authorUid: author("author_uid"),
    clientId: text("client_id").notNull(),
    language: text("language").notNull(),
    /** Markdown, rendered by the same safe renderer as guides. */
    body: text("body").notNull(),
    /** A linked catalog entry, shown as its card. */
    entryKind: text("entry_kind"),
    entryId: text("entry_id"),
    images: jsonb("images")
      .$type<PostImageRef[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    likeCount: integer("like_count").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    pinnedAt: bigint("pinned_at", { mode: "number" }),
    hiddenAt: bigint("hidden_at", { mode: "number" }),
    hiddenBy: text("hidden_by"),
    deletedAt: bigint("deleted_at", { mode: "number" }),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    editedAt: bigint("edited_at", { mode: "number" }),
  },
  (table) => [
    uniqueIndex("posts_client").on(table.authorUid, table.clientId),
    index("posts_language").on(table.language, table.id),
    index("posts_created").on(table.createdAt),
    // The week's top of a language, read in its order (backwards) while the week's posts fill a page.
    index("posts_top").on(table.language, table.likeCount, table.commentCount, table.id),
    // The pinned posts above a language's first page: a handful of rows, found without reading the rest.
    index("posts_pinned")
      .on(table.language, table.pinnedAt)
      .where(sql`${table.pinnedAt} is not null`),
    index("posts_author").on(table.authorUid, table.id),
    // The app-bar search over posts, folded ("giap" finds "Giáp"), by trigram.
    index("posts_body_search").using("gin", sql`f_unaccent(lower(${table.body})) gin_trgm_ops`),
    check("posts_entry", sql`(${table.entryKind} is null) = (${table.entryId} is null)`),
  ],
);

/** Images uploaded for posts, re-encoded on the server (metadata dropped); `post_id` is set when a post takes them. */
export const postImages = pgTable(
  "post_images",
  {
    id: text("id").primaryKey(),
    uid: author("uid"),
    postId: bigint("post_id", { mode: "number" }).references(() => posts.id, { onDelete: "cascade" }),
    contentType: text("content_type").notNull(),
    data: text("data").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (table) => [index("post_images_post").on(table.postId)],
);

/** One like per member and post (undo deletes it). */
export const postLikes = pgTable(
  "post_likes",
  {
    postId: bigint("post_id", { mode: "number" })
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    uid: author("uid"),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.uid] }), index("post_likes_created").on(table.createdAt)],
);

/** Comments, with one level of replies (`parent_id` names a top-level comment of the same post). */
export const comments = pgTable(
  "comments",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    postId: bigint("post_id", { mode: "number" })
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    parentId: bigint("parent_id", { mode: "number" }),
    authorUid: author("author_uid"),
    clientId: text("client_id").notNull(),
    body: text("body").notNull(),
    likeCount: integer("like_count").notNull().default(0),
    hiddenAt: bigint("hidden_at", { mode: "number" }),
    hiddenBy: text("hidden_by"),
    deletedAt: bigint("deleted_at", { mode: "number" }),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    editedAt: bigint("edited_at", { mode: "number" }),
  },
  (table) => [uniqueIndex("comments_client").on(table.authorUid, table.clientId), index("comments_post").on(table.postId, table.id)],
);

export const commentLikes = pgTable(
  "comment_likes",
  {
    commentId: bigint("comment_id", { mode: "number" })
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    uid: author("uid"),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.commentId, table.uid] })],
);
