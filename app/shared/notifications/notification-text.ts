/** What a notification says, in the reader's words (the `notifications` namespace): the bell, `/notification` and `/` share it. */
import type { AppNotification } from "../../../universal/notifications/notification-kinds.ts";
import type { TFunction } from "../i18n/translator.ts";
import { numberFormat } from "../i18n/format.ts";

/** `language` is the reader's: a trade names its item in that language (the notification carries both names). */
export function notificationText(t: TFunction, notification: AppNotification, language: string): string {
  const others = Number(notification.data.others ?? 0);
  // A sender's repeated mentions within ten minutes are one notification that counts them (server/notifications).
  const mentions = notification.kind === "mention" ? Number(notification.data.count ?? 1) : 1;
  // Likes are grouped ("Lan and 4 others liked…"), of a post or of a comment; a cancelled trade says why when it was told; a clan disbanded says so.
  const key =
    notification.kind === "like"
      ? `notifications:kinds.${notification.data.commentId ? "likeComment" : "like"}${others > 0 ? "Others" : ""}`
      : mentions > 1
        ? "notifications:kinds.mentionRepeated"
        : notification.kind === "offer-cancelled" && notification.data.reason
          ? "notifications:kinds.offerCancelledReason"
          : notification.kind === "clan-removed" && notification.data.reason === "disbanded"
            ? "notifications:kinds.clanDisbanded"
            : `notifications:kinds.${notification.kind}`;
  return t(key, {
    name: notification.actor?.displayName || t("notifications:someone"),
    // An announcement carries its text in both languages.
    excerpt: String(
      (notification.kind === "announcement"
        ? language === "vi"
          ? notification.data.textVi
          : notification.data.textEn
        : notification.data.excerpt) ?? "",
    ),
    reason: String(notification.data.reason ?? ""),
    title: String(notification.data.title ?? ""),
    count: mentions > 1 ? mentions : others,
    // Trading: the item in the reader's language, and the unit price.
    item: String((language === "vi" ? notification.data.itemVi : notification.data.itemEn) ?? ""),
    // Clans: the clan's name and tag.
    clan: String(notification.data.clan ?? ""),
    tag: String(notification.data.tag ?? ""),
    price: typeof notification.data.unitPrice === "number" ? numberFormat(language).format(notification.data.unitPrice) : "",
  });
}
