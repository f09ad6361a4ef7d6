/**
 * Mentions in posts and comments: the members a text names, and their notices (only the newly named
 * ones after an edit). Each notice is written through `notify` in the caller's transaction.
 */
import { inArray, sql } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { mentionCandidates, mentionTokenUids } from "../../universal/chat/mentions.ts";
import type { PersistedEvent } from "../../universal/realtime/protocol.ts";
import { notifiedOf, type FeedThing } from "../notifications/feed-notifications.ts";
import { notify, type NotificationInput, type NotifyRules } from "../notifications/notifications.ts";
import { excerpt, postLink } from "./feed-rows.ts";

/** Tells each named member that `actorUid` mentioned them in `body`: a post, or one of its comments. */
export function tellMentioned(
  db: Database,
  uids: string[],
  actorUid: string,
  thing: FeedThing,
  body: string,
  now: number,
  rules: NotifyRules,
): Promise<PersistedEvent[]> {
  return notify(
    db,
    uids.map((uid): NotificationInput => ({
      uid,
      kind: "mention",
      actorUid,
      link: postLink(thing.postId),
      data: { ...thing, excerpt: excerpt(body) },
    })),
    now,
    rules,
  );
}

/**
 * Members an edit names who were not told of this post or comment yet: named by the new text, not by
 * the old one, and without a notification about it already (a name removed and added back is not news).
 */
export async function newlyMentioned(db: Database, before: string, after: string, author: string, thing: FeedThing): Promise<string[]> {
  const earlier = new Set(await mentioned(db, before, author));
  const added = (await mentioned(db, after, author)).filter((uid) => !earlier.has(uid));
  if (added.length === 0) return [];
  const already = await notifiedOf(db, added, thing);
  return added.filter((uid) => !already.has(uid));
}

/**
 * Members a text names, but not its author: those the picker bound to a uid (`@[Name](/users?id=UID)`
 * tokens) first, then each typed `@Name` that is the display name of one member only.
 */
export async function mentioned(db: Database, text: string, author: string): Promise<string[]> {
  const bound = mentionTokenUids(text).filter((uid) => uid !== author);
  const known =
    bound.length === 0
      ? new Set<string>()
      : new Set((await db.select({ uid: users.uid }).from(users).where(inArray(users.uid, bound))).map((row) => row.uid));
  const found = bound.filter((uid) => known.has(uid));
  const candidates = mentionCandidates(text);
  if (candidates.length === 0) return found;
  const rows = await queryRows<{ uid: string; name: string }>(
    db,
    sql`select uid, lower(display_name) as name from users where lower(display_name) in (${sql.join(
      candidates.map((name) => sql`${name}`),
      sql`, `,
    )})`,
  );
  const byName = new Map<string, string[]>();
  for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), row.uid]);
  const named = [...byName.values()].flatMap((uids) => (uids.length === 1 && uids[0] !== author ? [uids[0] as string] : []));
  return [...new Set([...found, ...named])];
}
