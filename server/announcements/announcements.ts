/**
 * The team's announcements (issue 44): an admin writes one in both languages with its start and end;
 * every page shows it as a banner while it runs (each process keeps the open ones in memory, read
 * again when one is added or removed anywhere: `control:announcements` on the hub), and, when asked,
 * every member gets a notification, sent in batches by a job rather than in the request.
 */
import { and, asc, desc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { announcements, users } from "../../db/schema/index.ts";
import {
  ANNOUNCEMENT_BATCH,
  ANNOUNCEMENT_DAYS_MAX,
  ANNOUNCEMENT_TEXT_MAX,
  ANNOUNCEMENTS_OPEN_MAX,
  type Announcement,
  type Banner,
} from "../../universal/announcements/announcement-limits.ts";
import type { Language } from "../../universal/i18n/languages.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import { recordAudit } from "../moderation/audit-log.ts";
import { notify } from "../notifications/notifications.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { startSweep } from "../sweep.ts";

export const ANNOUNCEMENTS_TOPIC = "control:announcements";

export interface AnnouncementsChanged {
  type: "announcements-changed";
  topic: typeof ANNOUNCEMENTS_TOPIC;
}

const DAY_MS = 86_400_000;
const text = z
  .string()
  .trim()
  .min(1)
  .max(ANNOUNCEMENT_TEXT_MAX)
  .regex(/^[^\p{Cc}]*$/u, "no control characters");

/** `POST /api/admin/announcements`: the text in both languages, ISO 8601 start and end, and whether to notify every member. */
export const announcementInput = z
  .object({
    text: z.object({ vi: text, en: text }).strict(),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    notify: z.boolean().optional(),
  })
  .strict()
  .superRefine((input, context) => {
    const starts = Date.parse(input.startsAt);
    const ends = Date.parse(input.endsAt);
    if (ends <= starts) context.addIssue({ code: "custom", path: ["endsAt"], message: "must come after startsAt" });
    else if (ends - starts > ANNOUNCEMENT_DAYS_MAX * DAY_MS)
      context.addIssue({ code: "custom", path: ["endsAt"], message: `at most ${ANNOUNCEMENT_DAYS_MAX} days after startsAt` });
  });
export type AnnouncementInput = z.infer<typeof announcementInput>;

type Row = typeof announcements.$inferSelect;

function toAnnouncement(row: Row): Announcement {
  return {
    id: row.id,
    text: { vi: row.textVi, en: row.textEn },
    startsAt: new Date(row.startsAt).toISOString(),
    endsAt: new Date(row.endsAt).toISOString(),
    notify: row.notify,
    notifiedAt: row.notifiedAt === null ? null : new Date(row.notifiedAt).toISOString(),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

function announceChange(hub: Pick<RealtimeHub, "publish">): void {
  hub.publish({ type: "announcements-changed", topic: ANNOUNCEMENTS_TOPIC });
}

/** The newest first (the admin's list): those still to come or running, then the ended ones, 100 at most. */
export async function listAnnouncements(db: Database): Promise<Announcement[]> {
  const rows = await db.select().from(announcements).orderBy(desc(announcements.id)).limit(100);
  return rows.map(toAnnouncement);
}

export async function createAnnouncement(
  db: Database,
  hub: Pick<RealtimeHub, "publish">,
  admin: Viewer,
  input: AnnouncementInput,
  now = Date.now(),
): Promise<Announcement> {
  const startsAt = Date.parse(input.startsAt);
  const endsAt = Date.parse(input.endsAt);
  if (endsAt <= now) throw new AppError("invalid-argument", "endsAt: must be in the future", { field: "endsAt" });
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('announcements'))`);
    const [{ open } = { open: 0 }] = await tx
      .select({ open: sql<number>`count(*)::int` })
      .from(announcements)
      .where(gt(announcements.endsAt, now));
    if (open >= ANNOUNCEMENTS_OPEN_MAX)
      throw new AppError("quota-exceeded", `At most ${ANNOUNCEMENTS_OPEN_MAX} announcements not yet ended: remove one first.`, {
        limit: ANNOUNCEMENTS_OPEN_MAX,
      });
    const [made] = await tx
      .insert(announcements)
      .values({
        textVi: input.text.vi,
        textEn: input.text.en,
        startsAt,
        endsAt,
        notify: input.notify ?? false,
        createdBy: admin.uid,
        createdAt: now,
      })
      .returning();
    if (!made) throw new AppError("internal", "The announcement was not written.");
    await recordAudit(
      tx,
      {
        actorUid: admin.uid,
        action: "announcement.create",
        targetKind: "announcement",
        targetId: String(made.id),
        after: { text: input.text, startsAt: input.startsAt, endsAt: input.endsAt, notify: made.notify },
      },
      now,
    );
    return made;
  });
  announceChange(hub);
  return toAnnouncement(row);
}

/** Removes it (its banner goes at once; notifications already sent stay). */
export async function deleteAnnouncement(db: Database, hub: Pick<RealtimeHub, "publish">, admin: Viewer, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(announcements).where(eq(announcements.id, id)).returning();
    if (!row) throw new AppError("not-found", "No such announcement.");
    const { text: was } = toAnnouncement(row);
    await recordAudit(tx, {
      actorUid: admin.uid,
      action: "announcement.delete",
      targetKind: "announcement",
      targetId: String(id),
      before: { text: was, startsAt: new Date(row.startsAt).toISOString(), endsAt: new Date(row.endsAt).toISOString() },
    });
  });
  announceChange(hub);
}

export interface BannerStore {
  /** The announcements running at `now`, in `language`, oldest start first. */
  banners(language: Language, now?: number): Banner[];
  /** Which announcements run at `now`: part of the render cache's key, so a cached page shows them. */
  key(now?: number): string;
  ready: Promise<void>;
  reload(): Promise<void>;
}

/** This process's copy of the announcements not yet ended, read again whenever any process changes them. */
export function createBannerStore(db: Database, hub: Pick<RealtimeHub, "listen" | "onGap">): BannerStore {
  let open: Row[] = [];
  const reload = async () => {
    open = await db
      .select()
      .from(announcements)
      .where(gt(announcements.endsAt, Date.now()))
      .orderBy(asc(announcements.startsAt), asc(announcements.id))
      .limit(ANNOUNCEMENTS_OPEN_MAX);
  };
  hub.listen(ANNOUNCEMENTS_TOPIC, (event) => {
    if (event.type === "announcements-changed") void reload().catch(() => {});
  });
  // A change another process announced while the bus was away: read again.
  hub.onGap(() => void reload().catch(() => {}));
  const running = (now: number) => open.filter((row) => row.startsAt <= now && now < row.endsAt);
  return {
    banners: (language, now = Date.now()) => running(now).map((row) => ({ id: row.id, text: language === "vi" ? row.textVi : row.textEn })),
    key: (now = Date.now()) =>
      running(now)
        .map((row) => row.id)
        .join("."),
    ready: reload().catch(() => {}),
    reload,
  };
}

/**
 * One batch of the job: the oldest announcement that asked to notify and has started, its next
 * ANNOUNCEMENT_BATCH members by uid, in one transaction that moves its cursor (taken `for update skip
 * locked`, so two processes never send the same batch). Returns how many members were notified.
 */
export async function notifyAnnouncementBatch(db: Database, hub: Pick<RealtimeHub, "publish">, now = Date.now()): Promise<number> {
  const { events, sent } = await db.transaction(async (tx) => {
    const [announcement] = await tx
      .select()
      .from(announcements)
      .where(and(eq(announcements.notify, true), isNull(announcements.notifiedAt), lte(announcements.startsAt, now)))
      .orderBy(asc(announcements.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!announcement) return { events: [], sent: 0 };
    const members = await tx
      .select({ uid: users.uid })
      .from(users)
      .where(announcement.notifiedThrough === null ? undefined : gt(users.uid, announcement.notifiedThrough))
      .orderBy(asc(users.uid))
      .limit(ANNOUNCEMENT_BATCH);
    const written = await notify(
      tx,
      members.map(({ uid }) => ({
        uid,
        kind: "announcement" as const,
        actorUid: null,
        link: "/",
        data: { announcementId: announcement.id, textVi: announcement.textVi, textEn: announcement.textEn },
      })),
      now,
    );
    await tx
      .update(announcements)
      .set({
        notifiedThrough: members.at(-1)?.uid ?? announcement.notifiedThrough,
        notifiedAt: members.length < ANNOUNCEMENT_BATCH ? now : null,
      })
      .where(eq(announcements.id, announcement.id));
    return { events: written, sent: members.length };
  });
  for (const event of events) hub.publish(event);
  return sent;
}

/** The job: every 10 seconds, batches until none is left (at most 20 a run, so that one run stays short). */
export function startAnnouncementNotifications(
  db: Database,
  hub: Pick<RealtimeHub, "publish">,
  logger: Logger,
  everyMs = 10_000,
): () => void {
  return startSweep(
    "announcement notifications",
    async () => {
      let total = 0;
      for (let batch = 0; batch < 20; batch++) {
        const sent = await notifyAnnouncementBatch(db, hub);
        total += sent;
        if (sent < ANNOUNCEMENT_BATCH) break;
      }
      return total;
    },
    logger,
    everyMs,
  );
}
