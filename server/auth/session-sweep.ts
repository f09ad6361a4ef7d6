/**
 * Sessions that can no longer be used (expired, or older than the absolute lifetime) are deleted on
 * a schedule, a thousand at a time. Requests read such a session as nobody (viewer.ts) and only
 * better-auth's own endpoints delete the one they are shown, so a session whose browser never
 * came back would otherwise stay for good: the sessions table keeps a limit this way. Deleting is
 * the same whichever process does it, so several may run it at once.
 */
import { inArray, not } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { authSessions } from "../../db/schema/index.ts";
import type { Logger } from "../logger.ts";
import { startSweep } from "../sweep.ts";
import { sessionIsLive } from "./session-lifetime.ts";

const BATCH = 1_000;
const HOUR_MS = 60 * 60 * 1000;

/** Deletes the sessions past their end at `now`; returns how many. */
export async function deleteEndedSessions(db: Database, now = Date.now()): Promise<number> {
  let deleted = 0;
  for (;;) {
    const ended = db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(not(sessionIsLive(now)))
      .limit(BATCH);
    const rows = await db.delete(authSessions).where(inArray(authSessions.id, ended)).returning({ id: authSessions.id });
    deleted += rows.length;
    if (rows.length < BATCH) return deleted;
  }
}

export function startSessionSweep(db: Database, logger: Logger, everyMs = HOUR_MS): () => void {
  return startSweep("ended sessions deleted", () => deleteEndedSessions(db), logger, everyMs);
}
