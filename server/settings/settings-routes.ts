/** `GET|PATCH /api/admin/settings`: the site's settings, admins only (`settings:manage`). */
import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import type { SiteSettings } from "../../universal/settings/settings-limits.ts";
import { parseJson, requirePermission, type AppEnv } from "../http/context.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { readSettings, settingsPatch, updateSettings, type SettingsStore } from "./site-settings.ts";

export function settingsRoutes(db: Database, hub: Pick<RealtimeHub, "publish">, store: SettingsStore, defaults: SiteSettings) {
  return new Hono<AppEnv>()
    .get("/admin/settings", async (c) => {
      requirePermission(c, "settings:manage");
      return c.json({ data: await readSettings(db, defaults) });
    })
    .patch("/admin/settings", async (c) => {
      const admin = requirePermission(c, "settings:manage");
      const patch = await parseJson(c, settingsPatch);
      const data = await updateSettings(db, hub, defaults, admin, patch);
      // This process at once; the others when the hub's announcement reaches them.
      await store.reload();
      c.get("logger").info("settings changed", { by: admin.uid, fields: Object.keys(patch) });
      return c.json({ data });
    });
}
