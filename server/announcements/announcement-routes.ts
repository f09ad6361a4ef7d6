/** `GET|POST /api/admin/announcements`, `DELETE /api/admin/announcements/{id}`: admins (`announcement:manage`). */
import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import { idParam, parseJson, requirePermission, type AppEnv } from "../http/context.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { announcementInput, createAnnouncement, deleteAnnouncement, listAnnouncements, type BannerStore } from "./announcements.ts";

export function announcementRoutes(db: Database, hub: Pick<RealtimeHub, "publish">, banners: BannerStore) {
  return new Hono<AppEnv>()
    .get("/admin/announcements", async (c) => {
      requirePermission(c, "announcement:manage");
      return c.json({ data: await listAnnouncements(db) });
    })
    .post("/admin/announcements", async (c) => {
      const admin = requirePermission(c, "announcement:manage");
      const input = await parseJson(c, announcementInput);
      const data = await createAnnouncement(db, hub, admin, input);
      // This process's pages at once; the others' when the hub's announcement reaches them.
      await banners.reload();
      return c.json({ data }, 201);
    })
    .delete("/admin/announcements/:id", async (c) => {
      const admin = requirePermission(c, "announcement:manage");
      const id = idParam(c, "announcement");
      await deleteAnnouncement(db, hub, admin, id);
      await banners.reload();
      return c.json({ data: { id } });
    });
}
