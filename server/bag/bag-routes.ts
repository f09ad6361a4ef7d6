/** A member's bag (`/api/bag`): handlers only parse, check the permission and call. */
import { CSV_BOM } from "../../universal/csv.ts";
import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import { bagQuery, createBagEntryBody, importBagBody, updateBagEntryBody } from "../../universal/bag/bag-schemas.ts";
import { languageFromRequest } from "../../universal/i18n/languages.ts";
import { idParam, parseJson, parseQuery, requirePermission, type AppEnv } from "../http/context.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { addBagEntry, deleteBagEntry, exportBag, getBagEntry, importBag, listBag, updateBagEntry } from "./bag.ts";

export function bagRoutes(db: Database, _hub: RealtimeHub): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get("/bag", async (c) => {
      const viewer = requirePermission(c, "bag:manage:own");
      const { entries, totals } = await listBag(db, viewer, parseQuery(c, bagQuery), languageFromRequest(c.req.raw));
      return c.json({ data: entries, totals });
    })
    .post("/bag", async (c) => {
      const viewer = requirePermission(c, "bag:manage:own");
      return c.json(
        { data: await addBagEntry(db, viewer, await parseJson(c, createBagEntryBody), Date.now(), c.get("quotas")["bag-entries"]) },
        201,
      );
    })
    .get("/bag/export", async (c) => {
      const viewer = requirePermission(c, "bag:manage:own");
      const csv = await exportBag(db, viewer, languageFromRequest(c.req.raw));
      return c.body(CSV_BOM + csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="bag.csv"',
        "Cache-Control": "no-store",
      });
    })
    .post("/bag/import", async (c) => {
      const viewer = requirePermission(c, "bag:manage:own");
      const input = await parseJson(c, importBagBody);
      const result = await importBag(db, viewer, input, Date.now(), c.get("quotas")["bag-entries"]);
      return c.json({ data: result }, input.dryRun ? 200 : 201);
    })
    .get("/bag/:id", async (c) => {
      const viewer = requirePermission(c, "bag:manage:own");
      return c.json({ data: await getBagEntry(db, viewer, idParam(c, "bag entry")) });
    })
    .patch("/bag/:id", async (c) => {
      const viewer = requirePermission(c, "bag:manage:own");
      const id = idParam(c, "bag entry");
      return c.json({ data: await updateBagEntry(db, viewer, id, await parseJson(c, updateBagEntryBody)) });
    })
    .delete("/bag/:id", async (c) => {
      const viewer = requirePermission(c, "bag:manage:own");
      await deleteBagEntry(db, viewer, idParam(c, "bag entry"));
      return c.json({ ok: true });
    });
}
