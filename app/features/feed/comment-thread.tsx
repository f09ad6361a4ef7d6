/** A post's comments with one level of replies: read by anyone, written, liked, deleted and reported by members. */
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { COMMENT_BODY_MAX, FEED_EDIT_WINDOW_MS, type Comment, type Post } from "../../../universal/feed/feed-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { numberFormat } from "../../shared/i18n/format.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import type { ReportTarget } from "../../shared/moderation/report-dialog.tsx";
import { Avatar } from "../../shared/ui/badges.tsx";
import { ReaderTime } from "../../shared/ui/countdown.tsx";
import { HeartIcon } from "../../shared/ui/icons.tsx";
import { compactProse } from "../../shared/ui/prose.ts";
import { feedError } from "./feed-errors.ts";
import { newClientId } from "../../shared/new-client-id.ts";
import type { FeedViewer } from "./post-card.tsx";

interface Props {
  post: Post;
  viewer: FeedViewer | null;
  /** Read with the page (a post's own page): shown as the server rendered them, not fetched again. */
  initial?: Comment[] | undefined;
  /** Below the page's h1 on a post's own page, below a card's place in the feed's list otherwise. */
  headingLevel?: 2 | 3;
  onCount(comments: number): void;
  onReport(target: ReportTarget): void;
}

const small =
  "inline-flex min-h-8 min-w-8 items-center justify-center gap-1 rounded px-2 text-xs font-semibold text-fg-muted hover:bg-surface-muted hover:text-fg";

