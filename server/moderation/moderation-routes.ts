/** The moderation queue's API (`/api/reports`) and the audit log's (`/api/audit`). */
import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { reportBody, reportsQuery, resolveBody } from "../../universal/moderation/moderation-schemas.ts";
import { AppError } from "../errors.ts";
import { parseJson, parseQuery, requirePermission, type AppEnv } from "../http/context.ts";
import { listAudit } from "./audit-log.ts";
import { fileReport, listReports, openReportCount, resolveReport, type ReportKinds } from "./moderation.ts";

const auditQuery = z.object({
  cursor: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export function moderationRoutes(db: Database, kinds: ReportKinds) {
  return new Hono<AppEnv>()
    .post("/reports", async (c) => {
      const viewer = requirePermission(c, "report:create");
      const body = await parseJson(c, reportBody);
      return c.json({ data: await fileReport(db, kinds, viewer, body) }, 201);
    })
    .get("/reports", async (c) => {
      const viewer = requirePermission(c, "moderation:access");
      const query = parseQuery(c, reportsQuery);
      const data = await listReports(db, kinds, viewer, query);
      return c.json({ data, open: await openReportCount(db, kinds, viewer) });
    })
    .post("/reports/:id/resolve", async (c) => {
      const moderator = requirePermission(c, "moderation:access");
      const id = Number(c.req.param("id"));
      if (!Number.isSafeInteger(id) || id < 1) throw new AppError("not-found", "No such report.");
      const decision = await parseJson(c, resolveBody);
      const result = await resolveReport(db, kinds, moderator, id, decision);
      c.get("logger").info("report resolved", { by: moderator.uid, report: id, action: decision.action });
      return c.json({ data: result });
    })
    .get("/audit", async (c) => {
      requirePermission(c, "audit:read");
      return c.json({ data: await listAudit(db, parseQuery(c, auditQuery)) });
    });
}
