/**
 * The moderation queue shared by every feature that takes reports: members report a thing (one
 * open report a thing, counted once a member), moderators read the queue with each thing in
 * context and resolve it by hiding, deleting or dismissing, with a note. The decision, the change
 * to the thing and the audit entry commit together.
 */
import { and, asc, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client.ts";
import { reportReporters, reports, users } from "../../db/schema/index.ts";
import { can } from "../../universal/auth/permissions.ts";
import {
  reportActionsFor,
  type Report,
  type ReportAction,
  type ReportKind,
  type ReportPerson,
  type ReportStatus,
} from "../../universal/moderation/moderation-schemas.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";
import { awardPoints } from "../contribution/contribution.ts";
import { DEFAULT_QUOTAS, quotaExceeded } from "../quotas.ts";
import { recordAudit } from "./audit-log.ts";
import type { ReportableKind } from "./report-kinds.ts";

export type ReportKinds = ReadonlyMap<ReportKind, ReportableKind>;

export function reportKindsOf(handlers: readonly ReportableKind[]): ReportKinds {
  return new Map(handlers.map((handler) => [handler.kind, handler]));
}

/** The kinds this moderator may act on (the others stay out of their queue). */
function kindsFor(kinds: ReportKinds, viewer: Viewer): ReportKind[] {
  return [...kinds.values()].filter((handler) => can(viewer.role, handler.permission)).map((handler) => handler.kind);
}

export function handlerFor(kinds: ReportKinds, kind: string): ReportableKind {
  const handler = kinds.get(kind as ReportKind);
  if (!handler) throw new AppError("invalid-argument", `kind: '${kind}' cannot be reported.`, { field: "kind" });
  return handler;
}

export interface FiledReport {
  id: number;
  kind: ReportKind;
  targetId: string;
  status: ReportStatus;
  count: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The reports `uid` filed in the 24 hours before `now`, and when the oldest of them leaves that window. */
async function reportsToday(db: Database, uid: string, now: number): Promise<{ count: number; frees: number }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<number | string | null>`min(${reportReporters.createdAt})` })
    .from(reportReporters)
    .where(and(eq(reportReporters.uid, uid), gt(reportReporters.createdAt, now - DAY_MS)));
  const oldest = row?.oldest === null || row?.oldest === undefined ? now : Number(row.oldest);
  return { count: row?.count ?? 0, frees: Math.ceil((oldest + DAY_MS - now) / 1000) };
}

/**
 * Refuses (429, `Retry-After`) a member who has filed `limit` reports in the last 24 hours. The
 * route asks before it reads a report's screenshots; `fileReport` asks again under a lock.
 */
export async function assertReportsLeft(db: Database, viewer: Viewer, limit = DEFAULT_QUOTAS["reports-per-day"], now = Date.now()) {
  const { count, frees } = await reportsToday(db, viewer.uid, now);
  if (count >= limit) throw quotaExceeded("reports-per-day", limit, frees);
}

/**
 * Files the viewer's report: opens the thing's report or joins the open one. Reporting the same
 * thing again changes nothing (the answer is the same report), so a retried request never counts twice.
 * A member files at most `limit` reports in 24 hours (counted under a lock per account).
 */
