/** The clans API (`/api/clans`, issue 43): handlers only parse, check the permission and call. */
import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import { clansQuery, createClanBody } from "../../universal/clans/clan-schemas.ts";
import { AppError } from "../errors.ts";
import { parseJson, parseQuery, requirePermission, type AppEnv } from "../http/context.ts";
import { createClan, getClan, listClans } from "./clans.ts";

const CLAN_ID = /^clan-[a-f0-9]{20}$/;

export function clansRoutes(db: Database): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get("/clans", async (c) => c.json(await listClans(db, parseQuery(c, clansQuery))))
    .post("/clans", async (c) => {
      const viewer = requirePermission(c, "clan:create");
      return c.json({ data: await createClan(db, viewer, await parseJson(c, createClanBody)) }, 201);
    })
    .get("/clans/:id", async (c) => {
      const id = c.req.param("id");
      const clan = CLAN_ID.test(id) ? await getClan(db, id) : undefined;
      if (!clan) throw new AppError("not-found", "No such clan.");
      return c.json({ data: clan });
    });
}
