/**
 * A message's actions in the live conversation (`chat-room.ts`): the menu under "more actions" (edit,
 * delete, report, mute, as `messageActions` allows the reader), editing in place, deleting with
 * confirmation, a failed message's retry and the way to earlier messages. The report and mute dialogs
 * are React: asked for, they wake the `chat-tools` island.
 */
import { MESSAGE_TEXT_MAX, type ChatMessage } from "../../../universal/chat/chat-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { requestChatTool } from "./chat-tools-request.ts";
import { escapeHtml, messageActions } from "./message-html.ts";
import type { RoomComposer } from "./room-composer.ts";
import type { RoomContext } from "./room-context.ts";
import type { RoomMessages } from "./room-messages.ts";

const SMALL = "min-h-6 min-w-6 rounded px-1.5 text-fg-muted hover:bg-surface-muted hover:text-fg";

export function startMessageActions(context: RoomContext, messages: RoomMessages, composer: RoomComposer): void {
  const { list, t, viewerUid, moderator, room } = context;
  const authorName = (item: HTMLLIElement) => item.querySelector("article > p:first-child > span")?.textContent ?? "";

  function closeMenu(item: HTMLLIElement): void {
    item.querySelector("[data-chat-menu]")?.remove();
    const more = item.querySelector("[data-chat-more]");
    more?.setAttribute("aria-expanded", "false");
    more?.removeAttribute("aria-controls");
  }

  function toggleMenu(item: HTMLLIElement, more: HTMLElement): void {
    if (item.querySelector("[data-chat-menu]")) {
      closeMenu(item);
      return;
    }
    const id = Number(item.dataset.messageId);
    const author = item.dataset.author ?? "";
    const own = author === viewerUid;
    const createdAt = Date.parse(item.querySelector("time")?.dateTime ?? "");
    const actions = messageActions(
      { author: { uid: author, displayName: "" }, createdAt },
      { viewerUid, moderator, roomKind: room.kind, now: Date.now() },
    );
    const name = authorName(item);
    const button = (action: string, label: string) =>
      `<button type="button" data-chat-action="${action}" class="${SMALL}">${escapeHtml(label)}</button>`;
    const buttons = [
      ...(actions.editable ? [button("edit", t("edit")), button("delete", t("delete"))] : []),
      ...(actions.reportable ? [button("report", t("report"))] : []),
      ...(actions.moderated && !actions.editable
        ? [button("delete", t("moderation.delete")), ...(own ? [] : [button("mute", t("moderation.mute", { name }))])]
        : []),
    ];
    const menuId = `chat-menu-${id}`;
    item
      .querySelector("article")
      ?.insertAdjacentHTML(
        "beforeend",
        `<p id="${menuId}" data-chat-menu="" class="mt-0.5 flex flex-wrap gap-1 text-xs">${buttons.join("")}</p>`,
      );
    more.setAttribute("aria-expanded", "true");
    more.setAttribute("aria-controls", menuId);
  }

  function startEdit(item: HTMLLIElement): void {
    const id = item.dataset.messageId ?? "";
    const bubble = item.querySelector<HTMLElement>("[data-chat-bubble]");
    const more = item.querySelector<HTMLElement>("[data-chat-more]");
    if (!bubble || item.querySelector("[data-chat-edit]")) return;
    bubble.hidden = true;
    if (more) more.hidden = true;
    bubble.insertAdjacentHTML(
      "afterend",
      `<form data-chat-edit="" class="mt-1 flex w-full max-w-[85%] flex-col gap-2"><label class="sr-only" for="edit-${id}">${escapeHtml(t("editLabel"))}</label>` +
        `<textarea id="edit-${id}" maxlength="${MESSAGE_TEXT_MAX}" class="min-h-20 rounded-md border border-line bg-bg p-2 text-fg">${escapeHtml(item.dataset.text ?? bubble.textContent ?? "")}</textarea>` +
        `<div class="flex justify-end gap-2"><button type="button" data-chat-action="cancel-edit" class="min-h-10 rounded-md px-3 hover:bg-surface-muted">${escapeHtml(t("cancel"))}</button>` +
        `<button type="submit" class="min-h-10 rounded-md bg-brand px-3 font-semibold text-on-brand">${escapeHtml(t("save"))}</button></div></form>`,
    );
    item.querySelector<HTMLTextAreaElement>("textarea")?.focus();
  }

  function endEdit(item: HTMLLIElement): void {
    item.querySelector("[data-chat-edit]")?.remove();
    const bubble = item.querySelector<HTMLElement>("[data-chat-bubble]");
    const more = item.querySelector<HTMLElement>("[data-chat-more]");
    if (bubble) bubble.hidden = false;
    if (more) {
      more.hidden = false;
      more.focus();
    }
  }

  async function saveEdit(item: HTMLLIElement, form: HTMLFormElement): Promise<void> {
    const text = form.querySelector("textarea")?.value.trim() ?? "";
    if (!text) return;
    const answer = await apiJson<ChatMessage>(`/api/chat/messages/${item.dataset.messageId}`, { method: "PATCH", body: { text } });
    if (!answer.ok) {
      context.setError(context.refusal(answer));
      return;
    }
    messages.place(answer.data);
  }

  async function remove(item: HTMLLIElement): Promise<void> {
    const own = item.dataset.author === viewerUid;
    if (!window.confirm(t(own ? "confirmDelete" : "moderation.confirmDelete"))) return;
    const id = Number(item.dataset.messageId);
    const answer = await apiJson(`/api/chat/messages/${id}`, { method: "DELETE" });
    if (!answer.ok) {
      context.setError(context.refusal(answer));
      return;
    }
    messages.forget(id);
  }

  list.addEventListener("click", (event) => {
    const target = (event.target as Element).closest<HTMLElement>("button");
    if (!target) return;
    const item = target.closest<HTMLLIElement>("li[data-author]");
    if (target.hasAttribute("data-chat-older")) {
      void messages.loadOlder();
      return;
    }
    if (!item) return;
    if (target.hasAttribute("data-chat-retry")) {
      composer.retry(item.dataset.clientId ?? "");
      return;
    }
    if (target.hasAttribute("data-chat-more")) {
      toggleMenu(item, target);
      return;
    }
    const action = target.dataset.chatAction;
    if (!action) return;
    const more = item.querySelector<HTMLElement>("[data-chat-more]");
    // A dialog opened from the menu gives the focus back to the actions' button (the menu is gone by then).
    closeMenu(item);
    if (action === "edit") startEdit(item);
    else if (action === "cancel-edit") endEdit(item);
    else if (action === "delete") void remove(item);
    else if (action === "report") {
      more?.focus();
      requestChatTool({ kind: "report", id: Number(item.dataset.messageId) });
    } else if (action === "mute") {
      more?.focus();
      requestChatTool({ kind: "mute", uid: item.dataset.author ?? "", name: authorName(item) || t("rooms.member") });
    }
  });
  list.addEventListener("submit", (event) => {
    const editForm = (event.target as Element).closest<HTMLFormElement>("[data-chat-edit]");
    const item = editForm?.closest<HTMLLIElement>("li[data-author]");
    if (!editForm || !item) return;
    event.preventDefault();
    void saveEdit(item, editForm);
  });
}
