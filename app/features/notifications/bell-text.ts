import type { TFunction } from "../../shared/i18n/translator.ts";

/** The attribute of the bell's badge, which the plain bell (`unread-bell.ts`) writes before the app bar hydrates. */
export const UNREAD_BADGE_ATTRIBUTE = "data-unread-badge";

/** The bell's label: with the unread count once it is known and not zero. */
export function bellLabel(t: TFunction, count: number | null): string {
  return count ? t("notificationBell.unread", { count }) : t("notificationBell.label");
}

/** What the badge shows: the count, or 99+; nothing when there is none. */
export function bellBadgeText(count: number | null): string {
  if (!count) return "";
  return count > 99 ? "99+" : String(count);
}
