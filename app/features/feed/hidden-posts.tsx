/**
 * Posts moderators hid, in /admin beside the moderation queue: who wrote each, what it began with,
 * who hid it and when, and a button that restores it to the feed (`PATCH … {hidden:false}`, recorded
 * in the audit log). The server checks the permission again.
 */
import { useState } from "react";
import { Link } from "react-router";
import type { HiddenPost } from "../../../universal/feed/feed-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { feedError } from "./feed-errors.ts";

export function HiddenPosts({ i18n, posts }: { i18n: RouteMessages; posts: HiddenPost[] }) {
  const { t } = useRouteMessages(i18n);
  const [restored, setRestored] = useState<ReadonlySet<number>>(new Set());
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const shown = posts.filter((post) => !restored.has(post.id));

  async function restore(post: HiddenPost) {
    setBusy(post.id);
    const answer = await apiJson(`/api/feed/posts/${post.id}`, { method: "PATCH", body: { hidden: false } });
    setBusy(null);
    if (!answer.ok) return setStatus({ error: true, text: feedError(t, answer) });
    setRestored((current) => new Set([...current, post.id]));
    setStatus({ error: false, text: t("hidden.restored", { name: post.author.displayName }) });
  }

  return (
    <section aria-labelledby="hidden-posts" className="mt-8">
      <h2 id="hidden-posts" className="text-xl font-bold">
        {t("hidden.title")}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{t("hidden.lead")}</p>
      <p role={status?.error ? "alert" : "status"} className={`mt-2 text-sm ${status?.error ? "text-accent" : "text-fg-muted"}`}>
        {status?.text ?? ""}
      </p>
      {shown.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-line p-4 text-fg-muted">{t("hidden.empty")}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3" aria-label={t("hidden.title")}>
          {shown.map((post) => (
            <li key={post.id} className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-4 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
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
              </div>
              <button
                type="button"
                disabled={busy === post.id}
                onClick={() => void restore(post)}
                aria-label={t("hidden.restoreLabel", { name: post.author.displayName })}
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
