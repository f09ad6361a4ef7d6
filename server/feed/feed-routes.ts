/** The feed API (`/api/feed/*`): posts, likes, comments; visitors read, members write. */
import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import {
  commentsQuery,
  createCommentBody,
  createPostBody,
  editCommentBody,
  editPostBody,
  feedQuery,
  pinBody,
} from "../../universal/feed/feed-schemas.ts";
import { AppError } from "../errors.ts";
import { allowPermission, parseJson, parseQuery, requirePermission, type AppContext, type AppEnv } from "../http/context.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import {
  createComment,
  createPost,
  deleteComment,
  deletePost,
  editComment,
  editPost,
  getPost,
  likeComment,
  likePost,
  listComments,
  listPosts,
  pinPost,
} from "./feed.ts";

function idParam(c: AppContext, what: string): number {
  const id = Number(c.req.param("id"));
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError("not-found", `No such ${what}.`);
  return id;
}

export function feedRoutes(db: Database, hub: RealtimeHub) {
  return new Hono<AppEnv>()
    .get("/feed", async (c) => {
      const viewer = allowPermission(c, "view:record");
      return c.json(await listPosts(db, viewer, parseQuery(c, feedQuery)));
    })
    .post("/feed", async (c) => {
      const viewer = requirePermission(c, "post:create");
      const body = await parseJson(c, createPostBody);
      if (body.images?.length) throw new AppError("invalid-argument", "images: image uploads are not open yet.");
      return c.json({ data: await createPost(db, hub, viewer, body) }, 201);
    })
    .get("/feed/:id", async (c) => {
      const viewer = allowPermission(c, "view:record");
      return c.json({ data: await getPost(db, viewer, idParam(c, "post")) });
    })
    .patch("/feed/:id", async (c) => {
      const viewer = requirePermission(c, "post:create");
      const { body } = await parseJson(c, editPostBody);
      return c.json({ data: await editPost(db, viewer, idParam(c, "post"), body) });
    })
    .delete("/feed/:id", async (c) => {
      const viewer = requirePermission(c, "post:create");
      await deletePost(db, viewer, idParam(c, "post"));
      return c.json({ ok: true });
    })
    .put("/feed/:id/like", async (c) => {
      const viewer = requirePermission(c, "like:create");
      return c.json({ data: await likePost(db, hub, viewer, idParam(c, "post"), true) });
    })
    .delete("/feed/:id/like", async (c) => {
      const viewer = requirePermission(c, "like:create");
      return c.json({ data: await likePost(db, hub, viewer, idParam(c, "post"), false) });
    })
    .post("/feed/:id/pin", async (c) => {
      const moderator = requirePermission(c, "post:hide");
      const { pinned } = await parseJson(c, pinBody);
      const id = idParam(c, "post");
      const post = await pinPost(db, id, pinned);
      c.get("logger").info("post pinned", { by: moderator.uid, post: id, pinned });
      return c.json({ data: post });
    })
    .get("/feed/:id/comments", async (c) => {
      const viewer = allowPermission(c, "view:record");
      const { after } = parseQuery(c, commentsQuery);
      return c.json({ data: await listComments(db, viewer, idParam(c, "post"), after) });
    })
    .post("/feed/:id/comments", async (c) => {
      const viewer = requirePermission(c, "comment:create");
      const body = await parseJson(c, createCommentBody);
      return c.json({ data: await createComment(db, hub, viewer, idParam(c, "post"), body) }, 201);
    })
    .patch("/feed/comments/:id", async (c) => {
      const viewer = requirePermission(c, "comment:create");
      const { body } = await parseJson(c, editCommentBody);
      return c.json({ data: await editComment(db, viewer, idParam(c, "comment"), body) });
    })
    .delete("/feed/comments/:id", async (c) => {
      const viewer = requirePermission(c, "comment:create");
      await deleteComment(db, viewer, idParam(c, "comment"));
      return c.json({ ok: true });
    })
    .put("/feed/comments/:id/like", async (c) => {
      const viewer = requirePermission(c, "like:create");
      return c.json({ data: await likeComment(db, hub, viewer, idParam(c, "comment"), true) });
    })
    .delete("/feed/comments/:id/like", async (c) => {
      const viewer = requirePermission(c, "like:create");
      return c.json({ data: await likeComment(db, hub, viewer, idParam(c, "comment"), false) });
    });
}
