/**
 * What a `/ws` client may send, as the server validates it. Apart from `protocol.ts` so that the
 * browser's socket client, which imports that module, does not carry Zod (decision 042).
 */
import { z } from "zod";

/** `room:{id}`, `user:{uid}`, `feed:{lang}`…: a kind, a colon, an id. */
export const topicSchema = z.string().regex(/^[a-z][a-z-]*:[A-Za-z0-9_-]{1,80}$/, "not a topic");
export type Topic = z.infer<typeof topicSchema>;

export const clientFrame = z.discriminatedUnion("type", [
  z.object({ type: z.literal("subscribe"), topic: topicSchema, after: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional() }),
  z.object({ type: z.literal("unsubscribe"), topic: topicSchema }),
  z.object({ type: z.literal("typing"), topic: topicSchema }),
]);
export type ClientFrame = z.infer<typeof clientFrame>;
