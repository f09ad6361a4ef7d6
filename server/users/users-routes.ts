/** The member directory's API: `GET /api/users`, `GET /api/users/:uid`, and a member's `PUT /api/profile/settings`. */
import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import { allowPermission, parseJson, parseQuery, requirePermission, uidParam, type AppEnv } from "../http/context.ts";
import { findPublicMember, listMembers, setListed } from "./directory.ts";
import { directoryQuery, profileSettingsBody } from "./users-schemas.ts";

export function usersRoutes(db: Database) {
  return new Hono<AppEnv>()
    .get("/users", async (c) => {
      allowPermission(c, "view:record");
      return c.json(await listMembers(db, parseQuery(c, directoryQuery)));
    })
    .get("/users/:uid", async (c) => {
      const viewer = allowPermission(c, "view:record");
      return c.json({ data: await findPublicMember(db, uidParam(c), viewer?.uid ?? null) });
    })
    .put("/profile/settings", async (c) => {
      const viewer = requirePermission(c, "profile:update:own");
      const { listed } = await parseJson(c, profileSettingsBody);
      return c.json({ data: { listed: await setListed(db, viewer.uid, listed) } });
    });
}