export function CommentThread({ post, viewer, initial, headingLevel = 3, onCount, onReport }: Props) {
  const { t } = useTranslation("feed");
  const [comments, setComments] = useState<Comment[] | null>(initial ?? null);
  const [error, setError] = useState<string | null>(null);
  const [replyTo, setReplyTo] = useState<Comment | null>(null);
  const headingId = useId();

  const given = initial !== undefined;
  useEffect(() => {
    if (given) return;
    let live = true;
    void apiJson<Comment[]>(`/api/feed/posts/${post.id}/comments`).then((answer) => {
      if (!live) return;
      if (answer.ok) setComments(answer.data);
      else setError(feedError(t, answer));
    });
    return () => {
      live = false;
    };
  }, [given, post.id, t]);

  function added(comment: Comment) {
    setComments((current) => {
      const next = [...(current ?? []).filter((each) => each.id !== comment.id), comment];
      onCount(next.length);
      return next;
    });
    setReplyTo(null);
  }

  function removed(id: number) {
    setComments((current) => {
      const next = (current ?? []).filter((each) => each.id !== id && each.parentId !== id);
      onCount(next.length);
      return next;
    });
  }

  const replace = (comment: Comment) => setComments((current) => (current ?? []).map((each) => (each.id === comment.id ? comment : each)));
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const topLevel = (comments ?? []).filter((each) => each.parentId === null);
  const repliesTo = (id: number) => (comments ?? []).filter((each) => each.parentId === id);

  return (
    <section aria-labelledby={headingId} className="mt-3 border-t border-line pt-3">
      <Heading id={headingId} className="sr-only">
        {t("comments.heading")}
      </Heading>
      {error ? (
        <p role="alert" className="text-sm font-semibold">
          {error}
        </p>
      ) : null}
      {comments === null && !error ? <p className="text-sm text-fg-muted">{t("comments.loading")}</p> : null}
      {comments !== null && comments.length === 0 ? <p className="text-sm text-fg-muted">{t("comments.empty")}</p> : null}
      <ul className="flex flex-col gap-3">
        {topLevel.map((comment) => (
          <li key={comment.id}>
            <CommentItem
              comment={comment}
              viewer={viewer}
              onChange={replace}
              onRemove={removed}
              onReply={viewer ? () => setReplyTo(comment) : undefined}
              onReport={onReport}
            />
            {repliesTo(comment.id).length > 0 || replyTo?.id === comment.id ? (
              <ul
                aria-label={t("comments.replies", { name: comment.author.displayName })}
                className="mt-2 ml-6 flex flex-col gap-2 border-l-2 border-line pl-3"
              >
                {repliesTo(comment.id).map((reply) => (
                  <li key={reply.id}>
                    <CommentItem comment={reply} viewer={viewer} onChange={replace} onRemove={removed} onReport={onReport} />
                  </li>
                ))}
                {replyTo?.id === comment.id ? (
                  <li>
                    <CommentComposer postId={post.id} parent={comment} onAdded={added} onCancel={() => setReplyTo(null)} autoFocus />
                  </li>
                ) : null}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      {viewer ? (
        <div className="mt-3">
          <CommentComposer postId={post.id} parent={null} onAdded={added} />
        </div>
      ) : (
        <p className="mt-3 text-sm">
          {t("signedOut")}{" "}
          <Link
            to={`/login?redirect=${encodeURIComponent(`/feed?id=${post.id}`)}`}
            className="font-semibold text-link underline underline-offset-2"
          >
            {t("signIn")}
          </Link>
        </p>
      )}
    </section>
  );
}

function CommentItem({
  comment,
  viewer,
  onChange,
  onRemove,
  onReply,
  onReport,
}: {
  comment: Comment;
  viewer: FeedViewer | null;
  onChange(comment: Comment): void;
  onRemove(id: number): void;
  onReply?: (() => void) | undefined;
  onReport(target: ReportTarget): void;
}) {
  const { t, i18n } = useTranslation("feed");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const editId = useId();
  const name = comment.author.displayName || t("common:badges.roles.user");
  const own = viewer?.uid === comment.author.uid;
  // The edit window is checked by the server; the button shows while it is likely open.
  const [openedAt] = useState(() => Date.now());
  const editable = own && openedAt - comment.createdAt < FEED_EDIT_WINDOW_MS;

  async function save() {
    if (editing === null || busy) return;
    if (!editing.trim()) return setError(t("errors.empty"));
    setBusy(true);
    const answer = await apiJson<Comment>(`/api/feed/comments/${comment.id}`, { method: "PATCH", body: { body: editing } });
    setBusy(false);
    if (!answer.ok) return setError(feedError(t, answer));
    setError(null);
    setEditing(null);
    onChange(answer.data);
  }

  async function like() {
    if (!viewer || busy) return;
    const on = !comment.liked;
    setBusy(true);
    onChange({ ...comment, liked: on, likes: Math.max(0, comment.likes + (on ? 1 : -1)) });
    const answer = await apiJson<{ liked: boolean; likes: number }>(`/api/feed/comments/${comment.id}/like`, {
      method: on ? "POST" : "DELETE",
    });
    setBusy(false);
    if (answer.ok) onChange({ ...comment, liked: answer.data.liked, likes: answer.data.likes });
    else {
      onChange(comment);
      setError(feedError(t, answer));
    }
  }

  async function remove() {
    if (!window.confirm(t("comments.confirmDelete"))) return;
    const answer = await apiJson(`/api/feed/comments/${comment.id}`, { method: "DELETE" });
    if (answer.ok) onRemove(comment.id);
    else setError(feedError(t, answer));
  }

  return (
    <article aria-label={name} className="flex gap-2">
      <Avatar name={name} image={comment.author.photoURL} size={28} />
      <div className="min-w-0 flex-1">
        <div className="rounded-lg bg-surface-muted px-3 py-2">
          <p className="text-xs">
            <Link to={`/users?id=${encodeURIComponent(comment.author.uid)}`} className="font-semibold hover:underline">
              {name}
            </Link>{" "}
            <ReaderTime className="text-fg-muted" at={comment.createdAt} language={i18n.language} />
            {comment.editedAt ? <span className="text-fg-muted"> · {t("post.edited")}</span> : null}
          </p>
          {editing === null ? (
            <div className={`mt-1 text-sm break-words ${compactProse}`} dangerouslySetInnerHTML={{ __html: comment.html }} />
          ) : (
            <form
              className="mt-1 flex flex-col gap-1"
              onSubmit={(event) => {
                event.preventDefault();
                void save();
              }}
            >
              <label htmlFor={editId} className="sr-only">
                {t("comments.editLabel")}
              </label>
              <textarea
                id={editId}
                value={editing}
                maxLength={COMMENT_BODY_MAX}
                autoFocus
                onChange={(event) => setEditing(event.target.value)}
                className="min-h-16 rounded-md border border-line bg-bg p-2 text-sm text-fg"
              />
              <span className="flex justify-end gap-1">
                <button type="button" onClick={() => setEditing(null)} className={small}>
                  {t("post.cancel")}
                </button>
                <button type="submit" disabled={busy} className={`${small} bg-brand text-on-brand hover:bg-brand hover:text-on-brand`}>
                  {t("post.save")}
                </button>
              </span>
            </form>
          )}
        </div>
        <p className="mt-0.5 flex flex-wrap items-center gap-1">
          {viewer ? (
            <button type="button" aria-pressed={comment.liked} onClick={() => void like()} className={small}>
              <HeartIcon filled={comment.liked} className={`size-4 ${comment.liked ? "text-brand" : ""}`} />
              {numberFormat(i18n.language).format(comment.likes)}
              <span className="sr-only"> {t("comments.like", { name })}</span>
            </button>
          ) : comment.likes > 0 ? (
            <span className="inline-flex items-center gap-1 px-2 text-xs text-fg-muted">
              <HeartIcon className="size-4" />
              {numberFormat(i18n.language).format(comment.likes)}
            </span>
          ) : null}
          {onReply ? (
            <button type="button" onClick={onReply} className={small}>
              {t("comments.reply")}
            </button>
          ) : null}
          {editable && editing === null ? (
            <button type="button" onClick={() => setEditing(comment.body)} className={small}>
              {t("post.edit")}
            </button>
          ) : null}
          {own ? (
            <button type="button" onClick={() => void remove()} className={small}>
              {t("post.delete")}
            </button>
          ) : viewer ? (
            <button type="button" onClick={() => onReport({ kind: "comment", id: comment.id })} className={small}>
              {t("post.report")}
            </button>
          ) : null}
        </p>
        {error ? (
          <p role="alert" className="text-xs font-semibold">
            {error}
          </p>
        ) : null}
      </div>
    </article>
  );
}

function CommentComposer({
  postId,
  parent,
  onAdded,
  onCancel,
  autoFocus = false,
}: {
  postId: number;
  parent: Comment | null;
  onAdded(comment: Comment): void;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation("feed");
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One id per comment being written: a retry after a lost answer never comments twice.
  const clientId = useRef(newClientId());
  const id = useId();
  const label = parent ? t("comments.replyLabel", { name: parent.author.displayName }) : t("comments.label");

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (!text.trim()) {
      setError(t("errors.empty"));
      return;
    }
    setSending(true);
    const answer = await apiJson<Comment>(`/api/feed/posts/${postId}/comments`, {
      body: { body: text, clientId: clientId.current, ...(parent ? { parentId: parent.id } : {}) },
    });
    setSending(false);
    if (!answer.ok) {
      setError(feedError(t, answer));
      return;
    }
    clientId.current = newClientId();
    setText("");
    setError(null);
    onAdded(answer.data);
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={id}
          value={text}
          rows={1}
          maxLength={COMMENT_BODY_MAX}
          autoFocus={autoFocus}
          placeholder={parent ? t("comments.replyPlaceholder") : t("comments.placeholder")}
          onChange={(event) => setText(event.target.value)}
          className="min-h-10 flex-1 resize-y rounded-md border border-line bg-bg px-3 py-2 text-sm text-fg"
        />
        {onCancel ? (
          <button type="button" onClick={onCancel} className="min-h-10 rounded-md px-3 text-sm hover:bg-surface-muted">
            {t("post.cancel")}
          </button>
        ) : null}
        <button type="submit" disabled={sending} className="min-h-10 rounded-md bg-brand px-3 text-sm font-semibold text-on-brand">
          {t("comments.send")}
        </button>
      </div>
      {error ? (
        <p role="alert" className="text-xs font-semibold">
          {error}
        </p>
      ) : null}
    </form>
  );
}
