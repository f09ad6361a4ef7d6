/** Player reputation (`/api/reputation`, `/api/characters/claims`, scam reports' screenshots). */
import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import { can } from "../../universal/auth/permissions.ts";
import { claimBody, reputationQuery } from "../../universal/offers/offer-schemas.ts";
import { AppError } from "../errors.ts";
import { allowPermission, parseJson, parseQuery, requirePermission, type AppEnv } from "../http/context.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { claimCharacter, deleteClaim, listClaims, reportImage, reputationOf } from "./reputation.ts";

export function reputationRoutes(db: Database, hub: RealtimeHub): Hono<AppEnv> {
  void hub;
  return new Hono<AppEnv>()
    .get("/reputation", async (c) => {
      allowPermission(c, "view:record");
      const { name, server } = parseQuery(c, reputationQuery);
      return c.json({ data: await reputationOf(db, name, server) });
    })
    .get("/characters/claims", async (c) => {
      const viewer = requirePermission(c, "character:claim:own");
      return c.json({ data: await listClaims(db, viewer) });
    })
    .post("/characters/claims", async (c) => {
      const viewer = requirePermission(c, "character:claim:own");
      const body = await parseJson(c, claimBody);
      const { claim, created } = await claimCharacter(db, viewer, body);
      return c.json({ data: claim }, created ? 201 : 200);
    })
    .delete("/characters/claims/:id", async (c) => {
      const viewer = requirePermission(c, "character:claim:own");
      const id = Number(c.req.param("id"));
      if (!Number.isSafeInteger(id) || id < 1) throw new AppError("not-found", "No such claim.");
      await deleteClaim(db, viewer, id);
      return c.json({ ok: true });
    })
    .get("/reputation/images/:id", async (c) => {
      const viewer = allowPermission(c, "view:record");
      const id = c.req.param("id");
      const image = /^[A-Za-z0-9_-]{16,32}$/.test(id) ? await reportImage(db, id, can(viewer?.role, "report:verify")) : null;
      if (!image) throw new AppError("not-found", "No such image.");
      return c.body(new Uint8Array(image.data), 200, {
        "Content-Type": image.contentType,
        "Cache-Control": "private, max-age=86400, immutable",
        "X-Content-Type-Options": "nosniff",
      });
    });
}
