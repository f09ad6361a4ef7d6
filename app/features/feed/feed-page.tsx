/**
 * `/feed`: posts of a language, newest or the week's top, pinned posts first; new posts arrive live
 * as "N new posts" instead of moving the page. `/feed?id=` is one post with its comments.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import type { Comment, FeedPage as FeedPageData, FeedSort, Post } from "../../../universal/feed/feed-limits.ts";
import { feedSorts } from "../../../universal/feed/feed-limits.ts";
import { languages, type Language } from "../../../universal/i18n/languages.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { pickMessages, useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Island } from "../../shared/islands/island.tsx";
import type { TFunction } from "../../shared/i18n/translator.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { SignInPrompt } from "../../shared/ui/sign-in-prompt.tsx";
import { feedError } from "./feed-errors.ts";
import { FeedLive, useLivePosts } from "./feed-live.tsx";
import { FEED_LIVE_HANDOVER, FEED_LIVE_MESSAGES, livePostsNotice, type FeedLanguage } from "./feed-live-notice.ts";
import { PostCard, type FeedViewer } from "./post-card.tsx";

const Composer = lazy(() => import("./composer.tsx").then((module) => ({ default: module.Composer })));

export type { FeedLanguage };

export interface FeedListProps {
  i18n: RouteMessages;
  moderationI18n: RouteMessages | null;
  viewer: FeedViewer | null;
  sort: FeedSort;
  lang: FeedLanguage;
  page: FeedPageData;
  /** A later page reached without JavaScript (`?cursor=`): no pinned posts, no live posts. */
  paged: boolean;
  now: number;
}

function feedHref(sort: FeedSort, lang: FeedLanguage, language: string): string {
  const params = new URLSearchParams();
  if (sort !== "new") params.set("sort", sort);
  // `?lang=` is the interface's language (universal/i18n): the posts' language is `?in=`.
  if (lang !== language) params.set("in", lang);
  const query = params.toString();
  return query ? `/feed?${query}` : "/feed";
}

const tab = "inline-flex min-h-10 items-center rounded-full border px-4 text-sm font-semibold";

/** Registers a namespace's messages for the page (the report dialog's, for members). */
function Messages({ payload }: { payload: RouteMessages }) {
  useRouteMessages(payload);
  return null;
}

function newestPost(page: FeedPageData): number {
  return Math.max(0, ...page.data.map((post) => post.id), ...page.pinned.map((post) => post.id));
}

/**
 * `/feed`: the page's head stays server HTML, and the feed itself (tabs, composer, posts, live posts)
 * is one island (decision 027): the page does not hydrate React Router. A visitor's feed, the same for
 * every visitor and cached, wakes when they use it (decision 035), and so does a member's (decision
 * 042); until then the small `feed-live` island, a plain one, tells them of new posts.
 */
export function FeedListPage(props: FeedListProps) {
  const { t } = useRouteMessages(props.i18n);
  const visitor = props.viewer === null;
  const live = props.sort === "new" && !props.paged;
  const { language } = props.i18n;
  return (
    <div className="mx-auto max-w-2xl">
      <Breadcrumbs />
      <h1 className="text-2xl font-bold sm:text-3xl">{t("common:pages.feed.title")}</h1>
      <p className="mt-2 text-fg-muted">{t("common:pages.feed.description")}</p>
      {/* Plain links, and the visitor's prompt: server HTML before the live notice, which floats over
          the posts below them rather than over the tabs (decision 035). */}
      <FeedTabs t={t} sort={props.sort} lang={props.lang} language={language} />
      {visitor ? <SignInPrompt text={t("signedOut")} action={t("signIn")} back="/feed" /> : null}
      {live ? (
        <Island
          name="feed-live"
          component={FeedLive}
          props={{
            i18n: pickMessages(props.i18n, FEED_LIVE_MESSAGES),
            lang: props.lang,
            after: newestPost(props.page),
            href: feedHref(props.sort, props.lang, language),
          }}
        />
      ) : null}
      <Island name="feed-list" component={FeedList} props={props} when="used" />
    </div>
  );
}

