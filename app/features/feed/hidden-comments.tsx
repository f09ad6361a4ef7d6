/**
 * Comments moderators hid (their text kept), in /admin beside the hidden posts: who wrote each, what it
 * began with, who hid it and when, a link to its post, and a button that puts it back in the thread
 * (`POST /api/feed/comments/{id}/restore`, recorded in the audit log). The server checks the permission again.
 */
import { useState } from "react";
import { Link } from "react-router";
import type { HiddenComment } from "../../../universal/feed/feed-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { feedError } from "./feed-errors.ts";

export function HiddenComments({ i18n, comments }: { i18n: RouteMessages; comments: HiddenComment[] }) {
  const { t } = useRouteMessages(i18n);
  const [restored, setRestored] = useState<ReadonlySet<number>>(new Set());
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const shown = comments.filter((comment) => !restored.has(comment.id));

  async function restore(comment: HiddenComment) {
    setBusy(comment.id);
    const answer = await apiJson(`/api/feed/comments/${comment.id}/restore`, { method: "POST" });
    setBusy(null);
    if (!answer.ok) return setStatus({ error: true, text: feedError(t, answer) });
    setRestored((current) => new Set([...current, comment.id]));
    setStatus({ error: false, text: t("hiddenComments.restored", { name: comment.author.displayName }) });
  }

  return (
    <section aria-labelledby="hidden-comments" className="mt-8">
      <h2 id="hidden-comments" className="text-xl font-bold">
        {t("hiddenComments.title")}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{t("hiddenComments.lead")}</p>
      <p role={status?.error ? "alert" : "status"} className={`mt-2 text-sm ${status?.error ? "text-accent" : "text-fg-muted"}`}>
        {status?.text ?? ""}
      </p>
      {shown.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-line p-4 text-fg-muted">{t("hiddenComments.empty")}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3" aria-label={t("hiddenComments.title")}>
          {shown.map((comment) => (
            <li key={comment.id} className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-4 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
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
              </div>
              <button
                type="button"
                disabled={busy === comment.id}
                onClick={() => void restore(comment)}
                aria-label={t("hiddenComments.restoreLabel", { name: comment.author.displayName })}
                className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-md border border-line px-4 font-semibold hover:bg-surface-muted disabled:opacity-60"
              >
                {t("hidden.restore")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
