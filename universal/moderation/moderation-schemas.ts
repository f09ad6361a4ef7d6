/**
 * The moderation queue's request shapes (`/api/reports`), validated with Zod on the server; the
 * limits and answer types are in moderation-limits.ts, which the browser imports instead.
 */
import { z } from "zod";
import { boundedText } from "../schemas.ts";
import {
  REPORT_NOTE_MAX,
  REPORT_PAGE,
  REPORT_PAGE_MAX,
  REPORT_REASON_MAX,
  reportActions,
  reportKinds,
  reportStatuses,
} from "./moderation-limits.ts";

export * from "./moderation-limits.ts";

const trimmed = (max: number, what: string) => boundedText(max, what, { min: 0 });

export const reportBody = z.object({
  kind: z.enum(reportKinds),
  /** The reported thing's id, as its own API names it (a message id is a number; others are text). */
  id: z.union([z.number().int().min(1).max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[A-Za-z0-9_-]{1,80}$/)]).transform(String),
  reason: trimmed(REPORT_REASON_MAX, "reason").pipe(z.string().min(1, "a report needs a reason")),
});
export type ReportBody = z.input<typeof reportBody>;

export const resolveBody = z.object({
  action: z.enum(reportActions),
  note: trimmed(REPORT_NOTE_MAX, "note").optional().default(""),
});

export const reportsQuery = z.object({
  status: z.enum(reportStatuses).default("open"),
  /** The last report id of the previous page. */
  cursor: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(REPORT_PAGE_MAX).default(REPORT_PAGE),
});
