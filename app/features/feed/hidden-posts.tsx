/**
 * Posts moderators hid, in /admin beside the moderation queue: who wrote each, what it began with,
 * who hid it and when, and a button that restores it to the feed (`PATCH … {hidden:false}`, recorded
 * in the audit log). The server checks the permission again.
 */
import { Link } from "react-router";
import type { HiddenPost } from "../../../universal/feed/feed-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { RestoreList } from "../../shared/moderation/restore-list.tsx";
import { feedError } from "./feed-errors.ts";

export function HiddenPosts({ i18n, posts }: { i18n: RouteMessages; posts: HiddenPost[] }) {
  const { t } = useRouteMessages(i18n);

  async function restore(post: HiddenPost) {
    const answer = await apiJson(`/api/feed/posts/${post.id}`, { method: "PATCH", body: { hidden: false } });
    return answer.ok
      ? { ok: true, text: t("hidden.restored", { name: post.author.displayName }) }
      : { ok: false, text: feedError(t, answer) };
  }

  return (
    <RestoreList
      id="hidden-posts"
      items={posts}
      texts={{ title: t("hidden.title"), lead: t("hidden.lead"), empty: t("hidden.empty"), restore: t("hidden.restore") }}
      restoreLabel={(post) => t("hidden.restoreLabel", { name: post.author.displayName })}
      restore={restore}
    >
      {(post) => (
        <>
          <p className="text-sm">
            <Link to={`/users?id=${encodeURIComponent(post.author.uid)}`} className="font-semibold text-link underline">
              {post.author.displayName}
            </Link>{" "}
            <span className="text-fg-muted">
              · {t("hidden.by", { name: post.hiddenBy ?? "—", date: formatDate(post.hiddenAt, i18n.language) })}
            </span>
          </p>
          <p lang={post.language} className="mt-1 line-clamp-2 break-words">
            {post.excerpt}
          </p>
        </>
      )}
    </RestoreList>
  );
}
