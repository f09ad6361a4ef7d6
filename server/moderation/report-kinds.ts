/**
 * What a feature gives the moderation queue for each kind of thing members may report. The queue
 * itself (server/moderation/moderation.ts) knows none of them: the app wires each feature's
 * handler in, so features never import each other.
 */
import type { Database } from "../../db/client.ts";
import type { Permission } from "../../universal/auth/permissions.ts";
import type { ReportContext, ReportKind } from "../../universal/moderation/moderation-schemas.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { FiledReport } from "./moderation.ts";

/** A report request as `POST /api/reports` received it: JSON fields, or a multipart form's fields and its files named `images`. */
export interface ReportRequest {
  fields: Record<string, unknown>;
  images: File[];
  /** The reports a member may file in 24 hours (the setting), for `fileReport`. */
  reportsPerDay: number;
}

export interface ReportableKind {
  kind: ReportKind;
  /** What a moderator needs, beside `moderation:access`, to act on this kind. */
  permission: Permission;
  /**
   * Whether an upheld report earns its reporters contribution points (default true): not for a
   * request about oneself (a claim's proof, a dispute of someone's claim), which a member files for
   * their own gain, not the community's.
   */
  earnsPoints?: boolean;
  /**
   * Whether `viewer` may report the thing: it exists, they can see it, and it is not theirs.
   * Throws the AppError to answer otherwise (404 for what they cannot see, so nothing leaks).
   */
  assertReportable(db: Database, viewer: Viewer, targetId: string): Promise<void>;
  /**
   * The thing and its surroundings as moderators see them; null when it no longer exists at all.
   * `reportedAt`: when it was first reported (a private place shows nothing said after it).
   */
  context(db: Database, targetId: string, reportedAt: number): Promise<ReportContext | null>;
  /**
   * Hides or deletes the thing inside the decision's transaction (`tx`) and returns what to do once
   * it has committed (publishing the realtime event). Acting on what is already gone is not an error.
   */
  apply(tx: Database, moderator: Viewer, targetId: string, action: "hide" | "delete", now: number): Promise<() => void>;
  /**
   * For a kind whose reports are verified rather than hidden (`reportActionsFor`): marks what the
   * report says as verified inside the decision's transaction (a scam report then shows publicly).
   */
  verify?(tx: Database, moderator: Viewer, reportId: number, targetId: string, now: number): Promise<() => void>;
  /**
   * For a kind whose report is more than `{kind, id, reason}` (a scam report names a character and
   * may carry screenshots): reads the request itself and files the report (with `fileReport`).
   */
  file?(db: Database, viewer: Viewer, request: ReportRequest): Promise<FiledReport>;
}
