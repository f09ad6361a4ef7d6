import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { PACK_KIND_NAMES, type PackKind } from "../../universal/content/pack-schema.ts";
import { packIdSchema } from "../../universal/schemas.ts";
import { AppError } from "../errors.ts";
import { allowPermission, parseJson, type AppEnv } from "../http/context.ts";
import { createViewCounter } from "./trending.ts";

const viewBody = z.strictObject({
  kind: z.enum(PACK_KIND_NAMES as [PackKind, ...PackKind[]]),
  id: packIdSchema(),
});

/** `POST /api/views` `{kind, id}`: a visitor opened an entry's page (sent by the page, once per visit). */
export function trendingRoutes(db: Database) {
  const recordView = createViewCounter(db);
  return new Hono<AppEnv>().post("/views", async (c) => {
    const viewer = allowPermission(c, "view:record");
    const { kind, id } = await parseJson(c, viewBody);
    const outcome = await recordView(viewer?.uid ?? `ip:${c.get("clientIp")}`, kind, id);
    if (outcome === "unknown") throw new AppError("not-found", `No entry ${kind}/${id}.`);
    return c.body(null, 204);
  });
}
