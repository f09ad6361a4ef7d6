/** The moderation queue's API (`/api/reports`) and the audit log's (`/api/audit`). */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { reportBody, reportsQuery, resolveBody } from "../../universal/moderation/moderation-schemas.ts";
import { AppError } from "../errors.ts";
import { parseJson, parseQuery, parseValue, requirePermission, type AppContext, type AppEnv } from "../http/context.ts";
import { listAudit } from "./audit-log.ts";
import { fileReport, handlerFor, listReports, openReportCount, resolveReport, type ReportKinds } from "./moderation.ts";
import type { ReportRequest } from "./report-kinds.ts";

/** A report as JSON: a reason and a few fields. */
const REPORT_JSON_MAX_BYTES = 64 * 1024;
/** A report with screenshots (multipart): at most four images of 8 MB and the fields. */
const REPORT_UPLOAD_MAX_BYTES = 4 * 8 * 1024 * 1024 + 64 * 1024;

const limited = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError("payload-too-large", `The report must be ${Math.round(maxSize / 1024 / 1024) || 1} MB or smaller.`);
    },
  });
const jsonLimit = limited(REPORT_JSON_MAX_BYTES);
const uploadLimit = limited(REPORT_UPLOAD_MAX_BYTES);
const isMultipart = (c: AppContext) => (c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");

/** A multipart report: its text fields and its files named `images` (any other file is refused). */
async function readReportForm(c: AppContext): Promise<ReportRequest> {
  const form = await c.req.formData().catch(() => {
    throw new AppError("invalid-argument", "Send the report as JSON or as multipart/form-data.");
  });
  const fields: Record<string, string> = {};
  const images: File[] = [];
  for (const [name, value] of form.entries()) {
    if (name === "images" && value instanceof File) images.push(value);
    else if (typeof value === "string" && !(name in fields)) fields[name] = value;
    else throw new AppError("invalid-argument", `${name}: unexpected field.`);
  }
  if (Object.values(fields).some((value) => value.includes("\u0000") || !value.isWellFormed()))
    throw new AppError("invalid-argument", "The fields must not contain U+0000 or an unpaired surrogate.");
  return { fields, images };
}

const auditQuery = z.object({
  cursor: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export function moderationRoutes(db: Database, kinds: ReportKinds) {
  return new Hono<AppEnv>()
    .post(
      "/reports",
      (c, next) => (isMultipart(c) ? uploadLimit(c, next) : jsonLimit(c, next)),
      async (c) => {
        const viewer = requirePermission(c, "report:create");
        // A kind with its own request (a scam report: a character, screenshots) reads it; the others are `{kind, id, reason}`.
        const request: ReportRequest = isMultipart(c)
          ? await readReportForm(c)
          : { fields: await parseJson(c, z.record(z.string(), z.unknown())), images: [] };
        const kind = parseValue(reportBody.shape.kind, request.fields.kind, "kind");
        const handler = handlerFor(kinds, kind);
        if (handler.file) return c.json({ data: await handler.file(db, viewer, request) }, 201);
        if (request.images.length > 0) throw new AppError("invalid-argument", `A ${kind} report takes no files.`);
        const body = parseValue(reportBody, request.fields, "body");
        return c.json({ data: await fileReport(db, kinds, viewer, body) }, 201);
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
