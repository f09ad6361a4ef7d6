/**
 * A member as the admin area reads one (`GET /api/admin/users/{uid}`): the profile, what they have
 * done (counts), their ban and their active sessions; and the admin's hand on their contribution
 * points (`POST /api/admin/users/{uid}/points`), audited with its reason.
 */
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import {
  authSessions,
  authUsers,
  chatMessages,
  comments,
  contributionTotals,
  guides,
  offers,
  posts,
  users,
} from "../../db/schema/index.ts";
import { clientIdSchema } from "../../universal/schemas.ts";
import { sessionIsLive } from "../auth/session-lifetime.ts";
import type { Viewer } from "../auth/viewer.ts";
import { adjustPoints } from "../contribution/contribution.ts";
import { AppError } from "../errors.ts";
import { recordAudit } from "../moderation/audit-log.ts";
import { searchAdminUsers, type AdminUser } from "./search-users.ts";

export const POINTS_DELTA_MAX = 100_000;

export const pointsAdjustment = z
  .object({
    delta: z
      .number()
      .int()
      .min(-POINTS_DELTA_MAX)
      .max(POINTS_DELTA_MAX)
      .refine((delta) => delta !== 0, "must not be 0"),
    reason: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .regex(/^[^\p{Cc}]*$/u, "no control characters"),
    clientId: clientIdSchema.optional(),
  })
  .strict();

export interface AdminMemberDetail {
  /** The spec's profile fields (times in milliseconds, as the profile has them), with the account's standing. */
  profile: AdminUser & { photoURL: string | null; emailVerified: boolean; updatedAt: number | null; lastLoginAt: number | null };
  ban: { reason: string | null; until: string | null } | null;
  activity: { posts: number; comments: number; chatMessages: number; offers: number; guides: number };
  /** Live sessions, the most recently used first. */
  sessions: { id: string; createdAt: string; updatedAt: string; expiresAt: string; ipAddress: string | null; userAgent: string | null }[];
}

async function countOf(db: Database, table: PgTable, condition: SQL): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(table)
    .where(condition);
  return row?.count ?? 0;
}

export async function readAdminMember(db: Database, uid: string, now = Date.now()): Promise<AdminMemberDetail> {
  const [account] = await db.select().from(authUsers).where(eq(authUsers.id, uid));
  if (!account) throw new AppError("not-found", "No such member.");
  const [listed] = await searchAdminUsers(db, { uid });
  const [profile] = await db
    .select({ photoURL: users.photoURL, updatedAt: users.updatedAt, lastLoginAt: users.lastLoginAt })
    .from(users)
    .where(eq(users.uid, uid));
  const [postCount, commentCount, messageCount, offerCount, guideCount, sessions] = await Promise.all([
    countOf(db, posts, eq(posts.authorUid, uid)),
    countOf(db, comments, eq(comments.authorUid, uid)),
    countOf(db, chatMessages, eq(chatMessages.authorUid, uid)),
    countOf(db, offers, eq(offers.ownerUid, uid)),
    countOf(db, guides, eq(guides.authorUid, uid)),
    db
      .select()
      .from(authSessions)
      .where(and(eq(authSessions.userId, uid), sessionIsLive(now)))
      .orderBy(desc(authSessions.updatedAt)),
  ]);
  if (!listed) throw new AppError("not-found", "No such member.");
  return {
    profile: {
      ...listed,
      photoURL: profile?.photoURL ?? null,
      emailVerified: account.emailVerified,
      updatedAt: profile?.updatedAt ?? null,
      lastLoginAt: profile?.lastLoginAt ?? null,
    },
    ban: listed.banned ? { reason: account.banReason, until: account.banExpires?.toISOString() ?? null } : null,
    activity: { posts: postCount, comments: commentCount, chatMessages: messageCount, offers: offerCount, guides: guideCount },
    sessions: sessions.map((session) => ({
      id: session.id,
      createdAt: session.createdAt.toISOString(),
      updatedAt: session.updatedAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    })),
  };
}

/** Adds or takes points by hand, with the reason in the audit log; once per client id. */
export async function adjustMemberPoints(
  db: Database,
  admin: Viewer,
  uid: string,
  input: z.infer<typeof pointsAdjustment>,
  now = Date.now(),
): Promise<{ points: number; level: number; applied: number }> {
  return db.transaction(async (tx) => {
    const [member] = await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, uid));
    if (!member) throw new AppError("not-found", "No such member.");
    const [was] = await tx.select({ points: contributionTotals.points }).from(contributionTotals).where(eq(contributionTotals.uid, uid));
    const source = input.clientId ?? `${now}:${admin.uid}`;
    const result = await adjustPoints(tx, { uid, delta: input.delta, actorUid: admin.uid, source }, now);
    if (!result.repeated)
      await recordAudit(
        tx,
        {
          actorUid: admin.uid,
          action: "user.points",
          targetKind: "member",
          targetId: uid,
          note: input.reason,
          before: { points: was?.points ?? 0 },
          after: { points: result.points, level: result.level },
        },
        now,
      );
    return { points: result.points, level: result.level, applied: result.applied };
  });
}
