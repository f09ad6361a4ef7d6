import { eq, getTableColumns, type Column } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import {
  clanAnnouncements,
  clanEventAnswers,
  clanMembers,
  clanRequests,
  analyticsEvents,
  authAccounts,
  authSessions,
  authUsers,
  bagEntries,
  characterClaims,
  chatBlocks,
  chatMessages,
  commentLikes,
  comments,
  contributionPoints,
  favorites,
  guides,
  notes,
  offerFeedback,
  offerReplies,
  offers,
  postImages,
  postLikes,
  posts,
  priceAlerts,
  profileSettings,
  notificationPreferences,
  notifications,
  presence,
  reportReporters,
  reports,
  taxLedger,
  users,
} from "../../db/schema/index.ts";
import { profileColumns } from "../profile/profile-store.ts";

/**
 * Every row of `table` whose `column` is the member's, all its columns but `leaveOut`: an image's
 * bytes (the export says an image was there, its size and type, not the picture), and which
 * moderator hid a post, a comment or an offer (moderators act as the team, not by name).
 */
function rowsOf<T extends PgTable>(db: Database, table: T, column: Column, uid: string, leaveOut: readonly string[] = []) {
  const columns = Object.fromEntries(Object.entries(getTableColumns(table)).filter(([name]) => !leaveOut.includes(name)));
  return db
    .select(columns)
    .from(table as PgTable)
    .where(eq(column, uid));
}

/** Everything we hold about a person, as JSON they can download (no secrets, no other people's data). */
export async function exportAccount(db: Database, uid: string) {
  const [account] = await db
    .select({ email: authUsers.email, name: authUsers.name, emailVerified: authUsers.emailVerified, createdAt: authUsers.createdAt })
    .from(authUsers)
    .where(eq(authUsers.id, uid));
  const [profile] = await db.select(profileColumns).from(users).where(eq(users.uid, uid));
  const providers = await db
    .select({ provider: authAccounts.providerId, since: authAccounts.createdAt })
    .from(authAccounts)
    .where(eq(authAccounts.userId, uid));
  const sessions = await db
    .select({
      createdAt: authSessions.createdAt,
      expiresAt: authSessions.expiresAt,
      ipAddress: authSessions.ipAddress,
      userAgent: authSessions.userAgent,
    })
    .from(authSessions)
    .where(eq(authSessions.userId, uid));
  const events = await db
    .select({ name: analyticsEvents.name, params: analyticsEvents.params, createdAt: analyticsEvents.createdAt })
    .from(analyticsEvents)
    .where(eq(analyticsEvents.userId, uid));
  const starred = await db
    .select({ kind: favorites.kind, id: favorites.entryId, createdAt: favorites.createdAt })
    .from(favorites)
    .where(eq(favorites.uid, uid));
  const messages = await db
    .select({
      id: chatMessages.id,
      roomId: chatMessages.roomId,
      text: chatMessages.text,
      createdAt: chatMessages.createdAt,
      editedAt: chatMessages.editedAt,
      deletedAt: chatMessages.deletedAt,
    })
    .from(chatMessages)
    .where(eq(chatMessages.authorUid, uid));
  const received = await db
    .select({
      kind: notifications.kind,
      link: notifications.link,
      data: notifications.data,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(eq(notifications.uid, uid));
  const notificationChoices = await db
    .select({ kind: notificationPreferences.kind, inApp: notificationPreferences.inApp, browser: notificationPreferences.browser })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.uid, uid));
  const blocked = await db
    .select({ uid: chatBlocks.blockedUid, createdAt: chatBlocks.createdAt })
    .from(chatBlocks)
    .where(eq(chatBlocks.uid, uid));
  const filed = await db
    .select({ kind: reports.kind, targetId: reports.targetId, reason: reportReporters.reason, createdAt: reportReporters.createdAt })
    .from(reportReporters)
    .innerJoin(reports, eq(reports.id, reportReporters.reportId))
    .where(eq(reportReporters.uid, uid));
  const [seen] = await db.select({ lastSeenAt: presence.lastSeenAt }).from(presence).where(eq(presence.uid, uid));
  // What they wrote and keep on the site: their feed, guides, trades, bag, notes and ledger.
  const [
    profileChoices,
    feedPosts,
    feedImages,
    feedComments,
    postsLiked,
    commentsLiked,
    guidesWritten,
    contribution,
    tradeOffers,
    tradeReplies,
    feedbackGiven,
    feedbackReceived,
    alerts,
    claims,
    bag,
    personalNotes,
    ledger,
    clanMemberships,
    clanRequestsOpen,
    clanAnnouncementsWritten,
    clanEventAnswersGiven,
  ] = await Promise.all([
    rowsOf(db, profileSettings, profileSettings.uid, uid),
    rowsOf(db, posts, posts.authorUid, uid, ["hiddenBy"]),
    rowsOf(db, postImages, postImages.uid, uid, ["data"]),
    rowsOf(db, comments, comments.authorUid, uid, ["hiddenBy"]),
    rowsOf(db, postLikes, postLikes.uid, uid),
    rowsOf(db, commentLikes, commentLikes.uid, uid),
    rowsOf(db, guides, guides.authorUid, uid),
    rowsOf(db, contributionPoints, contributionPoints.uid, uid),
    rowsOf(db, offers, offers.ownerUid, uid, ["hiddenBy"]),
    rowsOf(db, offerReplies, offerReplies.authorUid, uid),
    rowsOf(db, offerFeedback, offerFeedback.fromUid, uid),
    rowsOf(db, offerFeedback, offerFeedback.toUid, uid),
    rowsOf(db, priceAlerts, priceAlerts.uid, uid),
    rowsOf(db, characterClaims, characterClaims.uid, uid),
    rowsOf(db, bagEntries, bagEntries.uid, uid),
    rowsOf(db, notes, notes.uid, uid),
    rowsOf(db, taxLedger, taxLedger.uid, uid),
    rowsOf(db, clanMembers, clanMembers.uid, uid),
    rowsOf(db, clanRequests, clanRequests.uid, uid),
    rowsOf(db, clanAnnouncements, clanAnnouncements.authorUid, uid),
    rowsOf(db, clanEventAnswers, clanEventAnswers.uid, uid),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account,
    profile: profile ?? null,
    providers,
    sessions,
    analyticsEvents: events,
    favorites: starred,
    chatMessages: messages,
    chatBlocks: blocked,
    notifications: received,
    notificationPreferences: notificationChoices,
    reportsFiled: filed,
    lastSeenAt: seen?.lastSeenAt ?? null,
    profileSettings: profileChoices[0] ?? null,
    feed: { posts: feedPosts, images: feedImages, comments: feedComments, postsLiked, commentsLiked },
    guides: guidesWritten,
    contributionPoints: contribution,
    trading: { offers: tradeOffers, replies: tradeReplies, feedbackGiven, feedbackReceived, priceAlerts: alerts, characterClaims: claims },
    bag,
    notes: personalNotes,
    taxLedger: ledger,
    clans: {
      memberships: clanMemberships,
      requestsAndInvitations: clanRequestsOpen,
      announcements: clanAnnouncementsWritten,
      eventAnswers: clanEventAnswersGiven,
    },
  };
}
