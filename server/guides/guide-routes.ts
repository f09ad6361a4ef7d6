/** The guides API (`/api/guides/*`): members write and submit, moderators review; handlers only parse, check and call. */
import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { createGuideBody, GUIDE_BODY_MAX, guidesQuery, rejectGuideBody, updateGuideBody } from "../../universal/guides/guide-schemas.ts";
import { AppError } from "../errors.ts";
import { allowPermission, idParam, parseJson, parseQuery, requirePermission, type AppEnv } from "../http/context.ts";
import { renderMarkdown } from "../markdown/render-markdown.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import {
  approveGuide,
  createGuide,
  deleteGuide,
  getGuide,
  listHiddenGuides,
  listOwnGuides,
  listPublishedGuides,
  listReviewQueue,
  rejectGuide,
  restoreGuide,
  submitGuide,
  updateGuide,
} from "./guides.ts";

const previewBody = z.object({ body: z.string().max(GUIDE_BODY_MAX, `body: at most ${GUIDE_BODY_MAX} characters`) }).strict();

export function guideRoutes(db: Database, hub: RealtimeHub) {
  return new Hono<AppEnv>()
    .get("/guides", async (c) => {
      allowPermission(c, "view:record");
      const query = parseQuery(c, guidesQuery);
      if (query.author === "me") return c.json({ data: await listOwnGuides(db, requirePermission(c, "guide:submit")) });
      if (query.status === "review") {
        requirePermission(c, "guide:approve");
        return c.json({ data: await listReviewQueue(db) });
      }
      if (query.status === "draft")
        throw new AppError("invalid-argument", "status: drafts are listed to their author (author=me).", { field: "status" });
      return c.json({ data: await listPublishedGuides(db) });
    })
    .post("/guides", async (c) => {
      const viewer = requirePermission(c, "guide:submit");
      return c.json(
        { data: await createGuide(db, viewer, await parseJson(c, createGuideBody), Date.now(), c.get("quotas")["guide-drafts"]) },
        201,
      );
    })
    .post("/guides/preview", async (c) => {
      requirePermission(c, "guide:submit");
      const { body } = await parseJson(c, previewBody);
      return c.json({ data: { html: renderMarkdown(body).html } });
    })
    .get("/guides/hidden", async (c) => {
      const moderator = requirePermission(c, "guide:approve");
      return c.json({ data: await listHiddenGuides(db, moderator) });
    })
    .get("/guides/:id", async (c) => {
      const viewer = requirePermission(c, "guide:submit");
      return c.json({ data: await getGuide(db, viewer, idParam(c, "guide")) });
    })
    .patch("/guides/:id", async (c) => {
      const viewer = requirePermission(c, "guide:submit");
      const input = await parseJson(c, updateGuideBody);
      return c.json({ data: await updateGuide(db, viewer, idParam(c, "guide"), input) });
    })
    .delete("/guides/:id", async (c) => {
      const viewer = requirePermission(c, "guide:submit");
      await deleteGuide(db, viewer, idParam(c, "guide"));
      return c.json({ ok: true });
    })
    .post("/guides/:id/submit", async (c) => {
      const viewer = requirePermission(c, "guide:submit");
      return c.json({ data: await submitGuide(db, viewer, idParam(c, "guide")) });
    })
    .post("/guides/:id/approve", async (c) => {
      const moderator = requirePermission(c, "guide:approve");
      const id = idParam(c, "guide");
      const guide = await approveGuide(db, hub, moderator, id);
      c.get("logger").info("guide approved", { by: moderator.uid, guide: id });
      return c.json({ data: guide });
    })
    .post("/guides/:id/restore", async (c) => {
      const moderator = requirePermission(c, "guide:approve");
      const id = idParam(c, "guide");
      const guide = await restoreGuide(db, moderator, id);
      c.get("logger").info("guide restored", { by: moderator.uid, guide: id });
      return c.json({ data: guide });
    })
    .post("/guides/:id/reject", async (c) => {
      const moderator = requirePermission(c, "guide:approve");
      const { reason } = await parseJson(c, rejectGuideBody);
      const id = idParam(c, "guide");
      const guide = await rejectGuide(db, hub, moderator, id, reason);
      c.get("logger").info("guide sent back", { by: moderator.uid, guide: id });
      return c.json({ data: guide });
    });
}
