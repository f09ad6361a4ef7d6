/** A room's history, a page at a time. */
import { and, desc, gt, isNull, lt, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { chatMessages, users } from "../../db/schema/index.ts";
import type { ChatMessage } from "../../universal/chat/chat-schemas.ts";
import { messageColumns, toChatMessage } from "./message-rows.ts";

/** A page of history, ascending: after an id, before an id, or the newest `limit`. Deleted messages leave it. */
export async function listMessages(
  db: Database,
  roomId: string,
  { after, before, limit }: { after?: number; before?: number; limit: number },
): Promise<ChatMessage[]> {
  const conditions = [eq(chatMessages.roomId, roomId), isNull(chatMessages.deletedAt)];
  if (after !== undefined) conditions.push(gt(chatMessages.id, after));
  if (before !== undefined) conditions.push(lt(chatMessages.id, before));
  const rows = await db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.uid, chatMessages.authorUid))
    .where(and(...conditions))
    .orderBy(after !== undefined ? chatMessages.id : desc(chatMessages.id))
    .limit(limit);
  const messages = rows.map(({ row, displayName }) => toChatMessage(row, displayName));
  return after !== undefined ? messages : messages.reverse();
}
