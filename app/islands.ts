import { startDocumentRuntimes } from "./document-runtimes.ts";
import { startViewBeacon } from "./shared/content/view-beacon.ts";
import type { ChatRoomProps } from "./features/chat/chat-room-props.ts";
import type { FeedLiveProps } from "./features/feed/feed-live-notice.ts";
import type { TaxLedgerProps } from "./features/tax/tax-ledger-actions.ts";
import type { OfferLiveProps } from "./features/offers/offer-live.ts";
import type { PermissionPanelProps } from "./features/notifications/permission-panel.ts";
import type { NotificationListProps } from "./features/notifications/notification-list.ts";
import { logPageError } from "./shared/page/page-errors.ts";
import { onPageEnd } from "./shared/islands/page-lifetime.ts";
import type { PlainIsland } from "./shared/islands/start-islands.ts";

/**
 * Every island a page may serve (decision 025): its name, and how the browser loads its component.
 * A page marks an island with `<Island name=… component=… props=…>`; the type of `component` must be
 * the one registered here under that name, so the server and the browser render the same thing.
 */
export const islands = {
  "app-bar": () => import("./layouts/default-app-bar.tsx").then((module) => module.DefaultAppBar),
  "page-runtimes": () => import("./page-runtimes.tsx").then((module) => module.DocumentRuntimes),
  "favorite-star": () => import("./shared/ui/favorite-star.tsx").then((module) => module.FavoriteStarControl),
  "record-view": () => import("./shared/content/record-view.tsx").then((module) => module.ViewBeacon),
  "craft-calculator": () => import("./features/craft/craft-calculator.tsx").then((module) => module.CraftCalculator),
  "district-map": () => import("./features/district/district-map-page.tsx").then((module) => module.DistrictMap),
  "level-calculator": () => import("./features/level/level-page.tsx").then((module) => module.LevelCalculator),
  "manor-calculator": () => import("./features/manors/manor-detail.tsx").then((module) => module.ManorCalculator),
  "feed-list": () => import("./features/feed/feed-page.tsx").then((module) => module.FeedList),
  "feed-live": () => import("./features/feed/feed-live.tsx").then((module) => module.FeedLive),
  "feed-post": () => import("./features/feed/feed-page.tsx").then((module) => module.FeedPost),
  "item-market": () => import("./features/catalog/item-market-slot.tsx").then((module) => module.MarketSlot),
  "unread-bell": () => import("./features/notifications/notification-bell.tsx").then((module) => module.NotificationBell),
  "bag-tools": () => import("./features/bag/bag-tools.tsx").then((module) => module.BagTools),
  "bag-filters": () => import("./features/bag/bag-filters.tsx").then((module) => module.BagFilters),
  "bag-entry": () => import("./features/bag/bag-entry-editor.tsx").then((module) => module.BagEntryEditor),
  "note-detail": () => import("./features/notes/note-detail-page.tsx").then((module) => module.NoteDetail),
  "tax-calculator": () => import("./features/tax/tax-calculator.tsx").then((module) => module.TaxCalculator),
  "tax-add": () => import("./features/tax/tax-add.tsx").then((module) => module.TaxAdd),
  "content-editor": () => import("./features/content/content-editor.tsx").then((module) => module.ContentEditor),
  "dashboard-chart": () => import("./features/dashboard/dashboard-chart.tsx").then((module) => module.DashboardChart),
  "tax-periods": () => import("./features/tax/tax-periods.tsx").then((module) => module.TaxPeriods),
  "tax-ledger": () => import("./features/tax/tax-ledger-status.tsx").then((module) => module.TaxLedgerStatus),
  "notes-search": () => import("./features/notes/notes-search.tsx").then((module) => module.NotesSearch),
  "me-profile": () => import("./features/me/me-forms.tsx").then((module) => module.MeProfile),
  "me-directory": () => import("./features/me/me-forms.tsx").then((module) => module.MeDirectory),
  "me-settings": () => import("./features/me/me-forms.tsx").then((module) => module.MeSettings),
  "me-security": () => import("./features/me/me-security.tsx").then((module) => module.MeSecurity),
  "me-data": () => import("./features/me/me-forms.tsx").then((module) => module.MeData),
  "offer-new": () => import("./features/offers/my-offers-tools.tsx").then((module) => module.NewOffer),
  "offer-alerts": () => import("./features/offers/my-offers-tools.tsx").then((module) => module.MyAlerts),
  "offer-claims": () => import("./features/offers/my-offers-tools.tsx").then((module) => module.MyClaims),
  "offer-detail": () => import("./features/offers/offer-detail-page.tsx").then((module) => module.OfferDetail),
  "offer-live": () => import("./features/offers/offer-live-island.tsx").then((module) => module.OfferLiveMark),
  "notification-permission": () =>
    import("./features/notifications/notification-preferences.tsx").then((module) => module.NotificationPermissionPanel),
  "me-notifications": () =>
    import("./features/notifications/notification-preferences.tsx").then((module) => module.NotificationPreferences),
  "report-decision": () => import("./features/moderation/moderation-queue.tsx").then((module) => module.ReportDecision),
  "moderation-more": () => import("./features/moderation/moderation-queue.tsx").then((module) => module.ModerationMore),
  "audit-more": () => import("./features/moderation/audit-log.tsx").then((module) => module.AuditMore),
  "clan-create": () => import("./features/clans/clan-forms.tsx").then((module) => module.ClanCreate),
  "clan-invite-answer": () => import("./features/clans/clan-forms.tsx").then((module) => module.InviteAnswer),
  "clan-membership": () => import("./features/clans/clan-forms.tsx").then((module) => module.MembershipActions),
  "clan-announce": () => import("./features/clans/clan-forms.tsx").then((module) => module.AnnounceForm),
  "clan-member-manage": () => import("./features/clans/clan-forms.tsx").then((module) => module.MemberManage),
  "clan-request-answer": () => import("./features/clans/clan-forms.tsx").then((module) => module.RequestAnswer),
  "clan-invite": () => import("./features/clans/clan-forms.tsx").then((module) => module.InviteMember),
  "clan-event-answer": () => import("./features/clans/clan-event-forms.tsx").then((module) => module.EventAnswer),
  "clan-event-schedule": () => import("./features/clans/clan-event-forms.tsx").then((module) => module.EventSchedule),
  "rating-submit": () => import("./features/rankings/character-submit.tsx").then((module) => module.CharacterSubmit),
  "character-chart": () => import("./features/rankings/character-history.tsx").then((module) => module.CharacterHistoryChart),
  "character-report": () => import("./features/rankings/character-report.tsx").then((module) => module.CharacterReport),
  "clan-settings": () => import("./features/clans/clan-settings.tsx").then((module) => module.ClanSettings),
  "announcement-manager": () => import("./features/announcements/announcement-manager.tsx").then((module) => module.AnnouncementManager),
  "site-settings": () => import("./features/settings/site-settings-form.tsx").then((module) => module.SiteSettingsForm),
  "admin-members": () => import("./features/admin/member-badges.tsx").then((module) => module.MemberList),
  "admin-member-standing": () => import("./features/admin/admin-member.tsx").then((module) => module.MemberStanding),
  "guide-decision": () => import("./features/guides/guide-review-queue.tsx").then((module) => module.GuideDecision),
  "hidden-guides": () => import("./features/guides/hidden-guides.tsx").then((module) => module.HiddenGuides),
  "hidden-posts": () => import("./features/feed/hidden-posts.tsx").then((module) => module.HiddenPosts),
  "hidden-comments": () => import("./features/feed/hidden-comments.tsx").then((module) => module.HiddenComments),
  "notification-list": () => import("./features/notifications/notifications-page.tsx").then((module) => module.NotificationList),
  // A plain island (below): its server HTML is the conversation, its code `chat-room.ts`; this entry only names it.
  "chat-room": () => import("./features/chat/conversation-view.tsx").then((module) => module.ConversationView),
  "chat-tools": () => import("./features/chat/chat-tools.tsx").then((module) => module.ChatTools),
};