/** The feed's sort and language tabs: links, nothing to wake. */
function FeedTabs({ t, sort, lang, language }: { t: TFunction; sort: FeedSort; lang: FeedLanguage; language: string }) {
  const sorts = feedSorts.map((each) => ({
    key: each,
    href: feedHref(each, lang, language),
    label: t(`sorts.${each}`),
    current: each === sort,
  }));
  const langs = [...languages, "all" as const].map((each) => ({
    key: each,
    href: feedHref(sort, each, language),
    label: t(`langs.${each}`),
    current: each === lang,
  }));
  return (
    <>
      <TabRow label={t("sorts.label")} tabs={sorts} className="mt-4" currentClass="border-brand bg-brand text-on-brand" />
      <TabRow label={t("langs.label")} tabs={langs} className="mt-2" currentClass="border-fg" />
    </>
  );
}

function TabRow({
  label,
  tabs,
  className,
  currentClass,
}: {
  label: string;
  tabs: { key: string; href: string; label: string; current: boolean }[];
  className: string;
  currentClass: string;
}) {
  return (
    <nav aria-label={label} className={`${className} flex flex-wrap gap-2`}>
      {tabs.map((each) => (
        <Link
          key={each.key}
          to={each.href}
          aria-current={each.current ? "page" : undefined}
          className={`${tab} ${each.current ? currentClass : "border-line bg-surface hover:border-brand"}`}
        >
          {each.label}
        </Link>
      ))}
    </nav>
  );
}

