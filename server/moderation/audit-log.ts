/**
 * The audit log: every moderator and admin decision, written in the decision's own transaction so
 * that neither exists without the other. Entries are never edited.
 */
import { desc, eq, lt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { auditLog, users } from "../../db/schema/index.ts";
import {
  UNDOABLE_AUDIT_ACTIONS,
  type AuditAction,
  type AuditEntry,
  type AuditTargetKind,
} from "../../universal/moderation/moderation-limits.ts";

export interface AuditInput {
  actorUid: string;
  /** What was done, as `area.verb` (`report.hide`, `chat.mute`, `user.set-role`…). */
  action: AuditAction;
  targetKind: AuditTargetKind;
  targetId: string;
  note?: string | null;
  data?: Record<string, string | number | boolean | null>;
}

export async function recordAudit(db: Database, entry: AuditInput, now = Date.now()): Promise<void> {
  await db.insert(auditLog).values({
    actorUid: entry.actorUid,
    action: entry.action,
    targetKind: entry.targetKind,
    targetId: entry.targetId,
    note: entry.note ?? null,
    data: entry.data ? JSON.stringify(entry.data) : null,
    createdAt: now,
  });
}

/** The newest entries first, `limit` at a time, before the id `cursor`. */
export async function listAudit(db: Database, options: { cursor?: number | undefined; limit: number }): Promise<AuditEntry[]> {
  const rows = await db
    .select({ row: auditLog, displayName: users.displayName })
    .from(auditLog)
    .leftJoin(users, eq(users.uid, auditLog.actorUid))
    .where(options.cursor === undefined ? undefined : lt(auditLog.id, options.cursor))
    .orderBy(desc(auditLog.id))
    .limit(options.limit);
  return rows.map(({ row, displayName }) => ({
    id: row.id,
    actor: row.actorUid ? { uid: row.actorUid, displayName: displayName ?? "" } : null,
    action: row.action,
    undo: (UNDOABLE_AUDIT_ACTIONS as readonly string[]).includes(row.action) && isUndo(row.data),
    targetKind: row.targetKind,
    targetId: row.targetId,
    note: row.note,
    createdAt: row.createdAt,
  }));
}

/** An entry whose data says it took something back: `{hidden: false}` or `{pinned: false}`. */
function isUndo(data: string | null): boolean {
  if (!data) return false;
  try {
    const parsed = JSON.parse(data) as Record<string, unknown>;
    return parsed.hidden === false || parsed.pinned === false;
  } catch {
    return false;
  }
}
