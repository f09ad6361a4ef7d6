/** The feed API (`/api/feed/*`): posts, images, likes, comments; visitors read, members write. */
import { DEFAULT_NOTIFY_RULES, type NotifyRules } from "../notifications/notifications.ts";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Database } from "../../db/client.ts";
import {
  commentsQuery,
  createCommentBody,
  createPostBody,
  editCommentBody,
  editPostBody,
  feedQuery,
  POST_IMAGE_MAX_BYTES,
  POST_IMAGES_MAX,
} from "../../universal/feed/feed-schemas.ts";
import { AppError } from "../errors.ts";
import {
  allowPermission,
  idParam,
  parseJson,
  parseQuery,
  parseValue,
  requirePermission,
  type AppContext,
  type AppEnv,
} from "../http/context.ts";
import { isMultipart, readMultipartForm, withUploadSlot } from "../http/uploads.ts";
import { reencodeImage, type ReencodedImage } from "../images/image-decoding.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { publishPagesChanged } from "../delivery/page-changes.ts";
import { changePost, deletePost } from "./change-post.ts";
import { createComment, deleteComment, editComment, listComments } from "./comments.ts";
import { createPost } from "./create-post.ts";
import { listHiddenComments, listHiddenPosts, restoreComment } from "./feed-moderation.ts";
import { assertMayPost } from "./feed-rate-limits.ts";
import { FEED_PAGES } from "./feed-rows.ts";
import { likeComment, likePost } from "./likes.ts";
import { getPost, listPosts, postImage } from "./list-posts.ts";
import { isImageId } from "../images/image-id.ts";

/** A whole multipart post: its images at their largest and a little for the fields and the parts' headers. */
export const POST_UPLOAD_MAX_BYTES = POST_IMAGES_MAX * POST_IMAGE_MAX_BYTES + 64 * 1024;
/**
 * A post as JSON: its text and a few fields (the route takes files, so the app's body limit leaves it
 * to the route).
 */
const POST_JSON_MAX_BYTES = 64 * 1024;
const jsonLimit = bodyLimit({
  maxSize: POST_JSON_MAX_BYTES,
  onError: () => {
    throw new AppError("payload-too-large", `The post must be ${POST_JSON_MAX_BYTES / 1024} KB or smaller.`);
  },
});
/** Images are at most this wide or tall once re-encoded. */
const IMAGE_EDGE = 1600;

const tooLarge = () =>
  new AppError("invalid-argument", `Each image must be ${POST_IMAGE_MAX_BYTES / 1024 / 1024} MB or smaller.`, { reason: "image-size" });

const bodyTooLarge = () =>
  new AppError("payload-too-large", `A post with its images must be ${Math.ceil(POST_UPLOAD_MAX_BYTES / 1024 / 1024)} MB or smaller.`, {
    reason: "image-size",
  });

/**
 * A post sent as `multipart/form-data` (read under the route's cap): the fields `body`, `lang`,
 * `entry`, `clientId` and up to four files named `images`, each re-encoded (resized, metadata
 * dropped) before anything is written.
 */
async function readPostForm(c: AppContext) {
  const { fields, files } = await readMultipartForm(c, {
    maxBytes: POST_UPLOAD_MAX_BYTES,
    fileField: "images",
    what: "post",
    tooLarge: bodyTooLarge,
  });
  const parsed = parseValue(createPostBody, fields, "body");
  if (files.length > POST_IMAGES_MAX)
    throw new AppError("invalid-argument", `At most ${POST_IMAGES_MAX} images.`, { reason: "image-count" });
  if (files.some((file) => file.size > POST_IMAGE_MAX_BYTES)) throw tooLarge();
  const images: ReencodedImage[] = [];
  for (const file of files)
    images.push(
      await reencodeImage(new Uint8Array(await file.arrayBuffer()), "An image", (image) =>
        image.resize(IMAGE_EDGE, IMAGE_EDGE, { fit: "inside", withoutEnlargement: true }),
      ),
    );
  return { ...parsed, images };
}

/**
 * A like changes only a count, which a visitor's cached page may show late (its short lifetime); any
 * other write changes what it shows.
 */
const LIKE_PATH = /\/like$/;

