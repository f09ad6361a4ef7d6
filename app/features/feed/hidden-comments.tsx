/**
 * Comments moderators hid (their text kept), in /admin beside the hidden posts: who wrote each, what it
 * began with, who hid it and when, a link to its post, and a button that puts it back in the thread
 * (`POST /api/feed/comments/{id}/restore`, recorded in the audit log). The server checks the permission again.
 */
import { Link } from "react-router";
import type { HiddenComment } from "../../../universal/feed/feed-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { RestoreList } from "../../shared/moderation/restore-list.tsx";
import { feedError } from "./feed-errors.ts";

export function HiddenComments({ i18n, comments }: { i18n: RouteMessages; comments: HiddenComment[] }) {
  const { t } = useRouteMessages(i18n);

  async function restore(comment: HiddenComment) {
    const answer = await apiJson(`/api/feed/comments/${comment.id}/restore`, { method: "POST" });
    return answer.ok
      ? { ok: true, text: t("hiddenComments.restored", { name: comment.author.displayName }) }
      : { ok: false, text: feedError(t, answer) };
  }

  return (
    <RestoreList
      id="hidden-comments"
      items={comments}
      texts={{
        title: t("hiddenComments.title"),
        lead: t("hiddenComments.lead"),
        empty: t("hiddenComments.empty"),
        restore: t("hidden.restore"),
      }}
      restoreLabel={(comment) => t("hiddenComments.restoreLabel", { name: comment.author.displayName })}
      restore={restore}
    >
      {(comment) => (
        <>
          <p className="text-sm">
            <Link to={`/users?id=${encodeURIComponent(comment.author.uid)}`} className="font-semibold text-link underline">
              {comment.author.displayName}
            </Link>{" "}
            <span className="text-fg-muted">
              · {t("hidden.by", { name: comment.hiddenBy ?? "—", date: formatDate(comment.hiddenAt, i18n.language) })} ·{" "}
            </span>
            <Link to={`/feed?id=${comment.postId}`} className="text-link underline">
              {t("hiddenComments.post")}
            </Link>
          </p>
          <p className="mt-1 line-clamp-2 break-words">{comment.excerpt}</p>
        </>
      )}
    </RestoreList>
  );
}
