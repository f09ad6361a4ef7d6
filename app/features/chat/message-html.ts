/**
 * One message of a conversation as HTML: the one template the server renders the room's messages with
 * and the conversation's plain island (`chat-room.ts`) appends live ones with, so both look the same
 * (decision 042). No React: who and when, the text (links and mentions, all escaped), "sending" or
 * "not sent" for one's own, and the button that opens the message's actions (the menu is made on use).
 */
import { MESSAGE_EDIT_WINDOW_MS, type ChatMessage, type RoomKind } from "../../../universal/chat/chat-limits.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import type { Language } from "../../../universal/i18n/languages.ts";
import { messageParts } from "./chat-format.ts";
import type { ChatT } from "./chat-text.ts";
import { readerTimeAttributes } from "../../shared/ui/clock-scripts.ts";

/** A message on screen: confirmed by the server, or still the sender's own (sending, or failed). */
export interface Shown extends ChatMessage {
  clientId?: string;
  /** Members picked from the `@` list (sent with the message). */
  mentions?: string[];
  state?: "sending" | "failed";
}

/** What the template needs to know of the page. */
export interface MessageView {
  t: ChatT;
  language: Language;
  viewerUid: string;
  moderator: boolean;
  roomKind: RoomKind;
  /** The device's zone (the browser), else game time (the server). */
  local: boolean;
  now: number;
  /** Display names the page knows, so that a mention of one is marked whole ("@Minh Đức"). */
  names: readonly string[];
  /** The first unread message when the room opened: the "new messages" divider sits before it. */
  dividerBefore: number | null;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** The menu's actions on a message, for this viewer now. */
export interface MessageActions {
  /** The viewer's own message, still within its edit window. */
  editable: boolean;
  /** Someone else's message the viewer may report. */
  reportable: boolean;
  /** A moderator may delete it and mute its author (a direct room is moderated through reports only). */
  moderated: boolean;
}

export function messageActions(
  message: Pick<Shown, "author" | "createdAt" | "state">,
  view: Pick<MessageView, "viewerUid" | "moderator" | "roomKind" | "now">,
): MessageActions {
  const own = message.author.uid === view.viewerUid;
  const confirmed = !message.state;
  return {
    editable: own && confirmed && view.now - message.createdAt < MESSAGE_EDIT_WINDOW_MS,
    reportable: !own && confirmed,
    moderated: view.moderator && confirmed && view.roomKind !== "direct",
  };
}

/** The name shown on a message: "You" for one's own. */
export function authorName(message: Pick<Shown, "author">, view: Pick<MessageView, "t" | "viewerUid">): string {
  return message.author.uid === view.viewerUid ? view.t("you") : message.author.displayName || view.t("rooms.member");
}

export const MESSAGE_TIME_OPTIONS = { time: "short" } as const;

/**
 * What makes the head's clock script write a server-rendered message's time (game time) in the reader's
 * zone before it is painted, as it does every reader's time; the browser renders a message in the
 * reader's zone already.
 */
function readerTimeHtml(at: number, language: Language): string {
  return Object.entries(readerTimeAttributes(at, language, "time"))
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join("");
}

function textHtml(text: string, names: readonly string[]): string {
  return messageParts(text, names)
    .map((part) =>
      part.kind === "link"
        ? `<a href="${escapeHtml(part.href)}" target="_blank" rel="noopener noreferrer nofollow ugc" class="underline underline-offset-2">${escapeHtml(part.text)}</a>`
        : part.kind === "mention" && part.href
          ? `<a href="${escapeHtml(part.href)}" class="font-semibold underline underline-offset-2">${escapeHtml(part.text)}</a>`
          : part.kind === "mention"
            ? `<strong>${escapeHtml(part.text)}</strong>`
            : escapeHtml(part.text),
    )
    .join("");
}

/** The bubble's classes: one's own on the brand colour, dimmed until the server has it. */
export function bubbleClass(own: boolean, pending: boolean): string {
  return `mt-0.5 max-w-[85%] rounded-2xl px-3 py-2 break-words whitespace-pre-wrap ${own ? "bg-brand text-on-brand" : "bg-surface-muted text-fg"}${pending ? " opacity-70" : ""}`;
}

/** The `<li>` of a message. */
export function messageHtml(message: Shown, view: MessageView): string {
  const { t } = view;
  const own = message.author.uid === view.viewerUid;
  const confirmed = !message.state;
  const name = authorName(message, view);
  const actions = messageActions(message, view);
  const hasActions = confirmed && (actions.editable || actions.reportable || actions.moderated);
  const attributes = [
    confirmed ? ` data-message-id="${message.id}"` : ` data-client-id="${escapeHtml(message.clientId ?? "")}"`,
    ` data-author="${escapeHtml(message.author.uid)}"`,
    // One's own text as written (picked mentions are tokens), for the edit form.
    own ? ` data-text="${escapeHtml(message.text)}"` : "",
  ].join("");
  const divider =
    confirmed && message.id === view.dividerBefore
      ? `<p class="my-2 flex items-center gap-2 text-xs font-semibold text-accent" role="separator"><span class="h-px flex-1 bg-brand"></span>${escapeHtml(t("newMessages"))}<span class="h-px flex-1 bg-brand"></span></p>`
      : "";
  const more = hasActions
    ? `<button type="button" aria-expanded="false" aria-label="${escapeHtml(t("moreActions", { name }))}" data-chat-more="" class="inline-flex size-6 items-center justify-center rounded text-base leading-none hover:bg-surface-muted hover:text-fg"><span aria-hidden="true">⋯</span></button>`
    : "";
  const state =
    message.state === "sending"
      ? `<p class="text-xs text-fg-muted">${escapeHtml(t("sending"))}</p>`
      : message.state === "failed"
        ? `<p class="flex items-center gap-2 text-xs text-fg-muted">${escapeHtml(t("failed"))}<button type="button" data-chat-retry="" class="min-h-6 font-semibold text-link underline">${escapeHtml(t("retry"))}</button></p>`
        : "";
  return (
    `<li${attributes}>${divider}<article class="group flex flex-col ${own ? "items-end" : "items-start"}">` +
    `<p class="flex items-center gap-1 text-xs text-fg-muted"><span class="font-semibold text-fg">${escapeHtml(name)}</span>` +
    `<time datetime="${new Date(message.createdAt).toISOString()}"${view.local ? "" : readerTimeHtml(message.createdAt, view.language)}>${escapeHtml(formatDate(message.createdAt, view.language, { ...MESSAGE_TIME_OPTIONS, local: view.local }))}</time>` +
    (message.editedAt ? `<span>· ${escapeHtml(t("edited"))}</span>` : "") +
    more +
    `</p><p class="${bubbleClass(own, !confirmed)}" data-chat-bubble="">${textHtml(message.text, view.names)}</p>${state}</article></li>`
  );
}

/** Whose mentions are marked whole: the reader, the other member of a direct room, the authors. */
export function knownNames(messages: readonly ChatMessage[], ...more: (string | undefined | null)[]): string[] {
  const known = new Set<string>();
  for (const name of [...more, ...messages.map((message) => message.author.displayName)]) if (name) known.add(name);
  return [...known];
}
