/**
 * Chat messages in the moderation queue (`kind: 'message'`): who may report one, its context, hiding
 * and deleting it.
 */
import { and, asc, desc, eq, gt, isNull, lt, lte } from "drizzle-orm";
import { chatMessages, chatRooms, users } from "../../db/schema/index.ts";
import type { ReportContext, ReportContextLine } from "../../universal/moderation/moderation-schemas.ts";
import { AppError } from "../errors.ts";
import type { ReportableKind } from "../moderation/report-kinds.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { removeMessage } from "./change-message.ts";
import { findRoom, mayRead } from "./room-access.ts";

/** Messages shown around a reported one, on each side. */
const CONTEXT_EACH_SIDE = 3;

function messageId(targetId: string): number | undefined {
  const id = Number(targetId);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

const lineColumns = { row: chatMessages, displayName: users.displayName };

export function chatReportable(hub: RealtimeHub): ReportableKind {
  return {
    kind: "message",
    permission: "message:hide",
    async assertReportable(db, viewer, targetId) {
      const id = messageId(targetId);
      const [row] = id === undefined ? [] : await db.select().from(chatMessages).where(eq(chatMessages.id, id));
      const room = row ? await findRoom(db, row.roomId) : undefined;
      // A message the reporter cannot see is answered as one that does not exist.
      if (!row || row.deletedAt !== null || !room || !(await mayRead(db, viewer, room)))
        throw new AppError("not-found", "No such message.");
      if (row.authorUid === viewer.uid) throw new AppError("invalid-argument", "You cannot report your own message.", { reason: "own" });
    },
    async context(db, targetId, reportedAt): Promise<ReportContext | null> {
      const id = messageId(targetId);
      if (id === undefined) return null;
      const [found] = await db
        .select(lineColumns)
        .from(chatMessages)
        .leftJoin(users, eq(users.uid, chatMessages.authorUid))
        .where(eq(chatMessages.id, id));
      if (!found) return null;
      const [room] = await db.select().from(chatRooms).where(eq(chatRooms.id, found.row.roomId));
      const visible = (condition: ReturnType<typeof gt>) =>
        and(eq(chatMessages.roomId, found.row.roomId), isNull(chatMessages.deletedAt), condition);
      const before = await db
        .select(lineColumns)
        .from(chatMessages)
        .leftJoin(users, eq(users.uid, chatMessages.authorUid))
        .where(visible(lt(chatMessages.id, id)))
        .orderBy(desc(chatMessages.id))
        .limit(CONTEXT_EACH_SIDE);
      // In a direct conversation moderators see what was said up to the report, never what followed.
      const after = await db
        .select(lineColumns)
        .from(chatMessages)
        .leftJoin(users, eq(users.uid, chatMessages.authorUid))
        .where(and(visible(gt(chatMessages.id, id)), room?.kind === "direct" ? lte(chatMessages.createdAt, reportedAt) : undefined))
        .orderBy(asc(chatMessages.id))
        .limit(CONTEXT_EACH_SIDE);
      const line = ({ row, displayName }: (typeof before)[number], target: boolean): ReportContextLine => ({
        id: String(row.id),
        author: { uid: row.authorUid, displayName: displayName ?? "" },
        text: row.text,
        createdAt: row.createdAt,
        target,
      });
      return {
        author: { uid: found.row.authorUid, displayName: found.displayName ?? "" },
        text: found.row.text,
        createdAt: found.row.createdAt,
        where: { kind: room?.kind ?? "global", id: found.row.roomId, label: room?.language ?? null },
        // Moderators read global rooms; a direct conversation is shown here only, never opened.
        link: room?.kind === "global" ? `/chat?room=${encodeURIComponent(found.row.roomId)}` : null,
        removed: found.row.deletedAt !== null,
        around: [...before.reverse().map((row) => line(row, false)), line(found, true), ...after.map((row) => line(row, false))],
      };
    },
    async apply(tx, moderator, targetId, action, now) {
      const id = messageId(targetId);
      if (id === undefined) return () => {};
      return removeMessage(tx, hub, moderator.uid, id, { erase: action === "delete", now });
    },
  };
}
