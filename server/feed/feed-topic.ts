/**
 * The `feed:{language}` realtime topic: new posts of a language, for anyone (visitors too). A
 * resuming subscriber is replayed the posts it missed, up to FEED_REPLAY_MAX.
 */
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { posts } from "../../db/schema/index.ts";
import { isLanguage } from "../../universal/i18n/languages.ts";
import type { PersistedEvent } from "../../universal/realtime/protocol.ts";
import type { TopicSource } from "../realtime/topic-source.ts";
import { postsWhere, visiblePost } from "./feed-rows.ts";

/** Replay to a resuming `feed:{language}` subscriber at most this many posts; past it the client reloads. */
export const FEED_REPLAY_MAX = 200;

export function feedTopic(language: string): string {
  return `feed:${language}`;
}

/** The newest post id of a language (the `feed:{language}` topic), or null. */
export async function feedLastId(db: Database, language: string): Promise<number | null> {
  const [row] = await db
    .select({ last: sql<string | number | null>`max(${posts.id})` })
    .from(posts)
    .where(eq(posts.language, language));
  return row?.last === null || row?.last === undefined ? null : Number(row.last);
}

/** Posts after `afterId` for a resuming subscriber, oldest first; undefined past `max` (the client reloads). */
export async function feedEventsAfter(
  db: Database,
  language: string,
  afterId: number,
  max = FEED_REPLAY_MAX,
): Promise<PersistedEvent[] | undefined> {
  const rows = await postsWhere(db, null, and(eq(posts.language, language), visiblePost, gt(posts.id, afterId)), [asc(posts.id)], max + 1);
  if (rows.length > max) return undefined;
  return rows.map((post) => ({ type: "post", topic: feedTopic(language), id: post.id, post }));
}

export function feedPostsTopic(db: Database): TopicSource {
  return {
    mayRead: async (_viewer, language) => isLanguage(language),
    lastId: (language) => feedLastId(db, language),
    eventsAfter: (language, afterId) => feedEventsAfter(db, language, afterId),
  };
}
