import { useEffect, useSyncExternalStore } from "react";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { useRootData } from "../../shared/root-data.ts";
import { BellIcon } from "../../shared/ui/icons.tsx";
import { bellBadgeText, bellLabel, UNREAD_BADGE_ATTRIBUTE } from "./bell-text.ts";
import { followUnreadWhenSettled, subscribeUnread, unreadCount } from "./unread-count.ts";

/**
 * The app bar's bell: a link to `/notification` with the live unread count (signed-in members only).
 * The badge is always there, hidden while there is nothing unread, rendered with the server's count:
 * before the app bar hydrates, the plain bell (`unread-bell.ts`) keeps it live (decisions 042, 045).
 */
export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const root = useRootData();
  const uid = root?.viewer?.uid;
  // The rendered count until the live one is known (the server's, and hydration's, is the rendered one).
  const count = useSyncExternalStore(subscribeUnread, unreadCount, () => null) ?? root?.bell?.unread ?? null;
  const language = i18n.language;
  useEffect(() => {
    if (!uid) return;
    return followUnreadWhenSettled(uid, { language, navigate: (path) => void navigate(path) });
  }, [uid, language, navigate]);
  if (!uid) return null;
  const label = bellLabel(t, count);
  return (
    <Link
      to="/notification"
      // Moves at once, in place, even while the app bar sleeps (decision 044).
      data-move-now=""
      aria-label={label}
      title={label}
      className="relative inline-flex size-10 items-center justify-center rounded-md text-fg hover:bg-surface-muted"
    >
      <BellIcon />
      <span
        aria-hidden="true"
        data-testid="unread-badge"
        {...{ [UNREAD_BADGE_ATTRIBUTE]: "" }}
        hidden={!count}
        suppressHydrationWarning
        className="absolute top-1 right-1 min-w-4 rounded-full bg-brand px-1 text-center text-[0.625rem] leading-4 font-bold text-on-brand"
      >
        {bellBadgeText(count)}
      </span>
    </Link>
  );
}
