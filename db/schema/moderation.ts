import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { authUsers } from "./auth.ts";

/**
 * The moderation queue, shared by every feature that takes reports: one row per reported thing
 * while it is open (`kind` and `target_id`, e.g. a chat message), however many members report it.
 * A decision closes it (`resolved`, with the action and note); a new report after that opens a new
 * row. Timestamps are milliseconds since the epoch.
 */
export const reports = pgTable(
  "reports",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    targetId: text("target_id").notNull(),
    status: text("status").notNull().default("open"),
    /** How many members reported it (one each). */
    count: bigint("count", { mode: "number" }).notNull().default(1),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
    resolvedBy: text("resolved_by").references(() => authUsers.id, { onDelete: "set null" }),
    resolvedAt: bigint("resolved_at", { mode: "number" }),
    action: text("action"),
    note: text("note"),
  },
  (table) => [
    check("reports_status", sql`${table.status} in ('open', 'resolved')`),
    check("reports_action", sql`${table.action} is null or ${table.action} in ('hide', 'delete', 'dismiss', 'verify')`),
    uniqueIndex("reports_open_target")
      .on(table.kind, table.targetId)
      .where(sql`${table.status} = 'open'`),
    index("reports_status_updated").on(table.status, table.updatedAt),
  ],
);

/** Who reported what, and why: one row per member and report (a second report by the same member changes nothing). */
export const reportReporters = pgTable(
  "report_reporters",
  {
    reportId: bigint("report_id", { mode: "number" })
      .notNull()
      .references(() => reports.id, { onDelete: "cascade" }),
    uid: text("uid")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.reportId, table.uid] }),
    // A member's reports of the last 24 hours (the day's quota, server/moderation/moderation.ts).
    index("report_reporters_uid_created").on(table.uid, table.createdAt),
    // The admin dashboard's reports a day (server/dashboard/).
    index("report_reporters_created").on(table.createdAt),
  ],
);

/**
 * Every moderator and admin decision (a resolved report, a mute, a role change, a ban, a setting…):
 * who did what to which thing, when, from which address, what it was before and after, and the note
 * they gave. Append-only: a trigger (migration 0029) refuses updates and deletes, except the actor
 * becoming null when their account is deleted.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorUid: text("actor_uid").references(() => authUsers.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetKind: text("target_kind").notNull(),
    targetId: text("target_id").notNull(),
    note: text("note"),
    before: jsonb("before"),
    after: jsonb("after"),
    ip: text("ip"),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (table) => [
    index("audit_log_created").on(table.createdAt),
    index("audit_log_actor").on(table.actorUid, table.id),
    index("audit_log_action").on(table.action, table.id),
    index("audit_log_target").on(table.targetKind, table.targetId, table.id),
  ],
);
