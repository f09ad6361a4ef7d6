import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { Form, Link } from "react-router";
import { kindEntryHref } from "../../../universal/content/kind-links.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Countdown, GameTime, MessageWithTime, ReaderTime } from "../../shared/ui/countdown.tsx";
import { EventCard, type LiveEvent } from "../../shared/ui/event-card.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { Avatar } from "../../shared/ui/badges.tsx";
import { PostThumbnail } from "../../shared/ui/post-thumbnail.tsx";
import { notificationText } from "../../shared/notifications/notification-text.ts";
import { sameOriginPath } from "../../../universal/navigation/safe-navigation.ts";
import type { AppNotification } from "../../../universal/notifications/notification-kinds.ts";
import { ServerHtml } from "../../shared/page/server-html.tsx";

type Localized = { vi: string; en: string };
interface SeasonSummary {
  id: string;
  number: number;
  name: Localized;
  icon: string;
  startsAt: number;
  endsAt: number;
}

export interface HomeProps {
  i18n: RouteMessages;
  language: string;
  serverNow: number;
  season: SeasonSummary | null;
  nextSeason: SeasonSummary | null;
  events: LiveEvent[];
  rewardItems: Record<string, { name: Localized; icon: string }>;
  guides: { id: string; name: Localized; summary: Localized; icon: string; updatedAt: number }[];
  trending: { kind: string; id: string; name: Localized; icon: string | null }[];
  latestPosts: LatestPost[];
  /** A signed-in member's unread notifications (null for visitors). */
  unread: { i18n: RouteMessages; count: number; items: AppNotification[] } | null;
}

export interface LatestPost {
  id: number;
  author: string;
  photoURL: string | null;
  excerpt: string;
  image: { url: string; width: number; height: number } | null;
  likes: number;
  comments: number;
  createdAt: number;
}

const card = "rounded-xl border border-line bg-surface p-4 sm:p-5";