export async function fileReport(
  db: Database,
  kinds: ReportKinds,
  viewer: Viewer,
  input: { kind: ReportKind; id: string; reason: string },
  now = Date.now(),
  limit = DEFAULT_QUOTAS["reports-per-day"],
): Promise<FiledReport> {
  const handler = handlerFor(kinds, input.kind);
  await handler.assertReportable(db, viewer, input.id);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`quota:reports-per-day:${viewer.uid}`}))`);
    const [opened] = await queryRows<{ id: string | number }>(
      tx,
      sql`insert into reports (kind, target_id, status, count, created_at, updated_at)
          values (${input.kind}, ${input.id}, 'open', 0, ${now}, ${now})
          on conflict (kind, target_id) where status = 'open' do update set kind = excluded.kind
          returning id`,
    );
    const reportId = Number(opened?.id);
    const [already] = await tx
      .select({ uid: reportReporters.uid })
      .from(reportReporters)
      .where(and(eq(reportReporters.reportId, reportId), eq(reportReporters.uid, viewer.uid)));
    // A report already filed answers as before; a new one counts against the day's quota.
    if (!already) {
      const { count, frees } = await reportsToday(tx, viewer.uid, now);
      if (count >= limit) throw quotaExceeded("reports-per-day", limit, frees);
    }
    const joined = await tx
      .insert(reportReporters)
      .values({ reportId, uid: viewer.uid, reason: input.reason, createdAt: now })
      .onConflictDoNothing()
      .returning({ uid: reportReporters.uid });
    const [report] = await tx
      .update(reports)
      .set(joined.length > 0 ? { count: sql`${reports.count} + 1`, updatedAt: now } : { count: sql`${reports.count}` })
      .where(eq(reports.id, reportId))
      .returning();
    if (!report) throw new AppError("internal", "The report was not saved.");
    return { id: report.id, kind: input.kind, targetId: report.targetId, status: report.status as ReportStatus, count: report.count };
  });
}

function person(uid: string | null, displayName: string | null): ReportPerson | null {
  return uid ? { uid, displayName: displayName ?? "" } : null;
}

/**
 * The queue: open reports oldest first (what has waited longest comes first), or resolved ones
 * newest first; only kinds this moderator may act on. `cursor` is the last id of the previous page.
 */
export async function listReports(
  db: Database,
  kinds: ReportKinds,
  viewer: Viewer,
  query: { status: ReportStatus; cursor?: number | undefined; limit: number },
): Promise<Report[]> {
  const visible = kindsFor(kinds, viewer);
  if (visible.length === 0) return [];
  const open = query.status === "open";
  const rows = await db
    .select({ report: reports, resolverName: users.displayName })
    .from(reports)
    .leftJoin(users, eq(users.uid, reports.resolvedBy))
    .where(
      and(
        eq(reports.status, query.status),
        inArray(reports.kind, visible),
        query.cursor === undefined ? undefined : open ? gt(reports.id, query.cursor) : lt(reports.id, query.cursor),
      ),
    )
    .orderBy(open ? asc(reports.id) : desc(reports.id))
    .limit(query.limit);
  if (rows.length === 0) return [];
  const reasons = await db
    .select({ reporter: reportReporters, displayName: users.displayName })
    .from(reportReporters)
    .leftJoin(users, eq(users.uid, reportReporters.uid))
    .where(
      inArray(
        reportReporters.reportId,
        rows.map(({ report }) => report.id),
      ),
    )
    .orderBy(asc(reportReporters.createdAt), asc(reportReporters.uid));
  const result: Report[] = [];
  for (const { report, resolverName } of rows) {
    const handler = handlerFor(kinds, report.kind);
    const own = reasons
      .filter(({ reporter }) => reporter.reportId === report.id)
      .map(({ reporter, displayName }) => ({
        reporter: { uid: reporter.uid, displayName: displayName ?? "" },
        reason: reporter.reason,
        createdAt: reporter.createdAt,
      }));
    const first = own[0];
    result.push({
      id: report.id,
      kind: report.kind as ReportKind,
      targetId: report.targetId,
      reason: first?.reason ?? "",
      reporter: first?.reporter ?? { uid: "", displayName: "" },
      count: report.count,
      status: report.status as ReportStatus,
      createdAt: report.createdAt,
      updatedAt: report.updatedAt,
      reasons: own,
      context: await handler.context(db, report.targetId, report.createdAt),
      resolution:
        report.action && report.resolvedAt !== null
          ? {
              action: report.action as ReportAction,
              note: report.note ?? "",
              by: person(report.resolvedBy, resolverName),
              at: report.resolvedAt,
            }
          : null,
    });
  }
  return result;
}

export async function openReportCount(db: Database, kinds: ReportKinds, viewer: Viewer): Promise<number> {
  const visible = kindsFor(kinds, viewer);
  if (visible.length === 0) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(reports)
    .where(and(eq(reports.status, "open"), inArray(reports.kind, visible)));
  return row?.count ?? 0;
}

/**
 * Resolves an open report: hides or deletes the thing (through its feature) or dismisses the
 * report, with the moderator's note, and writes the audit entry, all in one transaction; a report
 * upheld (hide, delete or verify) earns its reporters contribution points in the same transaction. A report
 * someone else resolved first is refused, so two moderators never both act.
 */
export async function resolveReport(
  db: Database,
  kinds: ReportKinds,
  moderator: Viewer,
  reportId: number,
  decision: { action: ReportAction; note: string },
  now = Date.now(),
): Promise<{ id: number; status: "resolved"; action: ReportAction }> {
  const afterCommit = await db.transaction(async (tx) => {
    const [report] = await queryRows<{ id: string | number; kind: string; target_id: string; status: string }>(
      tx,
      sql`select id, kind, target_id, status from reports where id = ${reportId} for update`,
    );
    if (!report) throw new AppError("not-found", "No such report.");
    const handler = handlerFor(kinds, report.kind);
    if (!can(moderator.role, handler.permission)) throw new AppError("permission-denied", "You are not allowed to do this.");
    if (report.status !== "open") throw new AppError("conflict", "This report has already been resolved.");
    if (!reportActionsFor(handler.kind).includes(decision.action))
      throw new AppError(
        "invalid-argument",
        `action: a ${handler.kind} report is resolved by ${reportActionsFor(handler.kind).join(", ")}.`,
      );
    const publish =
      decision.action === "dismiss"
        ? () => {}
        : decision.action === "verify"
          ? await (handler.verify?.(tx, moderator, reportId, report.target_id, now) ?? (() => {}))
          : await handler.apply(tx, moderator, report.target_id, decision.action, now);
    if (decision.action !== "dismiss" && handler.earnsPoints !== false) {
      // An upheld report earns each member who filed it contribution points (a moderator upholding their own, none).
      const reporters = await tx.select({ uid: reportReporters.uid }).from(reportReporters).where(eq(reportReporters.reportId, reportId));
      for (const { uid } of reporters) {
        await awardPoints(tx, { uid, reason: "report-upheld", source: String(reportId), actorUid: moderator.uid }, now);
      }
    }
    await tx
      .update(reports)
      .set({ status: "resolved", action: decision.action, note: decision.note, resolvedBy: moderator.uid, resolvedAt: now, updatedAt: now })
      .where(eq(reports.id, reportId));
    await recordAudit(
      tx,
      {
        actorUid: moderator.uid,
        action: `report.${decision.action}`,
        targetKind: report.kind as ReportKind,
        targetId: report.target_id,
        note: decision.note || null,
        after: { report: reportId },
      },
      now,
    );
    return publish;
  });
  afterCommit();
  return { id: reportId, status: "resolved", action: decision.action };
}