/** The feed's interactive part: the composer, new posts as they come, paging. */
export function FeedList({ i18n, moderationI18n, viewer, sort, lang, page, paged, now }: FeedListProps) {
  const { t } = useRouteMessages(i18n);
  const language = i18n.language;
  const [posts, setPosts] = useState<Post[]>(page.data);
  const [pinned, setPinned] = useState<Post[]>(page.pinned);
  const [cursor, setCursor] = useState(page.nextCursor);
  const [loading, setLoading] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [writing, setWriting] = useState(false);

  // A member's new posts wait here and show in place; a visitor's are the `feed-live` island's (decision 035).
  const live = viewer !== null && sort === "new" && !paged;
  const newest = useMemo(() => newestPost(page), [page]);
  const { pending, setPending, reload } = useLivePosts(live, lang, newest);
  // Until this list woke, the plain `feed-live` island told of new posts; it stops as this one takes over.
  useEffect(() => {
    if (live) document.dispatchEvent(new Event(FEED_LIVE_HANDOVER));
  }, [live]);

  const shown = new Set([...posts, ...pinned].map((post) => post.id));
  const fresh = pending.filter((post) => !shown.has(post.id));

  function showPending() {
    setPosts((current) => [...fresh.sort((a, b) => b.id - a.id), ...current]);
    setPending(() => []);
  }

  async function more() {
    if (!cursor || loading) return;
    setLoading(true);
    const params = new URLSearchParams({ sort, cursor });
    if (lang !== "all") params.set("lang", lang);
    const answer = await apiJson<Post[], { nextCursor: string | null }>(`/api/feed/posts?${params}`);
    setLoading(false);
    if (!answer.ok) return setNotice(feedError(t, answer));
    setPosts((current) => [...current, ...answer.data.filter((post) => !current.some((each) => each.id === post.id))]);
    setCursor(answer.body.nextCursor);
  }

  const change = (post: Post) => {
    setPosts((current) => current.map((each) => (each.id === post.id ? post : each)));
    setPinned((current) => {
      const others = current.filter((each) => each.id !== post.id);
      return post.pinned ? [post, ...others] : others;
    });
    if (!post.pinned && pinned.some((each) => each.id === post.id))
      setPosts((current) => (current.some((each) => each.id === post.id) ? current : [post, ...current].sort((a, b) => b.id - a.id)));
    if (post.pinned) setPosts((current) => current.filter((each) => each.id !== post.id));
  };
  const remove = (id: number, message: string) => {
    setPosts((current) => current.filter((each) => each.id !== id));
    setPinned((current) => current.filter((each) => each.id !== id));
    setNotice(message);
  };
  const posted = (post: Post) => {
    if (lang === "all" || post.lang === lang) setPosts((current) => [post, ...current.filter((each) => each.id !== post.id)]);
    setPending((current) => current.filter((each) => each.id !== post.id));
  };

  const card = (post: Post) => <PostCard post={post} viewer={viewer} now={now} onChange={change} onRemove={remove} />;

  return (
    <>
      {moderationI18n ? <Messages payload={moderationI18n} /> : null}
      {viewer ? (
        <section aria-label={t("composer.heading")} className="mt-5 rounded-xl border border-line bg-surface p-4">
          {writing ? (
            <Suspense fallback={<div className="min-h-48" aria-busy="true" />}>
              <Composer defaultLanguage={lang === "all" ? (language as Language) : lang} onPosted={posted} />
            </Suspense>
          ) : (
            <button
              type="button"
              onClick={() => setWriting(true)}
              className="min-h-12 w-full rounded-md border border-line bg-bg px-3 text-left text-fg-muted hover:border-brand"
            >
              {t("composer.heading")}…
            </button>
          )}
        </section>
      ) : null}

      <div aria-live="polite" className="sticky top-16 z-10 mt-4 flex justify-center empty:hidden">
        {fresh.length > 0 ? (
          <button type="button" onClick={showPending} className={livePostsNotice}>
            {t("newPosts", { count: fresh.length })}
          </button>
        ) : reload ? (
          <a href={feedHref(sort, lang, language)} className={livePostsNotice}>
            {t("reload")}
          </a>
        ) : null}
      </div>
      <p role="status" className={notice ? "mt-3 rounded-md bg-surface-muted px-3 py-2 text-sm" : "sr-only"}>
        {notice ?? ""}
      </p>

      {pinned.length > 0 ? (
        <ul aria-label={t("pinnedList")} className="mt-4 flex flex-col gap-4">
          {pinned.map((post) => (
            <li key={post.id}>{card(post)}</li>
          ))}
        </ul>
      ) : null}
      {posts.length === 0 && pinned.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-line p-6 text-center text-fg-muted">{t("empty")}</p>
      ) : (
        <ul aria-label={t("list")} className="mt-4 flex flex-col gap-4">
          {posts.map((post) => (
            <li key={post.id} className="[content-visibility:auto] [contain-intrinsic-size:auto_20rem]">
              {card(post)}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6 mb-10 flex justify-center">
        {cursor ? (
          <Link
            to={`${feedHref(sort, lang, language)}${feedHref(sort, lang, language).includes("?") ? "&" : "?"}cursor=${cursor}`}
            onClick={(event) => {
              event.preventDefault();
              void more();
            }}
            className="inline-flex min-h-11 items-center rounded-md border border-line bg-surface px-4 font-semibold"
          >
            {loading ? t("loadingMore") : t("more")}
          </Link>
        ) : posts.length > 0 ? (
          <p className="text-sm text-fg-muted">{t("end")}</p>
        ) : null}
      </div>
    </>
  );
}

export interface FeedPostProps {
  i18n: RouteMessages;
  moderationI18n: RouteMessages | null;
  viewer: FeedViewer | null;
  post: Post;
  /** Its comments, read with it: the page comes whole (decision 011). */
  comments: Comment[];
  now: number;
}

/**
 * `/feed?id=`: one post, its comments open; its own URL, title and social card. The post is an island
 * that a visitor wakes by using it (decision 035): for them it is all server HTML until then.
 */
export function FeedPostPage(props: FeedPostProps) {
  const { t } = useRouteMessages(props.i18n);
  const title = t("page.cardTitle", { name: props.post.author.displayName });
  return (
    <div className="mx-auto max-w-2xl">
      <Breadcrumbs current={title} />
      <h1 className="sr-only">{title}</h1>
      <p className="mb-3">
        <Link to="/feed" className="inline-flex min-h-10 items-center font-semibold text-link underline underline-offset-2">
          ← {t("page.back")}
        </Link>
      </p>
      <Island name="feed-post" component={FeedPost} props={props} when="used" />
    </div>
  );
}

/** The post with its comments, likes and actions; a post deleted or hidden here leaves a notice. */
export function FeedPost({ i18n, moderationI18n, viewer, post: initial, comments, now }: FeedPostProps) {
  useRouteMessages(i18n);
  const [post, setPost] = useState(initial);
  const [gone, setGone] = useState<string | null>(null);
  return (
    <>
      {moderationI18n ? <Messages payload={moderationI18n} /> : null}
      {gone ? (
        <p role="status" className="rounded-xl border border-line bg-surface p-6">
          {gone}
        </p>
      ) : (
        <PostCard
          post={post}
          viewer={viewer}
          standalone
          initialComments={comments}
          now={now}
          onChange={setPost}
          onRemove={(_id, message) => setGone(message)}
        />
      )}
    </>
  );
}
