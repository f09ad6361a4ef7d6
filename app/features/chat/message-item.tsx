/** One message of a conversation: who and when, the text (links and mentions), and what the viewer may do with it. */
import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { MESSAGE_TEXT_MAX, type ChatMessage } from "../../../universal/chat/chat-limits.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { messageParts } from "./chat-format.ts";

/** A message on screen: confirmed by the server, or still the sender's own (sending, or failed). */
export interface Shown extends ChatMessage {
  clientId?: string;
  /** Members picked from the `@` list (sent with the message). */
  mentions?: string[];
  state?: "sending" | "failed";
}

export interface MessageActions {
  /** The viewer's own message, still within its edit window. */
  editable: boolean;
  /** Someone else's message the viewer may report. */
  reportable: boolean;
  /** A moderator may delete it and mute its author. */
  moderated: boolean;
}

interface Props {
  message: Shown;
  own: boolean;
  local: boolean;
  /** Display names the page knows, so that a mention of one is marked whole ("@Minh Đức"). */
  names: readonly string[];
  actions: MessageActions;
  editing: string | null;
  onEditChange(text: string | null): void;
  onEditSave(): void;
  onDelete(): void;
  onRetry(): void;
  onReport(): void;
  onMute(): void;
}

const small = "min-h-6 min-w-6 rounded px-1.5 text-fg-muted hover:bg-surface-muted hover:text-fg";

export function MessageItem({
  message,
  own,
  local,
  names,
  actions,
  editing,
  onEditChange,
  onEditSave,
  onDelete,
  onRetry,
  onReport,
  onMute,
}: Props) {
  const { t, i18n } = useTranslation("chat");
  const [menu, setMenu] = useState(false);
  // A dialog opened from the menu gives the focus back here when it closes (the menu item is gone by then).
  const more = useRef<HTMLButtonElement>(null);
  const fromMenu = (action: () => void) => () => {
    setMenu(false);
    more.current?.focus();
    action();
  };
  const menuId = useId();
  const name = own ? t("you") : message.author.displayName || t("rooms.member");
  const hasActions = !message.state && editing === null && (actions.editable || actions.reportable || actions.moderated);
  return (
    <article className={`group flex flex-col ${own ? "items-end" : "items-start"}`}>
      <p className="flex items-center gap-1 text-xs text-fg-muted">
        <span className="font-semibold text-fg">{name}</span>
        <time dateTime={new Date(message.createdAt).toISOString()}>
          {formatDate(message.createdAt, i18n.language, { time: "short", local })}
        </time>
        {message.editedAt ? <span>· {t("edited")}</span> : null}
        {hasActions ? (
          <button
            ref={more}
            type="button"
            aria-expanded={menu}
            aria-controls={menuId}
            aria-label={t("moreActions", { name })}
            onClick={() => setMenu((open) => !open)}
            className="inline-flex size-6 items-center justify-center rounded text-base leading-none hover:bg-surface-muted hover:text-fg"
          >
            <span aria-hidden="true">⋯</span>
          </button>
        ) : null}
      </p>
      {editing !== null ? (
        <form
          className="mt-1 flex w-full max-w-[85%] flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            onEditSave();
          }}
        >
          <label className="sr-only" htmlFor={`edit-${message.id}`}>
            {t("editLabel")}
          </label>
          <textarea
            id={`edit-${message.id}`}
            value={editing}
            maxLength={MESSAGE_TEXT_MAX}
            onChange={(event) => onEditChange(event.target.value)}
            className="min-h-20 rounded-md border border-line bg-bg p-2 text-fg"
          />
          <div className="flex justify-end gap-2">
            <button type="button" onClick={() => onEditChange(null)} className="min-h-10 rounded-md px-3 hover:bg-surface-muted">
              {t("cancel")}
            </button>
            <button type="submit" className="min-h-10 rounded-md bg-brand px-3 font-semibold text-on-brand">
              {t("save")}
            </button>
          </div>
        </form>
      ) : (
        <p
          className={`mt-0.5 max-w-[85%] rounded-2xl px-3 py-2 break-words whitespace-pre-wrap ${own ? "bg-brand text-on-brand" : "bg-surface-muted text-fg"} ${message.state ? "opacity-70" : ""}`}
        >
          {messageParts(message.text, names).map((part, index) =>
            part.kind === "link" ? (
              <a
                key={index}
                href={part.href}
                target="_blank"
                rel="noopener noreferrer nofollow ugc"
                className="underline underline-offset-2"
              >
                {part.text}
              </a>
            ) : part.kind === "mention" && part.href ? (
              <Link key={index} to={part.href} className="font-semibold underline underline-offset-2">
                {part.text}
              </Link>
            ) : part.kind === "mention" ? (
              <strong key={index}>{part.text}</strong>
            ) : (
              part.text
            ),
          )}
        </p>
      )}
      {message.state === "sending" ? <p className="text-xs text-fg-muted">{t("sending")}</p> : null}
      {message.state === "failed" ? (
        <p className="flex items-center gap-2 text-xs text-fg-muted">
          {t("failed")}
          <button type="button" onClick={onRetry} className="min-h-6 font-semibold text-link underline">
            {t("retry")}
          </button>
        </p>
      ) : null}
      {hasActions && menu ? (
        <p id={menuId} className="mt-0.5 flex flex-wrap gap-1 text-xs">
          {actions.editable ? (
            <>
              <button type="button" onClick={() => (setMenu(false), onEditChange(message.text))} className={small}>
                {t("edit")}
              </button>
              <button type="button" onClick={() => (setMenu(false), onDelete())} className={small}>
                {t("delete")}
              </button>
            </>
          ) : null}
          {actions.reportable ? (
            <button type="button" onClick={fromMenu(onReport)} className={small}>
              {t("report")}
            </button>
          ) : null}
          {actions.moderated && !actions.editable ? (
            <>
              <button type="button" onClick={() => (setMenu(false), onDelete())} className={small}>
                {t("moderation.delete")}
              </button>
              {!own ? (
                <button type="button" onClick={fromMenu(onMute)} className={small}>
                  {t("moderation.mute", { name })}
                </button>
              ) : null}
            </>
          ) : null}
        </p>
      ) : null}
    </article>
  );
}
