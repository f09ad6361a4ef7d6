/**
 * The audit log: every moderator and admin decision, written in the decision's own transaction so
 * that neither exists without the other, with the address it came from. Entries are never edited
 * (a trigger refuses it: migration 0029).
 */
import { and, desc, eq, gte, inArray, lt, lte, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { auditLog, users } from "../../db/schema/index.ts";
import {
  UNDOABLE_AUDIT_ACTIONS,
  type AuditAction,
  type AuditEntry,
  type AuditState,
  type AuditTargetKind,
} from "../../universal/moderation/moderation-limits.ts";
import { requestClientIp } from "../http/request-scope.ts";

export interface AuditInput {
  actorUid: string;
  /** What was done, as `area.verb` (`report.hide`, `chat.mute`, `user.set-role`…). */
  action: AuditAction;
  targetKind: AuditTargetKind;
  targetId: string;
  note?: string | null;
  /** The fields the decision touched as they were, when there was something before. */
  before?: AuditState;
  /** The same fields as the decision left them. */
  after?: AuditState;
}

/** Writes one entry; the address is the current request's (none for a job). */
export async function recordAudit(db: Database, entry: AuditInput, now = Date.now()): Promise<void> {
  await db.insert(auditLog).values({
    actorUid: entry.actorUid,
    action: entry.action,
    targetKind: entry.targetKind,
    targetId: entry.targetId,
    note: entry.note ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: requestClientIp(),
    createdAt: now,
  });
}

export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  targetKind?: string | undefined;
  targetId?: string | undefined;
  /** Milliseconds since the epoch, inclusive. */
  from?: number | undefined;
  to?: number | undefined;
  /** Only these actions (a moderator reads the moderation decisions only). */
  only?: readonly string[] | undefined;
}

/** The newest entries first, `limit` at a time, before the id `cursor`, matching every filter given. */
export async function listAudit(
  db: Database,
  options: AuditFilter & { cursor?: number | undefined; limit: number },
): Promise<AuditEntry[]> {
  const conditions: (SQL | undefined)[] = [
    options.cursor === undefined ? undefined : lt(auditLog.id, options.cursor),
    options.actor === undefined ? undefined : eq(auditLog.actorUid, options.actor),
    options.action === undefined ? undefined : eq(auditLog.action, options.action),
    options.targetKind === undefined ? undefined : eq(auditLog.targetKind, options.targetKind),
    options.targetId === undefined ? undefined : eq(auditLog.targetId, options.targetId),
    options.from === undefined ? undefined : gte(auditLog.createdAt, options.from),
    options.to === undefined ? undefined : lte(auditLog.createdAt, options.to),
    options.only === undefined ? undefined : inArray(auditLog.action, [...options.only]),
  ];
  const rows = await db
    .select({ row: auditLog, displayName: users.displayName })
    .from(auditLog)
    .leftJoin(users, eq(users.uid, auditLog.actorUid))
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(options.limit);
  return rows.map(({ row, displayName }) => {
    const after = asState(row.after);
    return {
      id: row.id,
      at: new Date(row.createdAt).toISOString(),
      createdAt: row.createdAt,
      actor: row.actorUid ? { uid: row.actorUid, displayName: displayName ?? "" } : null,
      action: row.action,
      undo: (UNDOABLE_AUDIT_ACTIONS as readonly string[]).includes(row.action) && isUndo(after),
      target: { kind: row.targetKind, id: row.targetId },
      targetKind: row.targetKind,
      targetId: row.targetId,
      before: asState(row.before),
      after,
      ip: row.ip,
      note: row.note,
    };
  });
}

function asState(value: unknown): AuditState {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** An entry whose after says it took something back: `{hidden: false}` or `{pinned: false}`. */
function isUndo(after: AuditState): boolean {
  return after?.hidden === false || after?.pinned === false;
}
