/**
 * `/notification`: newest first, an unread filter, mark one or all read, older ones under the list, new
 * ones arriving live. Served as islands (decision 042): the rows are server HTML, and the small plain
 * island `notification-list` (`notification-list.ts`) makes them work without React.
 */
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import type { AppNotification } from "../../../universal/notifications/notification-kinds.ts";
import { sameOriginPath } from "../../../universal/navigation/safe-navigation.ts";
import { notificationText } from "../../shared/notifications/notification-text.ts";
import { pickMessages, useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Island } from "../../shared/islands/island.tsx";
import { useRootData } from "../../shared/root-data.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { ReaderTime } from "../../shared/ui/countdown.tsx";
import { SignInPrompt } from "../../shared/ui/sign-in-prompt.tsx";
import { NOTIFICATION_LIST_PART, NOTIFICATION_MARKS as M, unreadFilterText, type NotificationListProps } from "./notification-list.ts";

export interface NotificationsPageProps {
  i18n: RouteMessages;
  signedIn: boolean;
  unreadOnly: boolean;
  notifications: AppNotification[];
  unread: number;
  nextBefore: number | null;
}

const marked = (name: string) => ({ [name]: "" });

export function NotificationsPage({ i18n, signedIn, unreadOnly, notifications, unread, nextBefore }: NotificationsPageProps) {
  const { t } = useRouteMessages(i18n);
  const language = i18n.language;
  const text = (notification: AppNotification) => notificationText(t, notification, language);
  const older = nextBefore === null ? null : `/notification?${unreadOnly ? "unread=1&" : ""}before=${nextBefore}`;

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
                <span {...marked(M.total)}>{unreadFilterText(t("filters.unread"), unread)}</span>
              </Link>
            </nav>
            <button
              type="button"
              // Enabled by the island once it has started (and while something is unread).
              disabled
              {...marked(M.markAll)}
              className="ml-auto min-h-10 rounded-md border border-line px-3 hover:bg-surface-muted disabled:opacity-50"
            >
              {t("markAll")}
            </button>
          </div>
          <p role="alert" hidden {...marked(M.error)} className="mt-3 rounded-md border border-line bg-surface-muted px-3 py-2 text-sm">
            {t("error")}
          </p>
          <div id={NOTIFICATION_LIST_PART}>
            {notifications.length === 0 ? (
              <p className="mt-6 rounded-xl border border-dashed border-line bg-surface p-5 text-fg-muted">
                {t(unreadOnly ? "emptyUnread" : "empty")}
              </p>
            ) : (
              <ul className="mt-4 divide-y divide-line rounded-xl border border-line bg-surface">
                {notifications.map((notification) => {
                  const href = sameOriginPath(notification.link);
                  return (
                    <li
                      key={notification.id}
                      {...{ [M.row]: notification.id }}
                      {...(notification.read ? {} : marked(M.unread))}
                      className="group grid grid-cols-[0.5rem_minmax(0,1fr)] items-start gap-x-3 p-3 data-unread:bg-accent-soft/40 sm:grid-cols-[0.5rem_minmax(0,1fr)_auto]"
                    >
                      <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-transparent group-data-unread:bg-brand" />
                      <div className="min-w-0 flex-1">
                        {notification.read ? null : (
                          <span className="sr-only" {...marked(M.unreadOnly)}>
                            {t("unreadMark")}:{" "}
                          </span>
                        )}
                        {href ? (
                          <a href={href} className="line-clamp-3 break-words text-fg underline-offset-2 hover:underline">
                            {text(notification)}
                          </a>
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
                          disabled
                          {...marked(M.markRead)}
                          {...marked(M.unreadOnly)}
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
            {older ? (
              <a
                href={older}
                {...marked(M.more)}
                className="mt-4 flex min-h-10 w-full items-center justify-center rounded-md border border-line hover:bg-surface-muted"
              >
                {t("more")}
              </a>
            ) : null}
          </div>
          <Island
            name="notification-list"
            component={NotificationList}
            props={{ i18n: pickMessages(i18n, ["loading", "filters.unread"]), unreadOnly, unread }}
          />
        </>
      )}
    </div>
  );
}

/**
 * The `notification-list` island: in an islands document it starts without React (`startNotificationList`);
 * in a page React Router renders, this starts the same code once mounted.
 */
export function NotificationList(props: NotificationListProps) {
  const root = useRootData();
  const element = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const here = element.current;
    if (!here) return;
    let stop: (() => void) | undefined;
    let stopped = false;
    void import("./notification-list.ts").then((module) => {
      if (!stopped) stop = module.startNotificationList(here.parentElement ?? here, props, root);
    });
    return () => {
      stopped = true;
      stop?.();
    };
    // Started once per page: the props are the server's, as it rendered the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <span ref={element} hidden />;
}
