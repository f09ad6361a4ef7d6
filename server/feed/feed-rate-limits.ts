/** How many posts and comments a member may write in a window: past it, a clear 429 with when to retry. */
import type { Database } from "../../db/client.ts";
import { consumeRateLimit, peekRateLimit, type RateRule } from "../auth/rate-limit.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";

/** Posts and comments a member may write in a window (a clear 429 past them). */
export const POST_RATE: RateRule = { max: 5, window: 10 * 60 };
export const COMMENT_RATE: RateRule = { max: 20, window: 10 * 60 };

/** Counts a post or comment against its rule (or, with `count` false, only asks), refusing one past it. */
export async function limitFeedWrite(db: Database, viewer: Viewer, what: "post" | "comment", now: number, count = true): Promise<void> {
  const rule = what === "post" ? POST_RATE : COMMENT_RATE;
  const decision = await (count ? consumeRateLimit : peekRateLimit)(db, `feed-${what}:${viewer.uid}`, rule, now);
  if (!decision.allowed)
    throw new AppError("resource-exhausted", `At most ${rule.max} ${what}s in ${rule.window / 60} minutes.`, {
      reason: "rate-limit",
      retryAfter: decision.retryAfter,
    });
}

/**
 * Refuses (429) a member who may not post now, without counting a post: the route asks before it
 * reads a post's images, so a member past the limit never has them read or decoded.
 */
export function assertMayPost(db: Database, viewer: Viewer, now = Date.now()): Promise<void> {
  return limitFeedWrite(db, viewer, "post", now, false);
}
