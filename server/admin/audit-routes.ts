/**
 * The audit log for the admin area: `GET /api/admin/audit` (filtered, newest first, by cursor) and
 * `GET /api/admin/audit.csv` (the same filters, as a file). Admins (`audit:read`) read every entry;
 * moderators (`audit:read:moderation`) the moderation decisions only.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { can } from "../../universal/auth/permissions.ts";
import { CSV_BOM, csvLine } from "../../universal/csv.ts";
import { DAY_MS, gameDate, gameDateStart } from "../../universal/game-time.ts";
import {
  AUDIT_ACTIONS,
  AUDIT_EXPORT_MAX,
  AUDIT_PAGE,
  AUDIT_PAGE_MAX,
  AUDIT_TARGET_KINDS,
  MODERATION_AUDIT_ACTIONS,
} from "../../universal/moderation/moderation-limits.ts";
import { AppError } from "../errors.ts";
import { parseQuery, requireViewer, type AppContext, type AppEnv } from "../http/context.ts";
import { listAudit, type AuditFilter } from "../moderation/audit-log.ts";

/** An instant (ISO 8601 with its offset) or a game date (`YYYY-MM-DD`: that whole day, UTC+7). */
const when = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

/** An id as typed into a filter: no control characters (a database text never holds NUL). */
const filterText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, "no control characters");

export const auditFilterQuery = z.object({
  actor: filterText(64).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  targetKind: z.enum(AUDIT_TARGET_KINDS).optional(),
  targetId: filterText(200).optional(),
  from: when.optional(),
  to: when.optional(),
});

const auditPageQuery = auditFilterQuery.extend({
  cursor: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE),
});

/** A query's filters as the log reads them: a date `from` is its day's start, a date `to` its day's end. */
export function auditFilter(query: z.infer<typeof auditFilterQuery>, only: readonly string[] | undefined): AuditFilter {
  const instant = (value: string | undefined, end: boolean) => {
    if (value === undefined) return undefined;
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return gameDateStart(value) + (end ? DAY_MS - 1 : 0);
    return Date.parse(value);
  };
  const from = instant(query.from, false);
  const to = instant(query.to, true);
  if (from !== undefined && to !== undefined && from > to)
    throw new AppError("invalid-argument", "'from' must not be after 'to'.", { field: "from" });
  return { actor: query.actor, action: query.action, targetKind: query.targetKind, targetId: query.targetId, from, to, only };
}

/** What this viewer may read of the log: everything (undefined), the moderation decisions, or nothing (403). */
export function auditScope(c: AppContext): readonly string[] | undefined {
  const viewer = requireViewer(c);
  if (can(viewer.role, "audit:read")) return undefined;
  if (can(viewer.role, "audit:read:moderation")) return MODERATION_AUDIT_ACTIONS;
  throw new AppError("permission-denied", "Only moderators and admins can read the audit log.");
}

const CSV_COLUMNS = ["id", "at", "actorUid", "actorName", "action", "targetKind", "targetId", "before", "after", "ip", "note"];
const EXPORT_PAGE = 500;

export function auditRoutes(db: Database) {
  return new Hono<AppEnv>()
    .get("/admin/audit", async (c) => {
      const only = auditScope(c);
      const { cursor, limit, ...filters } = parseQuery(c, auditPageQuery);
      const data = await listAudit(db, { ...auditFilter(filters, only), cursor, limit });
      const last = data.at(-1);
      return c.json({ data, nextCursor: data.length === limit && last ? last.id : null });
    })
    .get("/admin/audit.csv", async (c) => {
      const only = auditScope(c);
      const filter = auditFilter(parseQuery(c, auditFilterQuery), only);
      const encoder = new TextEncoder();
      // Read by keyset a page at a time, so a long export is never held whole.
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          try {
            controller.enqueue(encoder.encode(CSV_BOM + csvLine(CSV_COLUMNS)));
            let cursor: number | undefined;
            let written = 0;
            while (written < AUDIT_EXPORT_MAX) {
              const page = await listAudit(db, { ...filter, cursor, limit: Math.min(EXPORT_PAGE, AUDIT_EXPORT_MAX - written) });
              for (const entry of page) {
                controller.enqueue(
                  encoder.encode(
                    csvLine([
                      entry.id,
                      entry.at,
                      entry.actor?.uid ?? "",
                      entry.actor?.displayName ?? "",
                      entry.action,
                      entry.targetKind,
                      entry.targetId,
                      entry.before ? JSON.stringify(entry.before) : "",
                      entry.after ? JSON.stringify(entry.after) : "",
                      entry.ip ?? "",
                      entry.note ?? "",
                    ]),
                  ),
                );
              }
              written += page.length;
              if (page.length < EXPORT_PAGE) break;
              cursor = page.at(-1)?.id;
            }
            controller.close();
          } catch (error) {
            controller.error(error);
          }
        },
      });
      return c.body(body, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="audit-${gameDate(Date.now())}.csv"`,
      });
    });
}
