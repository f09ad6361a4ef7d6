/**
 * How a chat message reads from its row, with its author's name: the shape every list and event of
 * messages answers.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { chatMessages, users } from "../../db/schema/index.ts";
import type { ChatMessage } from "../../universal/chat/chat-schemas.ts";

export type MessageRow = typeof chatMessages.$inferSelect;

export const messageColumns = {
  row: chatMessages,
  displayName: sql<string>`coalesce(${users.displayName}, '')`,
};

export function toChatMessage(row: MessageRow, displayName: string): ChatMessage {
  return {
    id: row.id,
    roomId: row.roomId,
    author: { uid: row.authorUid, displayName },
    text: row.text,
    createdAt: row.createdAt,
    editedAt: row.editedAt,
  };
}

export async function messageById(db: Database, id: number): Promise<{ row: MessageRow; message: ChatMessage } | undefined> {
  const [found] = await db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.uid, chatMessages.authorUid))
    .where(eq(chatMessages.id, id));
  return found ? { row: found.row, message: toChatMessage(found.row, found.displayName) } : undefined;
}
