import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { AppNotification } from "../../../universal/notifications/notification-kinds.ts";
import { sameOriginPath } from "../../../universal/navigation/safe-navigation.ts";
import { notificationText } from "../../shared/notifications/notification-text.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { ReaderTime } from "../../shared/ui/countdown.tsx";
import { SignInPrompt } from "../../shared/ui/sign-in-prompt.tsx";
import { onNotification, setUnreadCount } from "./unread-count.ts";

export interface NotificationsPageProps {
  i18n: RouteMessages;
  signedIn: boolean;
  unreadOnly: boolean;
  notifications: AppNotification[];
  unread: number;
  nextBefore: number | null;
}

/** `/notification`: newest first, an unread filter, mark one or all read, new ones arriving live. */
export function NotificationsPage({ i18n, signedIn, unreadOnly, notifications, unread, nextBefore }: NotificationsPageProps) {
  const { t } = useRouteMessages(i18n);
  const language = i18n.language;
  const [items, setItems] = useState(notifications);
  const [cursor, setCursor] = useState(nextBefore);
  const [unreadTotal, setUnreadTotal] = useState(unread);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [seen, setSeen] = useState(notifications);
  if (seen !== notifications) {
    setSeen(notifications);
    setItems(notifications);
    setCursor(nextBefore);
    setUnreadTotal(unread);
  }

  // New notifications arrive at the top while the page is open.
  useEffect(
    () =>
      onNotification((notification) => {
        setItems((current) => (current.some((each) => each.id === notification.id) ? current : [notification, ...current]));
        setUnreadTotal((count) => count + 1);
      }),
    [],
  );

  async function markRead(body: { ids: number[] } | { all: true }) {
    const answer = await apiJson<{ unread: number }>("/api/notifications/read", { body });
    if (!answer.ok) {
      setFailed(true);
      return;
    }
    setFailed(false);
    const ids = "ids" in body ? new Set(body.ids) : null;
    setItems((current) =>
      current.flatMap((each) => {
        if (ids && !ids.has(each.id)) return [each];
        return unreadOnly ? [] : [{ ...each, read: true }];
      }),
    );
    setUnreadTotal(answer.data.unread);
    setUnreadCount(answer.data.unread);
  }

  async function more() {
    if (cursor === null) return;
    setLoading(true);
    const answer = await apiJson<AppNotification[], { nextBefore: number | null }>(
      `/api/notifications?before=${cursor}${unreadOnly ? "&unread=1" : ""}`,
    );
    setLoading(false);
    if (!answer.ok) {
      setFailed(true);
      return;
    }
    setItems((current) => [...current, ...answer.data.filter((each) => !current.some((known) => known.id === each.id))]);
    setCursor(answer.body.nextBefore);
  }

  const text = (notification: AppNotification) => notificationText(t, notification, language);

  return (
    <div className="mx-auto max-w-3xl">
      <Breadcrumbs />
      <h1 className="text-2xl font-bold sm:text-3xl">{t("common:pages.notification.title")}</h1>
      <p className="mt-2 text-fg-muted">{t("common:pages.notification.description")}</p>
      {!signedIn ? (
        <SignInPrompt text={t("signedOut")} action={t("signIn")} back="/notification" />
      ) : (
        <>
          <div className="mt-5 flex flex-wrap items-center gap-2">
            <nav aria-label={t("filters.label")} className="flex gap-1">
              <Link
                to="/notification"
                aria-current={!unreadOnly ? "page" : undefined}
                className={`inline-flex min-h-10 items-center rounded-md px-3 ${!unreadOnly ? "bg-surface-muted font-semibold" : "hover:bg-surface-muted"}`}
              >
                {t("filters.all")}
              </Link>
              <Link
                to="/notification?unread=1"
                aria-current={unreadOnly ? "page" : undefined}
                className={`inline-flex min-h-10 items-center rounded-md px-3 ${unreadOnly ? "bg-surface-muted font-semibold" : "hover:bg-surface-muted"}`}
              >
                {t("filters.unread")} ({unreadTotal})
              </Link>
            </nav>
            <button
              type="button"
              disabled={unreadTotal === 0}
              onClick={() => void markRead({ all: true })}
              className="ml-auto min-h-10 rounded-md border border-line px-3 hover:bg-surface-muted disabled:opacity-50"
            >
              {t("markAll")}
            </button>
          </div>
          {failed ? (
            <p role="alert" className="mt-3 rounded-md border border-line bg-surface-muted px-3 py-2 text-sm">
              {t("error")}
            </p>
          ) : null}
          {items.length === 0 ? (
            <p className="mt-6 rounded-xl border border-dashed border-line bg-surface p-5 text-fg-muted">
              {t(unreadOnly ? "emptyUnread" : "empty")}
            </p>
          ) : (
            <ul className="mt-4 divide-y divide-line rounded-xl border border-line bg-surface">
              {items.map((notification) => {
                const href = sameOriginPath(notification.link);
                return (
                  <li
                    key={notification.id}
                    className={`grid grid-cols-[0.5rem_minmax(0,1fr)] items-start gap-x-3 p-3 sm:grid-cols-[0.5rem_minmax(0,1fr)_auto] ${notification.read ? "" : "bg-accent-soft/40"}`}
                  >
                    <span
                      aria-hidden="true"
                      className={`mt-2 size-2 shrink-0 rounded-full ${notification.read ? "bg-transparent" : "bg-brand"}`}
                    />
                    <div className="min-w-0 flex-1">
                      {notification.read ? null : <span className="sr-only">{t("unreadMark")}: </span>}
                      {href ? (
                        <Link
                          to={href}
                          onClick={() => {
                            if (!notification.read) void markRead({ ids: [notification.id] });
                          }}
                          className="line-clamp-3 break-words text-fg underline-offset-2 hover:underline"
                        >
                          {text(notification)}
                        </Link>
                      ) : (
                        <span className="line-clamp-3 break-words">{text(notification)}</span>
                      )}
                      <p className="text-xs text-fg-muted">
                        <ReaderTime at={notification.createdAt} language={language} />
                      </p>
                    </div>
                    {notification.read ? null : (
                      <button
                        type="button"
                        onClick={() => void markRead({ ids: [notification.id] })}
                        // On a phone, under the text and aligned with it, so that the text keeps the row's width.
                        className="col-start-2 -ml-2 min-h-10 justify-self-start rounded-md px-2 text-sm text-fg-muted hover:bg-surface-muted hover:text-fg sm:col-start-3 sm:row-start-1 sm:ml-0"
                      >
                        {t("markRead")}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          {cursor !== null ? (
            <button
              type="button"
              onClick={() => void more()}
              className="mt-4 min-h-10 w-full rounded-md border border-line hover:bg-surface-muted"
            >
              {loading ? t("loading") : t("more")}
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}