export function HomePage({
  i18n,
  language,
  serverNow,
  season,
  nextSeason,
  events,
  rewardItems,
  guides,
  trending,
  latestPosts,
  unread,
}: HomeProps) {
  const { t } = useRouteMessages(i18n);
  const { t: common } = useTranslation();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      <h1 className="sr-only">{common("pages.home.title")}</h1>
      {unread ? <UnreadNotifications {...unread} language={language} /> : null}
      <Form method="get" action="/equipments-items" role="search" className={`${card} flex flex-col gap-2 sm:flex-row sm:items-end`}>
        <label className="flex flex-1 flex-col gap-1 text-sm font-semibold">
          {t("search.label")}
          <input
            name="q"
            type="search"
            placeholder={t("search.placeholder")}
            className="h-12 rounded-md border border-line bg-surface px-3 text-base text-fg"
          />
        </label>
        <button type="submit" className="h-12 rounded-md bg-brand px-5 font-semibold text-on-brand">
          {t("search.submit")}
        </button>
      </Form>

      <div className="grid gap-5 lg:grid-cols-3">
        <section aria-labelledby="home-season" className={`${card} lg:col-span-1`}>
          <h2 id="home-season" className="mb-3 text-lg font-bold">
            {t("season.title")}
          </h2>
          {season ? (
            <div className="flex items-start gap-3">
              <GameIcon icon={season.icon} size={48} tone="accent" />
              <div>
                <p className="font-semibold">{t("season.current", { number: season.number, name: localize(season.name, language) })}</p>
                <p className="mt-1 text-sm">
                  {t("season.endsIn")} <Countdown to={season.endsAt} serverNow={serverNow} />
                </p>
                <p className="mt-1 text-xs">
                  <GameTime at={season.endsAt} language={language} />
                </p>
                <Link to={`/season/detail?id=${season.id}`} className="mt-2 inline-block text-sm text-link underline underline-offset-2">
                  {t("season.details")}
                </Link>
              </div>
            </div>
          ) : (
            <p className="text-sm text-fg-muted">{t("season.none")}</p>
          )}
          {nextSeason ? (
            <p className="mt-4 border-t border-line pt-3 text-sm">
              {t("season.next", { number: nextSeason.number, name: localize(nextSeason.name, language) })} — {t("season.startsIn")}{" "}
              <Countdown to={nextSeason.startsAt} serverNow={serverNow} />
              <span className="mt-1 block text-xs">
                <GameTime at={nextSeason.startsAt} language={language} />
              </span>
            </p>
          ) : null}
        </section>

        <section aria-labelledby="home-events" className="flex flex-col gap-3 lg:col-span-2">
          <div className="flex items-baseline justify-between">
            <h2 id="home-events" className="text-lg font-bold">
              {t("events.title")}
            </h2>
            <Link to="/event" className="text-sm text-link underline underline-offset-2">
              {t("events.all")}
            </Link>
          </div>
          {events.length === 0 ? (
            <p className="text-sm text-fg-muted">{t("events.none")}</p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {events.map((event) => (
                <li key={event.id}>
                  <EventCard event={event} t={t} language={language} serverNow={serverNow} rewardItems={rewardItems} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <ServerHtml
        as="section"
        aria-labelledby="home-posts"
        className="flex flex-col gap-3"
        version={latestPosts.map((post) => `${post.id}:${post.likes}:${post.comments}`).join()}
      >
        <div className="flex items-baseline justify-between">
          <h2 id="home-posts" className="text-lg font-bold">
            {t("posts.title")}
          </h2>
          <Link to="/feed" className="text-sm text-link underline underline-offset-2">
            {t("posts.all")}
          </Link>
        </div>
        {latestPosts.length === 0 ? (
          <p className="text-sm text-fg-muted">{t("posts.none")}</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {latestPosts.map((post) => (
              <li key={post.id}>
                <Link to={`/feed?id=${post.id}`} className={`${card} flex h-full gap-3 hover:bg-surface-muted`}>
                  <Avatar name={post.author} image={post.photoURL} size={36} />
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm text-fg-muted">
                      <MessageWithTime
                        message={(date) => t("posts.by", { name: post.author, date })}
                        at={post.createdAt}
                        language={language}
                      />
                    </span>
                    <span className="mt-1 line-clamp-3 block break-words">{post.excerpt}</span>
                    <span className="mt-1 block text-xs text-fg-muted">
                      {t("posts.likes", { count: post.likes })} · {t("posts.comments", { count: post.comments })}
                    </span>
                  </span>
                  <PostThumbnail image={post.image} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </ServerHtml>

      <ServerHtml
        as="section"
        aria-labelledby="home-guides"
        className="flex flex-col gap-3"
        version={guides.map((guide) => guide.id).join()}
      >
        <div className="flex items-baseline justify-between">
          <h2 id="home-guides" className="text-lg font-bold">
            {t("guides.title")}
          </h2>
          <Link to="/guide" className="text-sm text-link underline underline-offset-2">
            {t("guides.all")}
          </Link>
        </div>
        <ul className="grid gap-3 md:grid-cols-3">
          {guides.map((guide) => (
            <li key={guide.id}>
              <Link to={`/guide?id=${guide.id}`} className={`${card} flex h-full gap-3 hover:bg-surface-muted`}>
                <GameIcon icon={guide.icon} size={36} />
                <span className="min-w-0">
                  <span className="block font-semibold">{localize(guide.name, language)}</span>
                  <span className="mt-1 block text-sm text-fg-muted">{localize(guide.summary, language)}</span>
                  <span className="mt-1 block text-xs text-fg-muted">{formatDate(guide.updatedAt, language, { date: "medium" })}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </ServerHtml>

      <ServerHtml
        as="section"
        aria-labelledby="home-trending"
        className="flex flex-col gap-3"
        version={trending.map((entry) => `${entry.kind}/${entry.id}`).join()}
      >
        <h2 id="home-trending" className="text-lg font-bold">
          {t("trending.title")}
        </h2>
        {trending.length === 0 ? (
          <p className="text-sm text-fg-muted">{t("trending.none")}</p>
        ) : (
          <ol className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
            {trending.map((entry) => (
              <li key={`${entry.kind}/${entry.id}`}>
                <Link
                  to={kindEntryHref(entry.kind, entry.id) ?? "/"}
                  className="flex min-h-12 items-center gap-3 rounded-lg border border-line bg-surface p-2 hover:bg-surface-muted"
                >
                  {entry.icon ? <GameIcon icon={entry.icon} size={32} /> : null}
                  <span className="min-w-0">
                    <span className="block truncate font-semibold">{localize(entry.name, language)}</span>
                    <span className="block text-xs text-fg-muted">{common(`favorites.kinds.${entry.kind}`)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        )}
      </ServerHtml>

      <ServerHtml as="section" aria-labelledby="home-tools" className={card}>
        <h2 id="home-tools" className="mb-3 text-lg font-bold">
          {t("quick.title")}
        </h2>
        <ul className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          {(
            [
              ["/equipments-items", "items", "game-icons:swap-bag"],
              ["/craft", "craft", "game-icons:anvil"],
              ["/level", "level", "game-icons:upgrade"],
              ["/district", "map", "game-icons:treasure-map"],
            ] as const
          ).map(([to, key, icon]) => (
            <li key={key}>
              <Link to={to} className="flex min-h-12 items-center gap-2 rounded-lg border border-line px-3 hover:bg-surface-muted">
                <GameIcon icon={icon} size={24} tone="accent" />
                {t(`quick.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </ServerHtml>
    </div>
  );
}

/** A member's unread notifications at the top of their home page; the full list is `/notification`. */
function UnreadNotifications({
  i18n,
  count,
  items,
  language,
}: {
  i18n: RouteMessages;
  count: number;
  items: AppNotification[];
  language: string;
}) {
  const { t } = useRouteMessages(i18n);
  const { t: home } = useTranslation("home");
  return (
    <section aria-labelledby="home-unread" className={card}>
      <div className="mb-2 flex items-baseline justify-between gap-3">
        <h2 id="home-unread" className="text-lg font-bold">
          {home("unread.title")} {count > 0 ? <span className="text-fg-muted">({count})</span> : null}
        </h2>
        <Link to="/notification" className="text-sm text-link underline underline-offset-2">
          {home("unread.all")}
        </Link>
      </div>
      {items.length === 0 ? (
        <p className="text-sm text-fg-muted">{home("unread.none")}</p>
      ) : (
        <ul className="divide-y divide-line">
          {items.map((notification) => {
            const href = sameOriginPath(notification.link);
            const text = notificationText(t, notification, language);
            return (
              <li key={notification.id} className="flex min-h-11 flex-col justify-center py-1.5">
                {href ? (
                  <Link to={href} className="break-words hover:underline">
                    {text}
                  </Link>
                ) : (
                  <span className="break-words">{text}</span>
                )}
                <ReaderTime className="text-xs text-fg-muted" at={notification.createdAt} language={language} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
