/** The moderation queue's API (`/api/reports`) and the audit log's (`/api/audit`). */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { reportBody, reportsQuery, resolveBody } from "../../universal/moderation/moderation-schemas.ts";
import { AppError } from "../errors.ts";
import { REPORT_IMAGE_MAX_BYTES, REPORT_IMAGES_MAX } from "../../universal/offers/offer-limits.ts";
import { idParam, parseJson, parseQuery, parseValue, requirePermission, type AppEnv } from "../http/context.ts";
import { isMultipart, readMultipartForm, withUploadSlot } from "../http/uploads.ts";
import { listAudit } from "./audit-log.ts";
import { assertReportsLeft, fileReport, handlerFor, listReports, openReportCount, resolveReport, type ReportKinds } from "./moderation.ts";
import type { ReportRequest } from "./report-kinds.ts";

/** A report as JSON: a reason and a few fields. */
const REPORT_JSON_MAX_BYTES = 64 * 1024;
/** A report with screenshots (multipart): the most screenshots a report takes at their largest, and the fields. */
export const REPORT_UPLOAD_MAX_BYTES = REPORT_IMAGES_MAX * REPORT_IMAGE_MAX_BYTES + 64 * 1024;

const tooLarge = (maxSize: number) => () =>
  new AppError("payload-too-large", `The report must be ${Math.ceil(maxSize / 1024 / 1024)} MB or smaller.`);
const jsonLimit = bodyLimit({
  maxSize: REPORT_JSON_MAX_BYTES,
  onError: () => {
    throw tooLarge(REPORT_JSON_MAX_BYTES)();
  },
});

const auditQuery = z.object({
  cursor: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export function moderationRoutes(db: Database, kinds: ReportKinds) {
  return new Hono<AppEnv>()
    .post(
      "/reports",
      // A JSON report is capped like any JSON body; a multipart one is read by the handler, after its checks.
      (c, next) => (isMultipart(c) ? next() : jsonLimit(c, next)),
      async (c) => {
        const viewer = requirePermission(c, "report:create");
        const reportsPerDay = c.get("quotas")["reports-per-day"];
        const file = async (request: ReportRequest) => {
          // A kind with its own request (a scam report: a character, screenshots) reads it; the others are `{kind, id, reason}`.
          const { kind } = parseValue(reportBody.pick({ kind: true }), request.fields, "body");
          const handler = handlerFor(kinds, kind);
          if (handler.file) return handler.file(db, viewer, request);
          if (request.images.length > 0) throw new AppError("invalid-argument", `A ${kind} report takes no files.`);
          const body = parseValue(reportBody, request.fields, "body");
          return fileReport(db, kinds, viewer, body, Date.now(), reportsPerDay);
        };
        if (!isMultipart(c)) {
          const fields = await parseJson(c, z.record(z.string(), z.unknown()));
          return c.json({ data: await file({ fields, images: [], reportsPerDay }) }, 201);
        }
        // The day's quota first: a member past it is refused before a byte of the screenshots is read.
        await assertReportsLeft(db, viewer, reportsPerDay);
        const filed = await withUploadSlot(viewer.uid, async () => {
          const { fields, files } = await readMultipartForm(c, {
            maxBytes: REPORT_UPLOAD_MAX_BYTES,
            fileField: "images",
            what: "report",
            tooLarge: tooLarge(REPORT_UPLOAD_MAX_BYTES),
          });
          return file({ fields, images: files, reportsPerDay });
        });
        return c.json({ data: filed }, 201);
      },
    )
    .get("/reports", async (c) => {
      const viewer = requirePermission(c, "moderation:access");
      const query = parseQuery(c, reportsQuery);
      const data = await listReports(db, kinds, viewer, query);
      return c.json({ data, open: await openReportCount(db, kinds, viewer) });
    })
    .post("/reports/:id/resolve", async (c) => {
      const moderator = requirePermission(c, "moderation:access");
      const id = idParam(c, "report");
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
