/** `GET /api/admin/dashboard?days=30|90`: admins (`dashboard:read`), read from the daily roll-up. */
import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { parseQuery, requirePermission, type AppEnv } from "../http/context.ts";
import { readDashboard } from "./dashboard.ts";

export const dashboardQuery = z.object({ days: z.enum(["30", "90"], "days: 30 or 90").default("30") }).strict();

export function dashboardRoutes(db: Database) {
  return new Hono<AppEnv>().get("/admin/dashboard", async (c) => {
    requirePermission(c, "dashboard:read");
    const { days } = parseQuery(c, dashboardQuery);
    return c.json({ data: await readDashboard(db, days === "90" ? 90 : 30) });
  });
}
