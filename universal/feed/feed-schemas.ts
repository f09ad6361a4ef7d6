/**
 * The feed API's request shapes, validated with Zod on the server; the limits and answer types are
 * in feed-limits.ts, which the browser imports instead.
 */
import { z } from "zod";
import { languages } from "../i18n/languages.ts";
import { clientIdSchema } from "../chat/chat-schemas.ts";
import { COMMENT_BODY_MAX, FEED_PAGE, FEED_PAGE_MAX, feedOrders, linkableKinds, POST_BODY_MAX, POST_IMAGES_MAX } from "./feed-limits.ts";

export * from "./feed-limits.ts";

const text = (max: number, what: string) =>
  z
    .string()
    .max(max * 2, `${what}: at most ${max} characters`)
    .transform((value) => value.trim())
    .pipe(z.string().min(1, `${what} needs some text`).max(max, `${what}: at most ${max} characters`));

const entryRef = z.object({ kind: z.enum(linkableKinds), id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,80}$/, "not an entry id") }).strict();

export const createPostBody = z
  .object({
    body: text(POST_BODY_MAX, "a post"),
    language: z.enum(languages),
    clientId: clientIdSchema,
    entry: entryRef.nullable().optional(),
    images: z
      .array(z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "not an image id"))
      .max(POST_IMAGES_MAX)
      .optional(),
  })
  .strict();

export const editPostBody = z.object({ body: text(POST_BODY_MAX, "a post") }).strict();

export const createCommentBody = z
  .object({
    body: text(COMMENT_BODY_MAX, "a comment"),
    clientId: clientIdSchema,
    parentId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  })
  .strict();

export const editCommentBody = z.object({ body: text(COMMENT_BODY_MAX, "a comment") }).strict();

export const pinBody = z.object({ pinned: z.boolean() }).strict();

const postId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const feedQuery = z.object({
  language: z.enum(languages).optional(),
  order: z.enum(feedOrders).default("newest"),
  /** The last post id of the previous page (newest), or the offset (top: a week's posts, ranked). */
  cursor: postId.optional(),
  limit: z.coerce.number().int().min(1).max(FEED_PAGE_MAX).default(FEED_PAGE),
});

export const commentsQuery = z.object({ after: postId.optional() });
