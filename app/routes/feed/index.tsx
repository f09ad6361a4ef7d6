import { FeedListPage, FeedPostPage, type FeedLanguage } from "~/features/feed/feed-page.tsx";
import { loadReportMessages, loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { Translator } from "~/shared/i18n/translator.ts";
import { metaFor } from "~/shared/page/page-meta.ts";
import { requestContext } from "~/shared/request-context.ts";
import { requireFound } from "~/shared/routing/page-refusals.ts";
import { listComments } from "../../../server/feed/comments.ts";
import { getPost, listPosts } from "../../../server/feed/list-posts.ts";
import { can } from "../../../universal/auth/permissions.ts";
import { feedQuery } from "../../../universal/feed/feed-schemas.ts";
import { plainExcerpt } from "../../../universal/feed/feed-text.ts";
import { isLanguage } from "../../../universal/i18n/languages.ts";
import type { Route } from "./+types/index";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";

export const meta: Route.MetaFunction = (args) => {
  const data = args.loaderData;
  if (data?.view !== "post") return metaFor("feed", args);
  const { post } = data;
  const t = new Translator(data.i18n.language, { feed: data.i18n.messages }).bind("feed");
  const title = t("page.cardTitle", { name: post.author.displayName });
  return metaFor("feed", args, {
    title: `${title}: ${plainExcerpt(post.body, 60)}`,
    description: plainExcerpt(post.body, 200),
    image: post.images[0],
  });
};

/** `/feed`: a page of posts (`sort` and `cursor` as the API takes them, `in` the posts' language); `?id=` one post, 404 once hidden or deleted. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { db, viewer } = context.get(requestContext);
  const [i18n, moderationI18n] = await Promise.all([
    loadRouteMessages(request, "feed"),
    viewer ? loadReportMessages(request) : Promise.resolve(null),
  ]);
  const feedViewer = viewer ? { uid: viewer.uid, moderator: can(viewer.role, "post:hide") } : null;
  const now = Date.now();
  const id = url.searchParams.get("id");
  if (id !== null) {
    // The post and its comments are read together; either gone (hidden or deleted) is a 404.
    const known = /^[1-9][0-9]{0,15}$/.test(id);
    const [post, comments] = await Promise.all([
      requireFound(url, known ? getPost(db, viewer, Number(id)) : null),
      requireFound(url, known ? listComments(db, viewer, Number(id)) : null),
    ]);
    return { view: "post" as const, i18n, moderationI18n, viewer: feedViewer, post, comments, now };
  }
  // `?lang=` picks the interface's language; the posts' language is `?in=` (`all` for every language).
  const requested = url.searchParams.get("in");
  const lang: FeedLanguage = requested === "all" ? "all" : requested && isLanguage(requested) ? requested : i18n.language;
  const params = Object.fromEntries(url.searchParams);
  delete params.in;
  delete params.lang;
  const parsed = feedQuery.safeParse(params);
  // A made-up sort or a stale cursor shows the first page rather than an error.
  const query = parsed.success ? parsed.data : feedQuery.parse({});
  const page = await listPosts(db, viewer, { ...query, lang: lang === "all" ? undefined : lang }, now);
  return {
    view: "list" as const,
    i18n,
    moderationI18n,
    viewer: feedViewer,
    sort: query.sort,
    lang,
    page,
    paged: query.cursor !== undefined,
    now,
  };
}

/** Served as islands (decisions 025, 027): the feed and the post are islands; the page does not hydrate React Router. */
export const handle = islandsHandle;

export default function Feed({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === "post") {
    const { view: _view, ...props } = loaderData;
    // Another post (a notification's link followed from this one) starts its page afresh.
    return <FeedPostPage key={props.post.id} {...props} />;
  }
  const { view: _view, ...props } = loaderData;
  return <FeedListPage {...props} />;
}
