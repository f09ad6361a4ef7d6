/**
 * The moderation queue's request and answer shapes (`/api/reports`), shared by the server, which
 * validates with them, and the browser, which reads its answers as these types. Every feature that
 * takes reports adds its kind here and a handler on the server (server/moderation/report-kinds.ts).
 */
import { z } from "zod";

/** What can be reported: a chat message today; posts, comments, offers and characters later. */
export const reportKinds = ["message"] as const;
export type ReportKind = (typeof reportKinds)[number];

export const reportActions = ["hide", "delete", "dismiss"] as const;
export type ReportAction = (typeof reportActions)[number];

export const reportStatuses = ["open", "resolved"] as const;
export type ReportStatus = (typeof reportStatuses)[number];

export const REPORT_REASON_MAX = 500;
export const REPORT_NOTE_MAX = 500;
export const REPORT_PAGE = 30;
export const REPORT_PAGE_MAX = 100;

const trimmed = (max: number, what: string) =>
  z
    .string()
    .max(max * 2, `${what}: at most ${max} characters`)
    .transform((text) => text.trim())
    .pipe(z.string().max(max, `${what}: at most ${max} characters`));

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

export interface ReportPerson {
  uid: string;
  displayName: string;
}

/** One line of the reported thing's surroundings (the messages around a reported message). */
export interface ReportContextLine {
  id: string;
  author: ReportPerson | null;
  text: string;
  createdAt: number;
  /** The reported thing itself. */
  target: boolean;
}

/** The reported thing as moderators see it, in context. */
export interface ReportContext {
  author: ReportPerson | null;
  text: string;
  createdAt: number;
  /** Where it lives (a room's name key, a post's title…), and a same-origin link to it when a moderator can open it. */
  where: { kind: string; id: string; label: string | null };
  link: string | null;
  /** Hidden or deleted already (by its author or by an earlier decision). */
  removed: boolean;
  around: ReportContextLine[];
}

export interface ReportResolution {
  action: ReportAction;
  note: string;
  by: ReportPerson | null;
  at: number;
}

export interface Report {
  id: number;
  kind: ReportKind;
  targetId: string;
  /** The first reporter's reason (the others are in `reasons`). */
  reason: string;
  reporter: ReportPerson;
  count: number;
  status: ReportStatus;
  createdAt: number;
  updatedAt: number;
  reasons: { reporter: ReportPerson; reason: string; createdAt: number }[];
  /** Null when the thing no longer exists at all. */
  context: ReportContext | null;
  resolution: ReportResolution | null;
}

export interface AuditEntry {
  id: number;
  actor: ReportPerson | null;
  action: string;
  targetKind: string;
  targetId: string;
  note: string | null;
  createdAt: number;
}