export function feedRoutes(db: Database, hub: RealtimeHub, rules: NotifyRules = DEFAULT_NOTIFY_RULES) {
  return new Hono<AppEnv>()
    .use("/feed/*", async (c, next) => {
      await next();
      // Every write below has committed when its handler answers.
      if (c.req.method !== "GET" && c.res.ok && !LIKE_PATH.test(c.req.path)) publishPagesChanged(hub, FEED_PAGES);
    })
    .get("/feed/hidden", async (c) => {
      const viewer = requirePermission(c, "post:hide");
      return c.json({ data: await listHiddenPosts(db, viewer) });
    })
    .get("/feed/posts", async (c) => {
      const viewer = allowPermission(c, "view:record");
      return c.json(await listPosts(db, viewer, parseQuery(c, feedQuery)));
    })
    .post(
      "/feed/posts",
      // A JSON post is capped like any JSON body; a multipart one is read by the handler, after its checks.
      (c, next) => (isMultipart(c) ? next() : jsonLimit(c, next)),
      async (c) => {
        const viewer = requirePermission(c, "post:create");
        if (!isMultipart(c))
          return c.json({ data: await createPost(db, hub, viewer, await parseJson(c, createPostBody), Date.now(), rules) }, 201);
        // The post limit first: a member past it is refused before a byte of the images is read.
        await assertMayPost(db, viewer);
        const post = await withUploadSlot(viewer.uid, async () => createPost(db, hub, viewer, await readPostForm(c), Date.now(), rules));
        return c.json({ data: post }, 201);
      },
    )
    .get("/feed/posts/:id", async (c) => {
      const viewer = allowPermission(c, "view:record");
      return c.json({ data: await getPost(db, viewer, idParam(c, "post")) });
    })
    .patch("/feed/posts/:id", async (c) => {
      const viewer = requirePermission(c, "post:create");
      const change = await parseJson(c, editPostBody);
      const id = idParam(c, "post");
      const post = await changePost(db, hub, viewer, id, change, Date.now(), rules);
      if (change.hidden !== undefined || change.pinned !== undefined)
        c.get("logger").info("post moderated", { by: viewer.uid, post: id, hidden: change.hidden, pinned: change.pinned });
      return c.json({ data: post });
    })
    .delete("/feed/posts/:id", async (c) => {
      const viewer = requirePermission(c, "post:create");
      await deletePost(db, viewer, idParam(c, "post"));
      return c.json({ ok: true });
    })
    .post("/feed/posts/:id/like", async (c) => {
      const viewer = requirePermission(c, "like:create");
      return c.json({ data: await likePost(db, hub, viewer, idParam(c, "post"), true) });
    })
    .delete("/feed/posts/:id/like", async (c) => {
      const viewer = requirePermission(c, "like:create");
      return c.json({ data: await likePost(db, hub, viewer, idParam(c, "post"), false) });
    })
    .get("/feed/posts/:id/comments", async (c) => {
      const viewer = allowPermission(c, "view:record");
      const { after } = parseQuery(c, commentsQuery);
      return c.json({ data: await listComments(db, viewer, idParam(c, "post"), after) });
    })
    .post("/feed/posts/:id/comments", async (c) => {
      const viewer = requirePermission(c, "comment:create");
      const body = await parseJson(c, createCommentBody);
      return c.json({ data: await createComment(db, hub, viewer, idParam(c, "post"), body, Date.now(), rules) }, 201);
    })
    .get("/feed/comments/hidden", async (c) => {
      const viewer = requirePermission(c, "comment:hide");
      return c.json({ data: await listHiddenComments(db, viewer) });
    })
    .post("/feed/comments/:id/restore", async (c) => {
      const viewer = requirePermission(c, "comment:hide");
      const id = idParam(c, "comment");
      await restoreComment(db, viewer, id);
      c.get("logger").info("comment restored", { by: viewer.uid, comment: id });
      return c.json({ ok: true });
    })
    .patch("/feed/comments/:id", async (c) => {
      const viewer = requirePermission(c, "comment:create");
      const { body } = await parseJson(c, editCommentBody);
      return c.json({ data: await editComment(db, hub, viewer, idParam(c, "comment"), body, Date.now(), rules) });
    })
    .delete("/feed/comments/:id", async (c) => {
      const viewer = requirePermission(c, "comment:create");
      await deleteComment(db, viewer, idParam(c, "comment"));
      return c.json({ ok: true });
    })
    .post("/feed/comments/:id/like", async (c) => {
      const viewer = requirePermission(c, "like:create");
      return c.json({ data: await likeComment(db, hub, viewer, idParam(c, "comment"), true) });
    })
    .delete("/feed/comments/:id/like", async (c) => {
      const viewer = requirePermission(c, "like:create");
      return c.json({ data: await likeComment(db, hub, viewer, idParam(c, "comment"), false) });
    })
    .get("/feed/images/:id", async (c) => {
      const id = c.req.param("id");
      const image = isImageId(id) ? await postImage(db, id) : null;
      if (!image) throw new AppError("not-found", "No such image.");
      // The id names these bytes for ever; a hidden post's images stop answering at once (private: no shared cache keeps them).
      return c.body(new Uint8Array(image.data), 200, {
        "Content-Type": image.contentType,
        "Cache-Control": "private, max-age=86400, immutable",
        "X-Content-Type-Options": "nosniff",
      });
    });
}
