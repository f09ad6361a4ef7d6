/** The rankings API (issue 43): characters' numbers, their history, and the rankings, open to visitors. */
import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import { publishPagesChanged } from "../delivery/page-changes.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { characterBody, rankingsQuery } from "../../universal/rankings/ranking-schemas.ts";
import { AppError } from "../errors.ts";
import { allowPermission, idParam, parseJson, parseQuery, requirePermission, type AppEnv } from "../http/context.ts";
import { characterById, characterHistory, submitCharacter } from "./characters.ts";
import { rankings } from "./rankings.ts";

/** The shared pages (route-rules.ts) a character's numbers show on. */
export const RANKING_PAGES = ["/rating", "/clan"];

export function rankingsRoutes(db: Database, hub: RealtimeHub): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .post("/characters", async (c) => {
      const viewer = requirePermission(c, "character:claim:own");
      const made = await submitCharacter(db, viewer, await parseJson(c, characterBody));
      publishPagesChanged(hub, RANKING_PAGES);
      return c.json({ data: made }, 201);
    })
    .get("/characters/:id/history", async (c) => {
      allowPermission(c, "view:record");
      const id = idParam(c, "character");
      if (!(await characterById(db, id))) throw new AppError("not-found", "No such character.");
      return c.json({ data: await characterHistory(db, id) });
    })
    .get("/rankings", async (c) => {
      allowPermission(c, "view:record");
      const { data, nextCursor } = await rankings(db, parseQuery(c, rankingsQuery));
      return c.json({ data, nextCursor });
    });
}
