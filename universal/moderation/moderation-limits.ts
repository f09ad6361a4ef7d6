/**
 * The moderation queue's limits and shapes, without Zod: what the browser needs (moderation-schemas.ts
 * validates with Zod on the server and imports these). Every feature that takes reports adds its
 * kind here and a handler on the server (server/moderation/report-kinds.ts).
 */

/**
 * What can be reported: chat messages, feed posts and comments, member profiles, guides, offers,
 * in-game characters (scam reports); a member's proof that a character is theirs (`claim`) and a
 * dispute of another member's verified claim (`claim-dispute`) go through the same queue.
 */
export const reportKinds = [
  "message",
  "post",
  "comment",
  "member",
  "guide",
  "offer",
  "character",
  "claim",
  "claim-dispute",
  "character-stats",
  "settings",
  "announcement",
] as const;
export type ReportKind = (typeof reportKinds)[number];

export const reportActions = ["hide", "delete", "dismiss", "verify"] as const;
export type ReportAction = (typeof reportActions)[number];

/**
 * The decisions a report of a kind takes: a scam report about an in-game character is verified
 * (then shown publicly on `/bplayer`) or dismissed, as are a claim's proof (verified: the character
 * is the member's) and a claim dispute (verified: the disputed claim is removed); anything else is
 * hidden, deleted or dismissed.
 */
export function reportActionsFor(kind: ReportKind): readonly ReportAction[] {
  return kind === "character" || kind === "claim" || kind === "claim-dispute" || kind === "character-stats"
    ? ["verify", "dismiss"]
    : ["hide", "delete", "dismiss"];
}

export const reportStatuses = ["open", "resolved"] as const;
export type ReportStatus = (typeof reportStatuses)[number];

export const REPORT_REASON_MAX = 500;
export const REPORT_NOTE_MAX = 500;
export const REPORT_PAGE = 30;
export const REPORT_PAGE_MAX = 100;

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
  /** Screenshots the reporters attached (a scam report's), for moderators. */
  images?: { url: string; width: number; height: number }[];
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

/** Every decision the audit log records, as `area.verb`; each has its words in `moderation.audit.actions`. */
export const AUDIT_ACTIONS = [
  "report.hide",
  "report.delete",
  "report.dismiss",
  "report.verify",
  "chat.delete",
  "chat.mute",
  "chat.slow-mode",
  "user.set-role",
  "user.ban",
  "user.unban",
  "user.set-badges",
  "user.points",
  "post.hide",
  "post.pin",
  "comment.restore",
  "guide.restore",
  "guide.approve",
  "guide.reject",
  "offer.hide",
  "claim.remove",
  "clan.hide",
  "settings.update",
  "announcement.create",
  "announcement.delete",
  "content.draft",
  "content.discard",
  "content.publish",
  "content.restore",
  "content.import",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The moderators' decisions: what a moderator may read of the audit log (`audit:read:moderation`).
 * The rest (roles, bans, badges, settings, content) is the admins' (`audit:read`).
 */
export const MODERATION_AUDIT_ACTIONS: readonly AuditAction[] = AUDIT_ACTIONS.filter(
  (action) => !["user", "settings", "content", "announcement"].includes(action.slice(0, action.indexOf("."))),
);

/** The decisions that can be taken back by the same action (`{hidden: false}`, `{pinned: false}`): their words say which. */
export const UNDOABLE_AUDIT_ACTIONS: readonly AuditAction[] = ["post.hide", "post.pin", "offer.hide", "clan.hide"];

/** What a decision was about; each has its name in `moderation.audit.targetKinds`. */
export const AUDIT_TARGET_KINDS = [
  "message",
  "member",
  "room",
  "post",
  "comment",
  "guide",
  "offer",
  "character",
  "claim",
  "claim-dispute",
  "clan",
  "character-stats",
  "settings",
  "announcement",
  "content",
] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

/** What a thing was before a decision, or became after it: the fields the decision touched, as JSON. */
export type AuditState = Record<string, unknown> | null;

export interface AuditEntry {
  id: number;
  /** When, as ISO 8601 (`createdAt` in milliseconds since the epoch). */
  at: string;
  createdAt: number;
  /** Null once the account that decided is deleted. */
  actor: ReportPerson | null;
  action: string;
  /** The decision took something back (showed a hidden post again, unpinned it). */
  undo: boolean;
  target: { kind: string; id: string };
  targetKind: string;
  targetId: string;
  before: AuditState;
  after: AuditState;
  /** The address the decision came from (null for a job's). */
  ip: string | null;
  note: string | null;
}

/** An audit log page's size, and the most one request may ask for. */
export const AUDIT_PAGE = 50;
export const AUDIT_PAGE_MAX = 100;
/** The most entries one CSV export holds (the newest matching the filters). */
export const AUDIT_EXPORT_MAX = 10_000;
