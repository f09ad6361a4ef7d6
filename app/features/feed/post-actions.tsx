/** A post's ⋯ menu (its author edits and deletes, others report, moderators pin and hide) and its edit form. */
import { useId, useState } from "react";
import { POST_BODY_MAX, type Post } from "../../../universal/feed/feed-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { feedError } from "./feed-errors.ts";
import type { FeedViewer } from "./post-card.tsx";

const menuItem = "block min-h-10 w-full rounded px-3 text-left text-sm hover:bg-surface-muted";

export function PostMenu({
  id,
  post,
  viewer,
  editable,
  onClose,
  onEdit,
  onReport,
  onChange,
  onRemove,
  onError,
}: {
  id: string;
  post: Post;
  viewer: FeedViewer;
  editable: boolean;
  onClose(): void;
  onEdit(): void;
  onReport(): void;
  onChange(post: Post): void;
  onRemove(message: string): void;
  onError(message: string | null): void;
}) {
  const { t } = useTranslation("feed");
  const own = viewer.uid === post.author.uid;

  async function moderate(change: { pinned?: boolean; hidden?: boolean }) {
    onClose();
    const answer = await apiJson<Post>(`/api/feed/posts/${post.id}`, { method: "PATCH", body: change });
    if (!answer.ok) return onError(feedError(t, answer));
    onError(null);
    if (change.hidden) onRemove(t("post.hidden"));
    else onChange(answer.data);
  }

  async function remove() {
    onClose();
    if (!window.confirm(t("post.confirmDelete"))) return;
    const answer = await apiJson(`/api/feed/posts/${post.id}`, { method: "DELETE" });
    if (answer.ok) onRemove(t("post.deleted"));
    else onError(feedError(t, answer));
  }

  return (
    <div id={id} className="absolute right-0 z-10 mt-1 w-48 rounded-lg border border-line bg-surface p-1 shadow-lg">
      {editable ? (
        <button type="button" className={menuItem} onClick={() => (onClose(), onEdit())}>
          {t("post.edit")}
        </button>
      ) : null}
      {own ? (
        <button type="button" className={menuItem} onClick={() => void remove()}>
          {t("post.delete")}
        </button>
      ) : (
        <button type="button" className={menuItem} onClick={() => (onClose(), onReport())}>
          {t("post.report")}
        </button>
      )}
      {viewer.moderator ? (
        <>
          <button type="button" className={menuItem} onClick={() => void moderate({ pinned: !post.pinned })}>
            {post.pinned ? t("post.unpin") : t("post.pin")}
          </button>
          <button type="button" className={menuItem} onClick={() => void moderate({ hidden: true })}>
            {t("post.hide")}
          </button>
        </>
      ) : null}
    </div>
  );
}

export function PostEditor({
  post,
  initial,
  onDone,
  onError,
}: {
  post: Post;
  initial: string;
  /** The edited post, or null when the author cancelled. */
  onDone(post: Post | null): void;
  onError(message: string | null): void;
}) {
  const { t } = useTranslation("feed");
  const [text, setText] = useState(initial);
  const [saving, setSaving] = useState(false);
  const id = useId();

  async function save() {
    if (saving) return;
    setSaving(true);
    const answer = await apiJson<Post>(`/api/feed/posts/${post.id}`, { method: "PATCH", body: { body: text } });
    setSaving(false);
    if (!answer.ok) return onError(feedError(t, answer));
    onError(null);
    onDone(answer.data);
  }

  return (
    <form
      className="mt-3 flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t("composer.label")}
      </label>
      <textarea
        id={id}
        value={text}
        maxLength={POST_BODY_MAX}
        autoFocus
        onChange={(event) => setText(event.target.value)}
        className="min-h-32 rounded-md border border-line bg-bg p-2 text-fg"
      />
      <div className="flex justify-end gap-2">
        <button type="button" onClick={() => onDone(null)} className="min-h-10 rounded-md px-3 hover:bg-surface-muted">
          {t("post.cancel")}
        </button>
        <button type="submit" disabled={saving} className="min-h-10 rounded-md bg-brand px-3 font-semibold text-on-brand">
          {t("post.save")}
        </button>
      </div>
    </form>
  );
}
