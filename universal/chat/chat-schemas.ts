/**
 * The chat API's request and answer shapes, shared by the server (which validates with them) and
 * the browser (which reads its answers as these types).
 */
import { z } from "zod";
import { clientIdSchema, uidSchema } from "../schemas.ts";
import { HISTORY_PAGE, HISTORY_PAGE_MAX, MESSAGE_TEXT_MAX, MUTE_MINUTES_MAX, SLOW_MODE_SECONDS_MAX } from "./chat-limits.ts";

export * from "./chat-limits.ts";

export { uidSchema } from "../schemas.ts";

export const messageTextSchema = z
  .string()
  .max(MESSAGE_TEXT_MAX * 2, `at most ${MESSAGE_TEXT_MAX} characters`)
  .transform((text) => text.trim())
  .pipe(z.string().min(1, "a message needs some text").max(MESSAGE_TEXT_MAX, `at most ${MESSAGE_TEXT_MAX} characters`));

export const sendMessageBody = z.object({
  text: messageTextSchema,
  clientId: clientIdSchema,
  mentions: z.array(uidSchema).max(20).optional(),
});
export const editMessageBody = z.object({ text: messageTextSchema });
export const directRoomBody = z.object({ uid: uidSchema });
export const readBody = z.object({ lastId: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) });
export const muteBody = z.object({ uid: uidSchema, minutes: z.number().int().min(1).max(MUTE_MINUTES_MAX) });
export const slowModeBody = z.object({ seconds: z.number().int().min(0).max(SLOW_MODE_SECONDS_MAX) });
export const blockBody = z.object({ uid: uidSchema });

const messageId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
export const historyQuery = z
  .object({
    after: messageId.optional(),
    before: messageId.optional(),
    limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).default(HISTORY_PAGE),
  })
  .refine((query) => query.after === undefined || query.before === undefined, "after and before cannot both be set");

/** What follows `@` in the composer: up to a display name's length, without control characters. */
export const mentionQuery = z.object({
  q: z
    .string()
    .max(40)
    .regex(/^[^\p{Cc}]*$/u, "no control characters")
    .default("")
    .transform((text) => text.trim()),
});
