/**
 * The feed's notifications that depend on earlier ones: a like is grouped into its owner's unread
 * notice for the same post or comment, and an edit tells only members not told of that text yet.
 * Both read (and the like updates) the notifications table, which only this folder touches.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { notifications } from "../../db/schema/index.ts";
import type { PersistedEvent } from "../../universal/realtime/protocol.ts";
import { hasBlocked, notify } from "./notifications.ts";

/** A post, or one of its comments: the key the feed's notifications carry in their data. */
export interface FeedThing {
  postId: number;
  commentId?: number;
}

export interface LikeNotice {
  /** Who liked. */
  actorUid: string;
  /** The author of what was liked: the one told. */
  ownerUid: string;
  thing: FeedThing;
  link: string;
  excerpt: string;
}

/**
 * A like notification, grouped: while the owner has not read the one for this thing, further likes
 * update it ("Lan and 4 others liked…") instead of adding more. `likersSince(at)` counts the members
 * other than the owner who like the thing now and liked it at `at` or later.
 */
export async function notifyLike(
  db: Database,
  like: LikeNotice,
  likersSince: (at: number) => Promise<number | undefined>,
  now: number,
): Promise<PersistedEvent[]> {
  const { actorUid, ownerUid: owner, thing } = like;
  if (owner === actorUid) return [];
  // Nothing of a member the owner blocked reaches them: not even as the latest liker of a grouped notification.
  if (await hasBlocked(db, owner, actorUid)) return [];
  const key =
    thing.commentId === undefined
      ? sql`${notifications.data}->>'commentId' is null`
      : sql`${notifications.data}->>'commentId' = ${String(thing.commentId)}`;
  const [unread] = await db
    .select({ id: notifications.id, data: notifications.data, createdAt: notifications.createdAt })
    .from(notifications)
    .where(
      and(
        eq(notifications.uid, owner),
        eq(notifications.kind, "like"),
        isNull(notifications.readAt),
        sql`${notifications.data}->>'postId' = ${String(thing.postId)}`,
        key,
      ),
    );
  if (unread) {
    // The members who like it now and liked it since the notification began (one like row each, this
    // one included; the author's own like is not one of them): a member who unlikes and likes again is still one of them, not one more.
    const likers = await likersSince(unread.createdAt);
    await db
      .update(notifications)
      .set({ actorUid, data: { ...unread.data, others: Math.max(0, (likers ?? 1) - 1) } })
      .where(eq(notifications.id, unread.id));
    return [];
  }
  return notify(
    db,
    [
      {
        uid: owner,
        kind: "like",
        actorUid,
        link: like.link,
        data: {
          postId: thing.postId,
          ...(thing.commentId === undefined ? {} : { commentId: thing.commentId }),
          excerpt: like.excerpt,
          others: 0,
        },
      },
    ],
    now,
  );
}

/**
 * Which of `uids` were already told of this post or comment: a mention of the post itself, or a
 * mention, comment or reply notice of the comment.
 */
export async function notifiedOf(db: Database, uids: string[], thing: FeedThing): Promise<Set<string>> {
  const told = await db
    .select({ uid: notifications.uid })
    .from(notifications)
    .where(
      and(
        inArray(notifications.uid, uids),
        sql`${notifications.data}->>'postId' = ${String(thing.postId)}`,
        thing.commentId === undefined
          ? and(eq(notifications.kind, "mention"), sql`${notifications.data}->>'commentId' is null`)
          : and(
              inArray(notifications.kind, ["mention", "comment", "reply"]),
              sql`${notifications.data}->>'commentId' = ${String(thing.commentId)}`,
            ),
      ),
    );
  return new Set(told.map((row) => row.uid));
}
