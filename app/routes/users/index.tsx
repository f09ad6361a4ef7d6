import { MemberListPage } from "~/features/users/member-list-page.tsx";
import { MemberProfilePage } from "~/features/users/member-profile-page.tsx";
import { loadReportMessages, loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { requestContext } from "~/shared/request-context.ts";
import { requireFound } from "~/shared/routing/page-refusals.ts";
import { requireSearchBudget } from "~/shared/routing/search-budget.ts";
import { findPublicMember, listMembers, readListed } from "../../../server/users/directory.ts";
import { listPostsByAuthor } from "../../../server/feed/list-posts.ts";
import { listPublishedGuides } from "../../../server/guides/guides.ts";
import { AUTHOR_POSTS_PAGE } from "../../../universal/feed/feed-limits.ts";
import { authorPostsQuery } from "../../../universal/feed/feed-schemas.ts";
import { plainExcerpt } from "../../../universal/feed/feed-text.ts";
import { GUIDE_LIST_MAX, memberGuideHref } from "../../../universal/guides/guide-limits.ts";
import { listContributionRanking } from "../../../server/contribution/contribution-ranking.ts";
import type { RankingPeriod } from "../../../universal/contribution/contribution-levels.ts";
import { directoryQuery } from "../../../server/users/users-schemas.ts";
import { reportKinds } from "../../../universal/moderation/moderation-limits.ts";
import { knownBadgeValues } from "../../../universal/users/users-limits.ts";
import type { Route } from "./+types/index";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

/** Members can be reported once the moderation queue accepts the kind (its `reportKinds` lists "member"). */
const MEMBER_REPORTS = (reportKinds as readonly string[]).includes("member");

const UID = /^[A-Za-z0-9_-]{1,64}$/;
const known = new Set<string>(knownBadgeValues);

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { db, viewer } = context.get(requestContext);
  const id = url.searchParams.get("id");
  if (id !== null) {
    const member = await requireFound(url, UID.test(id) ? findPublicMember(db, id, viewer?.uid ?? null) : null);
    const own = viewer?.uid === member.uid;
    // `posts` pages through the member's posts; a stale or edited one shows the newest.
    const postsQuery = authorPostsQuery.safeParse({ cursor: url.searchParams.get("posts") ?? undefined });
    const cursor = postsQuery.success ? postsQuery.data.cursor : undefined;
    const [i18n, moderationI18n, listed, posts, guides] = await Promise.all([
      loadRouteMessages(request, "users"),
      MEMBER_REPORTS && viewer && !own ? loadReportMessages(request) : null,
      own ? readListed(db, member.uid) : true,
      listPostsByAuthor(db, null, member.uid, { cursor, limit: AUTHOR_POSTS_PAGE }),
      listPublishedGuides(db, { authorUid: member.uid, limit: GUIDE_LIST_MAX }),
    ]);
    return {
      view: "profile" as const,
      i18n,
      moderationI18n,
      language: i18n.language,
      member,
      viewer: viewer ? { uid: viewer.uid } : null,
      hidden: !listed,
      posts: {
        items: posts.data.map((post) => ({
          id: post.id,
          lang: post.lang,
          excerpt: plainExcerpt(post.body, 200),
          image: post.images[0] ?? null,
          likes: post.likes,
          comments: post.comments,
          createdAt: post.createdAt,
        })),
        nextCursor: posts.nextCursor,
        paged: cursor !== undefined,
      },
      guides: guides.map((guide) => ({
        id: guide.id,
        href: memberGuideHref(guide.id),
        title: guide.title,
        language: guide.language,
        publishedAt: guide.publishedAt,
      })),
    };
  }

  await requireSearchBudget(context, url);
  const parsed = directoryQuery.safeParse(Object.fromEntries(url.searchParams));
  // An edited or stale URL (a made-up sort, an old cursor) shows the first page of the directory rather than an error.
  const query = parsed.success ? parsed.data : directoryQuery.parse({});
  const rankingPeriod: RankingPeriod = url.searchParams.get("ranking") === "all" ? "all" : "week";
  const [i18n, page, ranking] = await Promise.all([
    loadRouteMessages(request, "users"),
    listMembers(db, query),
    listContributionRanking(db, rankingPeriod),
  ]);
  const extra = (value: string | undefined) => (value && !known.has(value) ? [value] : []);
  return {
    view: "list" as const,
    i18n,
    members: page.data,
    nextCursor: page.nextCursor,
    paged: query.cursor !== undefined,
    extraTags: extra(query.tag),
    extraTitles: extra(query.title),
    rankingPeriod,
    ranking,
  };
}

export default function Users({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === "profile") {
    const { view: _view, ...profile } = loaderData;
    return <MemberProfilePage {...profile} />;
  }
  const { view: _view, ...list } = loaderData;
  return <MemberListPage {...list} />;
}
