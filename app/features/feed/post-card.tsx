/** One post: author and time, the text (safe HTML from the server), images, the linked entry, likes, comments, and what the viewer may do. */
import { LazyReportDialog } from "../../shared/moderation/lazy-report-dialog.tsx";
import { lazy, Suspense, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { FEED_EDIT_WINDOW_MS, type Comment, type Post } from "../../../universal/feed/feed-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { numberFormat } from "../../shared/i18n/format.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import type { ReportTarget } from "../../shared/moderation/report-dialog.tsx";
import { Avatar } from "../../shared/ui/badges.tsx";
import { ReaderTime } from "../../shared/ui/countdown.tsx";
import { CommentIcon, HeartIcon } from "../../shared/ui/icons.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { feedError } from "./feed-errors.ts";
import { compactProse } from "../../shared/ui/prose.ts";

/** The thread (comments, replies, their composer) loads when someone opens it. */
/** What the ⋯ menu offers (edit, delete, report, pin, hide) and the edit form load when first opened. */
const PostMenu = lazy(() => import("./post-actions.tsx").then((module) => ({ default: module.PostMenu })));
const PostEditor = lazy(() => import("./post-actions.tsx").then((module) => ({ default: module.PostEditor })));
const CommentThread = lazy(() => import("./comment-thread.tsx").then((module) => ({ default: module.CommentThread })));

export interface FeedViewer {
  uid: string;
  /** May hide and pin posts and hide comments. */
  moderator: boolean;
}

interface Props {
  post: Post;
  viewer: FeedViewer | null;
  /** The post's own page: comments open, no link to itself. */
  standalone?: boolean;
  /** The comments, when the page's loader read them with the post (its own page): shown at once, not fetched. */
  initialComments?: Comment[] | undefined;
  /** Renders server and browser alike: the time the page was made. */
  now: number;
  onChange(post: Post): void;
  onRemove(id: number, message: string): void;
}

const action =
  "inline-flex min-h-10 min-w-10 items-center justify-center gap-1.5 rounded-md px-3 text-sm font-semibold text-fg-muted hover:bg-surface-muted hover:text-fg";

export function PostCard({ post, viewer, standalone = false, initialComments, now, onChange, onRemove }: Props) {
  const { t, i18n } = useTranslation("feed");
  const language = i18n.language;
  const [menu, setMenu] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [commentsOpen, setCommentsOpen] = useState(standalone);
  const [report, setReport] = useState<ReportTarget | null>(null);
  const more = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const name = post.author.displayName || t("common:badges.roles.user");
  const own = viewer?.uid === post.author.uid;
  const editable = own && now - post.createdAt < FEED_EDIT_WINDOW_MS;
  const count = numberFormat(language);

  async function like() {
    if (!viewer || busy) return;
    const on = !post.liked;
    const before = post;
    setBusy(true);
    onChange({ ...post, liked: on, likes: Math.max(0, post.likes + (on ? 1 : -1)) });
    const answer = await apiJson<{ liked: boolean; likes: number }>(`/api/feed/posts/${post.id}/like`, { method: on ? "POST" : "DELETE" });
    setBusy(false);
    if (answer.ok) onChange({ ...before, liked: answer.data.liked, likes: answer.data.likes });
    else {
      onChange(before);
      setError(feedError(t, answer));
    }
  }

  const hasMenu = viewer !== null;
  const firstImage = post.images[0];

  return (
    <article aria-label={t("post.by", { name })} className="rounded-xl border border-line bg-surface p-4">
      <header className="flex items-start gap-3">
        <Link to={`/users?id=${encodeURIComponent(post.author.uid)}`} className="shrink-0" tabIndex={-1} aria-hidden="true">
          <Avatar name={name} image={post.author.photoURL} size={40} />
        </Link>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2">
            <Link to={`/users?id=${encodeURIComponent(post.author.uid)}`} className="font-semibold hover:underline">
              {name}
            </Link>
            {post.pinned ? <span className="rounded-full bg-accent-soft px-2 text-xs font-semibold text-fg">{t("pinned")}</span> : null}
          </p>
          <p className="text-xs text-fg-muted">
            {standalone ? (
              <ReaderTime at={post.createdAt} language={language} style="medium" />
            ) : (
              <Link to={`/feed?id=${post.id}`} className="inline-flex min-h-6 items-center hover:underline">
                <ReaderTime at={post.createdAt} language={language} style="medium" />
                <span className="sr-only"> · {t("post.permalink")}</span>
              </Link>
            )}
            {post.editedAt ? <span> · {t("post.edited")}</span> : null}
          </p>
        </div>
        {hasMenu ? (
          <div className="relative">
            <button
              ref={more}
              type="button"
              aria-expanded={menu}
              aria-controls={menuId}
              aria-label={t("post.more", { name })}
              onClick={() => setMenu((open) => !open)}
              className="inline-flex size-10 items-center justify-center rounded-md text-lg text-fg-muted hover:bg-surface-muted hover:text-fg"
            >
              <span aria-hidden="true">⋯</span>
            </button>
            {menu && viewer ? (
              <Suspense fallback={null}>
                <PostMenu
                  id={menuId}
                  post={post}
                  viewer={viewer}
                  editable={editable}
                  onClose={() => setMenu(false)}
                  onEdit={() => setEditing(post.body)}
                  onReport={() => {
                    more.current?.focus();
                    setReport({ kind: "post", id: post.id });
                  }}
                  onChange={onChange}
                  onRemove={(message) => onRemove(post.id, message)}
                  onError={setError}
                />
              </Suspense>
            ) : null}
          </div>
        ) : null}
      </header>

      {editing !== null ? (
        <Suspense fallback={null}>
          <PostEditor
            post={post}
            initial={editing}
            onDone={(updated) => {
              setEditing(null);
              if (updated) onChange(updated);
            }}
            onError={setError}
          />
        </Suspense>
      ) : (
        <div className={`mt-3 break-words ${compactProse}`} dangerouslySetInnerHTML={{ __html: post.html }} />
      )}

      {post.images.length > 0 ? (
        <ul className={`mt-3 grid gap-2 ${post.images.length === 1 ? "grid-cols-1" : "grid-cols-2"}`}>
          {post.images.map((image, index) => (
            <li key={image.url}>
              <a href={image.url} target="_blank" rel="noopener" className="block overflow-hidden rounded-lg border border-line">
                <img
                  src={image.url}
                  width={image.width}
                  height={image.height}
                  alt={t("post.image", { index: index + 1 })}
                  loading={standalone && image === firstImage ? "eager" : "lazy"}
                  decoding="async"
                  className="h-auto max-h-[28rem] w-full bg-surface-muted object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}

      {post.entry ? (
        <p className="mt-3">
          <span className="sr-only">{t("post.entry")}: </span>
          {post.entry.href ? (
            <Link
              to={post.entry.href}
              className="inline-flex min-h-12 items-center gap-3 rounded-lg border border-line bg-bg px-3 py-2 font-semibold hover:border-brand"
            >
              {post.entry.icon ? <GameIcon icon={post.entry.icon} size={32} /> : null}
              {localize(post.entry.name, language)}
            </Link>
          ) : (
            localize(post.entry.name, language)
          )}
        </p>
      ) : null}

      <footer className="mt-3 flex flex-wrap items-center gap-1 border-t border-line pt-2">
        {viewer ? (
          <button type="button" aria-pressed={post.liked} onClick={() => void like()} className={action}>
            <HeartIcon filled={post.liked} className={`size-5 ${post.liked ? "text-brand" : ""}`} />
            {count.format(post.likes)}
            <span className="sr-only"> {t("post.likeLabel", { name })}</span>
          </button>
        ) : (
          <span className="inline-flex min-h-10 items-center gap-1.5 px-3 text-sm text-fg-muted">
            <HeartIcon className="size-5" />
            {t("post.likes", { count: post.likes, formatted: count.format(post.likes) })}
          </span>
        )}
        {standalone ? (
          <span className="px-3 text-sm text-fg-muted">{t("post.comments", { count: post.comments })}</span>
        ) : (
          <button type="button" aria-expanded={commentsOpen} onClick={() => setCommentsOpen((open) => !open)} className={action}>
            <CommentIcon className="size-5" />
            {t("post.comments", { count: post.comments })}
          </button>
        )}
      </footer>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-semibold">
          {error}
        </p>
      ) : null}
      {commentsOpen ? (
        <Suspense fallback={<p className="mt-3 text-sm text-fg-muted">{t("comments.loading")}</p>}>
          <CommentThread
            post={post}
            viewer={viewer}
            initial={initialComments}
            headingLevel={standalone ? 2 : 3}
            onCount={(comments) => onChange({ ...post, comments })}
            onReport={(target) => setReport(target)}
          />
        </Suspense>
      ) : null}
      <LazyReportDialog target={report} onClose={() => setReport(null)} />
    </article>
  );
}
