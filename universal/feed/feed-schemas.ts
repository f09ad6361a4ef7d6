/**
 * The feed API's request shapes, validated with Zod on the server; the limits and answer types are
 * in feed-limits.ts, which the browser imports instead.
 */
import { z } from "zod";
import { languages } from "../i18n/languages.ts";
import { boundedText, clientIdSchema } from "../schemas.ts";
import { COMMENT_BODY_MAX, ENTRY_REFERENCE, FEED_PAGE, FEED_PAGE_MAX, feedSorts, POST_BODY_MAX } from "./feed-limits.ts";

export * from "./feed-limits.ts";

const text = (max: number, what: string) => boundedText(max, what, { lineEnds: true });

/** A catalog entry as content links name it: `item:iron-sword`. */
const entryReference = z.string().regex(ENTRY_REFERENCE, "entry: a catalog entry like item:iron-sword");

/**
 * A new post, as JSON or as the fields of a multipart form (whose files, `images`, are read apart).
 * `clientId` makes a retry answer the post already made instead of posting twice.
 */
export const createPostBody = z
  .object({
    body: text(POST_BODY_MAX, "a post"),
    lang: z.enum(languages, "lang: vi or en-US"),
    clientId: clientIdSchema.optional(),
    entry: z.union([entryReference, z.literal("").transform(() => null), z.null()]).optional(),
  })
  .strict();

/** The author edits `body`; moderators may also set `hidden` and `pinned`. */
export const editPostBody = z
  .object({ body: text(POST_BODY_MAX, "a post").optional(), hidden: z.boolean().optional(), pinned: z.boolean().optional() })
  .strict()
  .refine((edit) => edit.body !== undefined || edit.hidden !== undefined || edit.pinned !== undefined, "Nothing to change.");

export const createCommentBody = z
  .object({
    body: text(COMMENT_BODY_MAX, "a comment"),
    clientId: clientIdSchema.optional(),
    parentId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  })
  .strict();

export const editCommentBody = z.object({ body: text(COMMENT_BODY_MAX, "a comment") }).strict();

const positiveId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** Opaque to clients: the `nextCursor` of the previous page. */
const postCursor = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, "cursor: the nextCursor of the previous page")
  .transform(Number);

/** An empty parameter (`?lang=`, a GET form's unchosen select) means no filter, as in the member directory. */
const unsetIfEmpty = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

export const feedQuery = z.object({
  lang: unsetIfEmpty(z.enum(languages)),
  sort: unsetIfEmpty(z.enum(feedSorts)).transform((sort) => sort ?? "new"),
  cursor: unsetIfEmpty(postCursor),
  limit: unsetIfEmpty(z.coerce.number().int().min(1).max(FEED_PAGE_MAX)).transform((limit) => limit ?? FEED_PAGE),
});

/** A member's posts on their profile (`/users?id=…&posts=`): the cursor as the feed's newest order gives it. */
export const authorPostsQuery = z.object({
  cursor: unsetIfEmpty(postCursor),
});

export const commentsQuery = z.object({ after: unsetIfEmpty(positiveId) });
