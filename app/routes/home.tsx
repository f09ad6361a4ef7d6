import { HomePage } from "~/features/home/home-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { requestContext } from "~/shared/request-context.ts";
import { homeHighlights } from "../../server/content/highlights.ts";
import { listTrending } from "../../server/trending/trending.ts";
import { listPosts } from "../../server/feed/list-posts.ts";
import { listNotifications } from "../../server/notifications/notifications.ts";
import { plainExcerpt } from "../../universal/feed/feed-text.ts";
import type { Route } from "./+types/home";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

/** How many of the newest posts, and of a member's unread notifications, the home page shows. */
const HOME_POSTS = 4;
const HOME_NOTIFICATIONS = 5;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, viewer } = context.get(requestContext);
  const now = new Date();
  const [i18n, highlights, trending] = await Promise.all([
    loadRouteMessages(request, "home"),
    homeHighlights(db, now),
    listTrending(db, now),
  ]);
  // Visitors share one cached render (a minute at most): the newest posts are public; a member's own
  // page, never shared, adds their unread notifications.
  const [posts, unread, notificationsI18n] = await Promise.all([
    listPosts(db, null, { lang: i18n.language, sort: "new", limit: HOME_POSTS }, now.getTime()),
    viewer ? listNotifications(db, viewer.uid, { unread: "1", limit: HOME_NOTIFICATIONS }) : Promise.resolve(null),
    viewer ? loadRouteMessages(request, "notifications") : Promise.resolve(null),
  ]);
  const latestPosts = [...posts.pinned, ...posts.data].slice(0, HOME_POSTS).map((post) => ({
    id: post.id,
    author: post.author.displayName,
    photoURL: post.author.photoURL,
    excerpt: plainExcerpt(post.body, 160),
    image: post.images[0] ?? null,
    likes: post.likes,
    comments: post.comments,
    createdAt: post.createdAt,
  }));
  return {
    i18n,
    language: i18n.language,
    serverNow: now.getTime(),
    ...highlights,
    trending,
    latestPosts,
    unread: unread && notificationsI18n ? { i18n: notificationsI18n, count: unread.unread, items: unread.data } : null,
  };
}

/** Served as islands (decision 025): only its interactive parts hydrate. */
export const handle = islandsHandle;

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage {...loaderData} />;
}
