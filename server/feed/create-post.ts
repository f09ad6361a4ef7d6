/**
 * Writing a post: once per client id, with its linked catalog entry, its images and the notices of
 * members it names, then published on its language's `feed:{language}` topic after it commits.
 */
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { contentEntries, postImages, posts } from "../../db/schema/index.ts";
import { ENTRY_REFERENCE, linkableKinds, type LinkableKind, type Post } from "../../universal/feed/feed-limits.ts";
import type { Language } from "../../universal/i18n/languages.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";
import type { ReencodedImage } from "../images/image-decoding.ts";
import { DEFAULT_NOTIFY_RULES, type NotifyRules } from "../notifications/notifications.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { mentioned, tellMentioned } from "./feed-mentions.ts";
import { limitFeedWrite } from "./feed-rate-limits.ts";
import { feedTopic } from "./feed-topic.ts";
import { getPost } from "./list-posts.ts";
import { newImageId } from "../images/image-id.ts";

export interface CreatePostInput {
  body: string;
  lang: Language;
  /** Without one, a retry posts again. */
  clientId?: string | undefined;
  /** `item:iron-sword`. */
  entry?: string | null | undefined;
  /** Already re-encoded (server/images/). */
  images?: ReencodedImage[] | undefined;
}

async function linkedEntry(db: Database, reference: string): Promise<{ kind: string; id: string }> {
  const match = ENTRY_REFERENCE.exec(reference);
  const kind = match ? linkableKinds[match[1] as LinkableKind] : undefined;
  const id = match?.[2];
  if (kind && id) {
    const [entry] = await db
      .select({ id: contentEntries.id })
      .from(contentEntries)
      .where(and(eq(contentEntries.kind, kind), eq(contentEntries.id, id)));
    if (entry) return { kind, id };
  }
  throw new AppError("invalid-argument", "entry: no such catalog entry.", { field: "entry", reason: "entry" });
}

/**
 * Posts once per client id: the same id again answers the post already made. The post, its images
 * and its mention notifications commit together. Ids are committed in id order per language (an
 * advisory lock per language), so a `feed:{lang}` subscriber that has seen a post never later
 * misses an older one.
 */
export async function createPost(
  db: Database,
  hub: RealtimeHub,
  viewer: Viewer,
  input: CreatePostInput,
  now = Date.now(),
  rules: NotifyRules = DEFAULT_NOTIFY_RULES,
): Promise<Post> {
  const clientId = input.clientId ?? randomBytes(12).toString("base64url");
  const [existing] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.authorUid, viewer.uid), eq(posts.clientId, clientId)));
  if (existing) return getPost(db, viewer, existing.id);
  await limitFeedWrite(db, viewer, "post", now);
  const entry = input.entry ? await linkedEntry(db, input.entry) : null;
  const images = (input.images ?? []).map((image) => ({ ...image, id: newImageId() }));
  const { row, events } = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${feedTopic(input.lang)}))`);
    const [inserted] = await tx
      .insert(posts)
      .values({
        authorUid: viewer.uid,
        clientId,
        language: input.lang,
        body: input.body,
        entryKind: entry?.kind ?? null,
        entryId: entry?.id ?? null,
        images: images.map(({ id, width, height }) => ({ id, width, height })),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) return { row: undefined, events: [] };
    if (images.length > 0)
      await tx.insert(postImages).values(
        images.map((image) => ({
          id: image.id,
          uid: viewer.uid,
          postId: inserted.id,
          contentType: image.contentType,
          data: image.data.toString("base64"),
          width: image.width,
          height: image.height,
          createdAt: now,
        })),
      );
    const uids = await mentioned(tx, input.body, viewer.uid);
    const notices = await tellMentioned(tx, uids, viewer.uid, { postId: inserted.id }, input.body, now, rules);
    return { row: inserted, events: notices };
  });
  // A retry that raced the first request: the first one's post.
  if (!row) return createPost(db, hub, viewer, { ...input, clientId }, now, rules);
  const post = await getPost(db, viewer, row.id);
  hub.publish({ type: "post", topic: feedTopic(row.language), id: row.id, post: { ...post, liked: false } });
  for (const event of events) hub.publish(event);
  return post;
}