export type IslandName = keyof typeof islands;

/**
 * The islands whose work needs no React (decision 038): an islands document starts them in plain DOM,
 * with the same props; a page hydrated by React Router renders their components as it does any other.
 */
export const plainIslands = {
  "page-runtimes": startDocumentRuntimes,
  "record-view": startViewBeacon,
  // Only the feed's pages have it: its code (and the socket client's) is fetched by the page that does.
  "feed-live": (element: HTMLElement, props: FeedLiveProps) => {
    import("./features/feed/feed-live-notice.ts")
      .then((module) => module.startFeedLive(element, props))
      .catch((error: unknown) => logPageError('The island "feed-live" could not start', error));
  },
  // A member's bell, live while the app bar around it waits for its first use (decision 042).
  "unread-bell": (element: HTMLElement, props: object, root) => {
    import("./features/notifications/unread-bell.ts")
      .then((module) => module.startUnreadBell(element, props, root))
      .catch((error: unknown) => logPageError('The island "unread-bell" could not start', error));
  },
  // The tax ledger's line actions (a place, a removal): its lines are server HTML (decision 042).
  "tax-ledger": (element: HTMLElement, props: TaxLedgerProps) => {
    import("./features/tax/tax-ledger-actions.ts")
      .then((module) => module.startTaxLedger(element, props))
      .catch((error: unknown) => logPageError('The island "tax-ledger" could not start', error));
  },
  // Offer updates on the offer pages (decision 042): its code and the socket client's come with the pages that have it.
  "offer-live": (element: HTMLElement, props: OfferLiveProps) => {
    import("./features/offers/offer-live.ts")
      .then((module) => module.startOfferLive(element, props))
      .catch((error: unknown) => logPageError('The island "offer-live" could not start', error));
  },
  // This browser's notification permission on /me, read as the page loads (decision 042).
  "notification-permission": (element: HTMLElement, props: PermissionPanelProps) => {
    import("./features/notifications/permission-panel.ts")
      .then((module) => module.startPermissionPanel(element, props))
      .catch((error: unknown) => logPageError('The island "notification-permission" could not start', error));
  },
  // `/notification`'s rows: mark read, older ones, new ones arriving (decision 042).
  "notification-list": (element: HTMLElement, props: NotificationListProps) => {
    import("./features/notifications/notification-list.ts")
      .then((module) => onPageEnd(module.startNotificationList(element, props)))
      .catch((error: unknown) => logPageError('The island "notification-list" could not start', error));
  },
  // A member's open conversation, live as the page loads without React (decision 042).
  "chat-room": (element: HTMLElement, props: ChatRoomProps) => {
    import("./features/chat/chat-room.ts")
      .then((module) => module.startChatRoom(element, props))
      .catch((error: unknown) => logPageError('The island "chat-room" could not start', error));
  },
} satisfies Partial<Record<IslandName, PlainIsland>> as Record<string, PlainIsland>;
