/**
 * The open conversation, live without React (decision 042): the `chat-room` plain island of a member's
 * `/chat`. The server rendered the room (`conversation-view.tsx`); this makes it live as the page loads:
 * the room's topic (new, edited and deleted messages, presence, typing) from the newest message the page
 * shows, the composer (Enter sends; the message shows at once as "sending", and a retry keeps its client
 * id, so it can never be sent twice), `@` mentions, the message menu (edit, delete, report, mute), earlier
 * messages, blocking and slow mode. Every message it adds is made by the server's template
 * (`message-html.ts`). The report and mute dialogs are React: asked for, they wake the `chat-tools` island.
 */
import { HISTORY_PAGE, MESSAGE_TEXT_MAX, type ChatMessage } from "../../../universal/chat/chat-limits.ts";
import { mentionToken, mentionTokenUids } from "../../../universal/chat/mentions.ts";
import type { ServerFrame } from "../../../universal/realtime/protocol.ts";
import { apiJson, type ApiRefusal } from "../../shared/api/json-api.ts";
import { formatAgo, formatDate } from "../../shared/i18n/format.ts";
import { newClientId } from "../../shared/new-client-id.ts";
import { afterInteractive } from "../../shared/page/after-interactive.ts";
import { socket } from "../../shared/realtime/topic.ts";
import { listboxKey } from "../../shared/ui/listbox-keys.ts";
import { CHAT_IDS, historyInner, type ChatRoomProps } from "./chat-room-props.ts";
import { chatT } from "./chat-text.ts";
import { requestChatTool } from "./chat-tools-request.ts";
import { escapeHtml, messageActions, messageHtml, MESSAGE_TIME_OPTIONS, type MessageView, type Shown } from "./message-html.ts";
import { RENDERED_KEEP, RENDERED_MAX, REVEAL_STEP } from "./message-window.ts";
import { nextOnline, type RoomOnline } from "./room-online.ts";

const TYPING_SHOWN_MS = 4_000;
const READ_SETTLE_MS = 3_000;
/** Closer than this to the bottom, the list follows new messages; farther, the reader is reading history. */
const FOLLOW_PX = 120;
const MENTION_WAIT_MS = 120;
/** `@` and what follows it, right before the caret, at the start or after a space. */
const MENTION = /(^|\s)@([^\s@]{0,40})$/u;
const SMALL = "min-h-6 min-w-6 rounded px-1.5 text-fg-muted hover:bg-surface-muted hover:text-fg";

interface Mentionable {
  uid: string;
  displayName: string;
}

export function startChatRoom(element: HTMLElement, props: ChatRoomProps): void {
  const doc = element.ownerDocument;
  const byId = <T extends HTMLElement>(id: string) => doc.getElementById(id) as T | null;
  const maybeSection = byId(CHAT_IDS.section);
  const maybeList = byId<HTMLOListElement>(CHAT_IDS.list);
  const form = byId<HTMLFormElement>(CHAT_IDS.form);
  const composer = byId<HTMLTextAreaElement>(CHAT_IDS.composer);
  const typingLine = byId(CHAT_IDS.typing);
  const errorLine = byId(CHAT_IDS.error);
  const mentionList = byId<HTMLUListElement>(CHAT_IDS.mentions);
  const remainingLine = byId(CHAT_IDS.remaining);
  const presenceBox = byId(CHAT_IDS.presence);
  if (!maybeSection || !maybeList || !form || !composer || !typingLine || !errorLine || !mentionList || !remainingLine || !presenceBox)
    return;
  const section: HTMLElement = maybeSection;
  const list: HTMLOListElement = maybeList;
  const sendButton = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const { room, viewerUid, moderator } = props;
  const t = chatT(props.i18n);
  const language = props.i18n.language;
  const topic = `room:${room.id}`;
  const roomPath = `/api/chat/rooms/${encodeURIComponent(room.id)}`;
  const names = new Set<string>([props.viewerName, room.peer?.displayName].filter((name): name is string => Boolean(name)));
  for (const span of list.querySelectorAll("li[data-author] article > p:first-child > span:first-child"))
    if (span.textContent) names.add(span.textContent);
  const view = (): MessageView => ({
    t,
    language,
    viewerUid,
    moderator,
    roomKind: room.kind,
    local: true,
    now: Date.now(),
    names: [...names],
    dividerBefore: props.dividerBefore,
  });
  const pending = new Map<string, Shown>();
  const deleted = new Set<number>();
  /** The oldest messages taken out of the page while the reader follows a long room (message-window.ts). */
  let hidden: HTMLLIElement[] = [];
  let olderDone = props.olderDone;
  let loadingOlder = false;
  let lastId = props.lastId;
  let follow = true;
  let online: RoomOnline | null = null;
  const typers = new Map<string, { name: string; until: number }>();

  const fragment = (html: string): HTMLLIElement => {
    const template = doc.createElement("template");
    template.innerHTML = html;
    return template.content.firstElementChild as HTMLLIElement;
  };
  const history = () => byId(CHAT_IDS.history);
  const messageItems = () => list.querySelectorAll<HTMLLIElement>("li[data-author]");
  const confirmed = (id: number) => list.querySelector<HTMLLIElement>(`li[data-message-id="${id}"]`);
  const pendingItem = (clientId: string) => list.querySelector<HTMLLIElement>(`li[data-client-id="${CSS.escape(clientId)}"]`);
  const stick = () => {
    if (follow) list.scrollTop = list.scrollHeight;
  };
  const showHistory = () => {
    const item = history();
    if (item) item.innerHTML = historyInner(t, olderDone && hidden.length === 0, messageItems().length === 0, loadingOlder);
  };
  const setError = (text: string | null) => {
    errorLine.textContent = text ?? "";
    errorLine.hidden = !text;
  };

  // Times in the device's zone (the server wrote game time).
  for (const time of list.querySelectorAll("time"))
    time.textContent = formatDate(Date.parse(time.dateTime), language, { ...MESSAGE_TIME_OPTIONS, local: true });
  stick();
  list.addEventListener("scroll", () => {
    follow = list.scrollHeight - list.scrollTop - list.clientHeight < FOLLOW_PX;
  });

  /** A follower of a long room keeps a bounded page: the oldest rendered messages leave it. */
  function trim() {
    if (!follow) return;
    const items = [...messageItems()].filter((item) => item.hasAttribute("data-message-id"));
    if (items.length <= RENDERED_MAX) return;
    const out = items.slice(0, items.length - RENDERED_KEEP);
    for (const item of out) item.remove();
    hidden = [...hidden, ...out];
    showHistory();
  }

  /** A message the server has: in the list once, in the order of ids, before one's own still sending. */
  function place(message: ChatMessage): void {
    if (deleted.has(message.id)) return;
    if (message.author.displayName) names.add(message.author.displayName);
    const item = fragment(messageHtml(message, view()));
    const shown = confirmed(message.id);
    if (shown) {
      shown.replaceWith(item);
      return;
    }
    if (hidden.some((each) => each.dataset.messageId === String(message.id))) return;
    let before: Element | null = null;
    for (let node = list.lastElementChild; node && node.id !== CHAT_IDS.history; node = node.previousElementSibling) {
      const id = node.getAttribute("data-message-id");
      if (id === null || Number(id) > message.id) before = node;
      else break;
    }
    list.insertBefore(item, before);
    lastId = Math.max(lastId, message.id);
    if (!olderDone || hidden.length > 0 || messageItems().length === 1) showHistory();
    trim();
    stick();
    scheduleRead();
  }

  function showPending(message: Shown): void {
    const item = fragment(messageHtml(message, view()));
    const shown = message.clientId ? pendingItem(message.clientId) : null;
    if (shown) shown.replaceWith(item);
    else list.append(item);
    stick();
  }

  function dropPending(clientId: string): void {
    pending.delete(clientId);
    pendingItem(clientId)?.remove();
  }

  // ——— The room's topic ———
  function onFrame(frame: ServerFrame): void {
    switch (frame.type) {
      case "message": {
        const message = frame.message;
        // One's own message can arrive before the answer to its request: the oldest copy still sending with its text is it.
        if (message.author.uid === viewerUid)
          for (const [clientId, each] of pending)
            if (each.state === "sending" && each.text === message.text) {
              dropPending(clientId);
              break;
            }
        place(message);
        if (typers.delete(message.author.uid)) showTyping();
        break;
      }
      case "message-updated":
        if (confirmed(frame.message.id)) place(frame.message);
        break;
      case "message-deleted":
        deleted.add(frame.messageId);
        confirmed(frame.messageId)?.remove();
        hidden = hidden.filter((each) => each.dataset.messageId !== String(frame.messageId));
        break;
      case "subscribed":
        section.dataset.live = "true";
        break;
      case "presence":
        online = nextOnline(online, frame);
        for (const name of online.members.values()) if (name) names.add(name);
        showPresence();
        break;
      case "typing":
        typers.set(frame.uid, { name: frame.displayName, until: Date.now() + TYPING_SHOWN_MS });
        showTyping();
        break;
      case "error":
        // Too much was missed: the room is read again.
        if (frame.code === "reload") window.location.reload();
        break;
    }
  }

  const reconnecting = byId(CHAT_IDS.reconnecting);
  afterInteractive(() => {
    socket.use((client) => {
      const stop = client.subscribe(topic, lastId, onFrame);
      const showState = (state: string) => {
        if (state !== "open") section.dataset.live = "false";
        if (!reconnecting) return;
        const down = state === "reconnecting";
        reconnecting.textContent = down ? t("reconnecting") : "";
        reconnecting.className = down ? "mt-2 rounded-md bg-surface-muted px-3 py-1 text-sm text-fg-muted" : "sr-only";
      };
      const stopState = client.onState(showState);
      return () => {
        stop();
        stopState();
      };
    });
  });

  // ——— Typing ———
  let typingTimer: ReturnType<typeof setTimeout> | undefined;
  function showTyping(): void {
    const now = Date.now();
    for (const [uid, each] of typers) if (each.until <= now) typers.delete(uid);
    const shown = [...typers.values()].map((each) => each.name);
    typingLine!.textContent = shown.length > 0 ? t("typing", { count: shown.length, names: shown.join(", ") }) : "";
    clearTimeout(typingTimer);
    if (typers.size > 0) typingTimer = setTimeout(showTyping, 1_000);
  }

  // ——— Presence ———
  const dot = '<span aria-hidden="true" class="inline-block size-2 rounded-full bg-emerald-500"></span>';
  function showPresence(): void {
    const peer = room.kind === "direct" ? room.peer : null;
    if (peer) {
      if (online?.members.has(peer.uid)) {
        presenceBox!.innerHTML = `<p class="flex items-center gap-1.5 text-xs text-fg-muted" data-presence="online">${dot}${escapeHtml(t("presence.online"))}</p>`;
        return;
      }
      presenceBox!.innerHTML =
        peer.lastSeenAt === null
          ? ""
          : `<p class="text-xs text-fg-muted" data-presence="offline">${escapeHtml(t("presence.lastSeen", { ago: formatAgo(peer.lastSeenAt, Date.now(), language) }))}</p>`;
      return;
    }
    if (!online || online.count === 0) {
      presenceBox!.innerHTML = "";
      return;
    }
    const open = presenceBox!.querySelector("details")?.open ?? false;
    const members = [...online.members.values()];
    const items = members.map((name) => `<li class="truncate py-0.5">${escapeHtml(name || t("rooms.member"))}</li>`).join("");
    const more =
      online.count > members.length
        ? `<li class="py-0.5 text-fg-muted">${escapeHtml(t("presence.more", { count: online.count - members.length }))}</li>`
        : "";
    presenceBox!.innerHTML =
      `<details class="relative text-xs text-fg-muted"${open ? " open" : ""}><summary class="inline-flex min-h-6 cursor-pointer list-none items-center gap-1.5 rounded px-1 hover:bg-surface-muted" aria-controls="chat-presence-list">${dot}${escapeHtml(t("presence.here", { count: online.count }))}</summary>` +
      `<ul id="chat-presence-list" aria-label="${escapeHtml(t("presence.whoIsHere"))}" class="absolute start-0 top-full z-10 mt-1 max-h-64 w-56 overflow-y-auto rounded-md border border-line bg-surface p-2 text-sm text-fg shadow-lg">${items}${more}</ul></details>`;
  }
  showPresence();
  // "Last seen 5 minutes ago" stays true.
  if (room.kind === "direct") setInterval(() => showPresence(), 60_000);

  // ——— What was read ———
  let readTimer: ReturnType<typeof setTimeout> | undefined;
  let readSent = 0;
  function scheduleRead(): void {
    clearTimeout(readTimer);
    // Told once new messages have settled for a moment (the request shares the account's write budget with sending).
    readTimer = setTimeout(() => {
      if (lastId === 0 || lastId === readSent || doc.visibilityState !== "visible") return;
      readSent = lastId;
      void apiJson(`${roomPath}/read`, { body: { lastId } });
    }, READ_SETTLE_MS);
  }
  scheduleRead();

  // ——— Sending ———
  function refusal(answer: ApiRefusal): string {
    const reason = String(answer.details.reason ?? "");
    const seconds = Number(answer.details.retryAfter ?? 0);
    if (answer.status === 0) return t("errors.network");
    if (reason === "rate-limit" || reason === "slow-mode") return t(`errors.${reason}`, { seconds });
    if (reason === "muted")
      return t("errors.muted", {
        until: formatDate(Number(answer.details.until), language, { date: "short", time: "short", local: true }),
      });
    if (reason === "blocked" || reason === "too-late") return t(`errors.${reason}`);
    if (answer.code === "invalid-argument") return t("errors.invalid");
    return t("errors.generic");
  }

  function composerChanged(): void {
    const draft = composer!.value;
    if (sendButton) sendButton.disabled = draft.trim().length === 0;
    const remaining = MESSAGE_TEXT_MAX - draft.length;
    remainingLine!.hidden = remaining >= 200;
    remainingLine!.textContent = remaining < 200 ? t("composer.remaining", { count: remaining }) : "";
  }

  async function deliver(message: Shown): Promise<void> {
    const clientId = message.clientId ?? "";
    const sending: Shown = { ...message, state: "sending" };
    pending.set(clientId, sending);
    showPending(sending);
    const answer = await apiJson<ChatMessage>(`${roomPath}/messages`, {
      body: { text: message.text, clientId, ...(message.mentions?.length ? { mentions: message.mentions } : {}) },
    });
    if (answer.ok) {
      setError(null);
      dropPending(clientId);
      place(answer.data);
      return;
    }
    setError(refusal(answer));
    if (answer.status === 0 || answer.status >= 500) {
      // Kept with its client id: retrying can never send it twice.
      const failed: Shown = { ...message, state: "failed" };
      pending.set(clientId, failed);
      showPending(failed);
    } else {
      // Refused for a reason the person can act on: the text goes back to the composer.
      dropPending(clientId);
      if (!composer!.value) composer!.value = message.text;
      composerChanged();
    }
  }

  function submit(): void {
    const text = composer!.value.trim();
    if (!text || text.length > MESSAGE_TEXT_MAX) return;
    follow = true;
    composer!.value = "";
    closeMentions();
    composerChanged();
    void deliver({
      mentions: mentionTokenUids(text),
      id: Number.MAX_SAFE_INTEGER,
      roomId: room.id,
      author: { uid: viewerUid, displayName: t("you") },
      text,
      createdAt: Date.now(),
      editedAt: null,
      clientId: newClientId(),
    });
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    submit();
  });
  composer.addEventListener("input", () => {
    composerChanged();
    followMentions();
    socket.current()?.typing(topic);
  });
  composer.addEventListener("keydown", (event) => {
    if (mentionKey(event)) return;
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      submit();
    }
  });
  // Text typed before this ran (the page was still loading) counts.
  composerChanged();

  // ——— @mentions ———
  let mentionOpen: { at: number; query: string } | null = null;
  let suggestions: Mentionable[] = [];
  let active = 0;
  let mentionTimer: ReturnType<typeof setTimeout> | undefined;
  let mentionAbort: AbortController | undefined;
  const optionId = (index: number) => `${CHAT_IDS.mentions}-option-${index}`;

  function showMentions(): void {
    const shown = mentionOpen !== null && suggestions.length > 0;
    mentionList!.hidden = !shown;
    if (!shown) {
      mentionList!.replaceChildren();
      composer!.removeAttribute("aria-controls");
      composer!.removeAttribute("aria-activedescendant");
      return;
    }
    mentionList!.innerHTML = suggestions
      .map(
        (member, index) =>
          `<li id="${optionId(index)}" role="option" aria-selected="${index === active}" data-index="${index}" class="flex min-h-10 cursor-pointer items-center truncate rounded px-2${index === active ? " bg-surface-muted font-semibold" : ""}">@${escapeHtml(member.displayName)}</li>`,
      )
      .join("");
    composer!.setAttribute("aria-controls", CHAT_IDS.mentions);
    composer!.setAttribute("aria-activedescendant", optionId(active));
  }

  function closeMentions(): void {
    mentionOpen = null;
    suggestions = [];
    clearTimeout(mentionTimer);
    mentionAbort?.abort();
    showMentions();
  }

  function followMentions(): void {
    const caret = composer!.selectionStart ?? composer!.value.length;
    const match = MENTION.exec(composer!.value.slice(0, caret));
    if (!match) {
      closeMentions();
      return;
    }
    const query = match[2] ?? "";
    if (mentionOpen?.query === query) return;
    mentionOpen = { at: caret - query.length - 1, query };
    clearTimeout(mentionTimer);
    mentionAbort?.abort();
    const controller = new AbortController();
    mentionAbort = controller;
    mentionTimer = setTimeout(async () => {
      const answer = await apiJson<Mentionable[]>(`${roomPath}/mentions?q=${encodeURIComponent(query)}`, { signal: controller.signal });
      if (controller.signal.aborted || !answer.ok) return;
      suggestions = answer.data.map(({ uid, displayName }) => ({ uid, displayName }));
      active = 0;
      showMentions();
    }, MENTION_WAIT_MS);
  }

  function chooseMention(member: Mentionable): void {
    const text = composer!.value;
    const at = mentionOpen?.at ?? text.length;
    const end = at + 1 + (mentionOpen?.query.length ?? 0);
    const inserted = `${mentionToken(member)} `;
    composer!.value = text.slice(0, at) + inserted + text.slice(end);
    composer!.setSelectionRange(at + inserted.length, at + inserted.length);
    closeMentions();
    composerChanged();
  }

  function mentionKey(event: KeyboardEvent): boolean {
    if (mentionOpen === null || suggestions.length === 0) return false;
    const move = listboxKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.isComposing }, active, suggestions.length, {
      tabChooses: true,
    });
    if (!move) return false;
    event.preventDefault();
    if (move.kind === "move") {
      active = move.active;
      showMentions();
    } else if (move.kind === "choose") {
      const member = suggestions[active];
      if (member) chooseMention(member);
    } else closeMentions();
    return true;
  }

  mentionList.addEventListener("pointerdown", (event) => {
    const option = (event.target as Element).closest<HTMLElement>("[data-index]");
    if (!option) return;
    // Keeps the focus in the composer.
    event.preventDefault();
    const member = suggestions[Number(option.dataset.index)];
    if (member) chooseMention(member);
  });

  // ——— Earlier messages ———
  async function loadOlder(): Promise<void> {
    if (loadingOlder) return;
    const fromBottom = list!.scrollHeight - list!.scrollTop;
    const keepPlace = () =>
      requestAnimationFrame(() => {
        list!.scrollTop = list!.scrollHeight - fromBottom;
      });
    follow = false;
    const anchor = history();
    if (hidden.length > 0) {
      // Already loaded: back into the page, without asking the server.
      const back = hidden.slice(-REVEAL_STEP);
      hidden = hidden.slice(0, -REVEAL_STEP);
      anchor?.after(...back);
      showHistory();
      keepPlace();
      return;
    }
    const first = list!.querySelector<HTMLLIElement>("li[data-message-id]")?.dataset.messageId;
    if (!first) return;
    loadingOlder = true;
    showHistory();
    const answer = await apiJson<ChatMessage[]>(`${roomPath}/messages?before=${first}&limit=${HISTORY_PAGE}`);
    loadingOlder = false;
    if (!answer.ok) {
      showHistory();
      setError(t("errors.generic"));
      return;
    }
    if (answer.data.length < HISTORY_PAGE) olderDone = true;
    const older = answer.data.filter((message) => !deleted.has(message.id) && !confirmed(message.id));
    for (const message of older) if (message.author.displayName) names.add(message.author.displayName);
    const shown = view();
    history()?.after(...older.map((message) => fragment(messageHtml(message, shown))));
    showHistory();
    // Keep the reader's place: the list grows above what they were reading.
    keepPlace();
    history()?.querySelector("button")?.focus();
  }

  // ——— A message's actions ———
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
    const name = item.querySelector("article > p:first-child > span")?.textContent ?? "";
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
      setError(refusal(answer));
      return;
    }
    place(answer.data);
  }

  async function remove(item: HTMLLIElement): Promise<void> {
    const own = item.dataset.author === viewerUid;
    if (!window.confirm(t(own ? "confirmDelete" : "moderation.confirmDelete"))) return;
    const id = Number(item.dataset.messageId);
    const answer = await apiJson(`/api/chat/messages/${id}`, { method: "DELETE" });
    if (!answer.ok) {
      setError(refusal(answer));
      return;
    }
    deleted.add(id);
    item.remove();
  }

  list.addEventListener("click", (event) => {
    const target = (event.target as Element).closest<HTMLElement>("button");
    if (!target) return;
    const item = target.closest<HTMLLIElement>("li[data-author]");
    if (target.hasAttribute("data-chat-older")) {
      void loadOlder();
      return;
    }
    if (!item) return;
    if (target.hasAttribute("data-chat-retry")) {
      const message = pending.get(item.dataset.clientId ?? "");
      if (message) void deliver(message);
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
      const name = item.querySelector("article > p:first-child > span")?.textContent || t("rooms.member");
      requestChatTool({ kind: "mute", uid: item.dataset.author ?? "", name });
    }
  });
  list.addEventListener("submit", (event) => {
    const editForm = (event.target as Element).closest<HTMLFormElement>("[data-chat-edit]");
    const item = editForm?.closest<HTMLLIElement>("li[data-author]");
    if (!editForm || !item) return;
    event.preventDefault();
    void saveEdit(item, editForm);
  });

  // ——— The room's own controls ———
  const block = byId<HTMLButtonElement>(CHAT_IDS.block);
  const peer = room.peer;
  let blocked = props.blocked;
  block?.addEventListener("click", () => {
    if (!peer) return;
    void (async () => {
      if (!blocked && !window.confirm(t("block.confirm", { name: peer.displayName }))) return;
      block.disabled = true;
      const answer = blocked
        ? await apiJson(`/api/chat/blocks/${encodeURIComponent(peer.uid)}`, { method: "DELETE" })
        : await apiJson("/api/chat/blocks", { body: { uid: peer.uid } });
      block.disabled = false;
      setError(answer.ok ? null : t("errors.generic"));
      if (!answer.ok) return;
      blocked = !blocked;
      block.dataset.blocked = String(blocked);
      block.textContent = t(blocked ? "block.unblock" : "block.block", { name: peer.displayName });
      byId(CHAT_IDS.blockedNotice)?.remove();
      if (blocked)
        errorLine.insertAdjacentHTML(
          "beforebegin",
          `<p id="${CHAT_IDS.blockedNotice}" class="mx-3 mb-2 text-sm text-fg-muted">${escapeHtml(t("block.blockedNotice", { name: peer.displayName }))}</p>`,
        );
    })();
  });

  const slowMode = byId<HTMLSelectElement>(CHAT_IDS.slowMode);
  let slowTimer: ReturnType<typeof setTimeout> | undefined;
  // Arrow keys on the closed list change it once per step: the last choice is sent after a pause.
  slowMode?.addEventListener("change", () => {
    clearTimeout(slowTimer);
    slowTimer = setTimeout(async () => {
      const seconds = Number(slowMode.value);
      slowMode.disabled = true;
      const answer = await apiJson(`${roomPath}/slow-mode`, { body: { seconds } });
      slowMode.disabled = false;
      setError(answer.ok ? null : t("errors.generic"));
      if (!answer.ok) return;
      const line = byId(CHAT_IDS.slowModeLine);
      if (seconds === 0) line?.remove();
      else if (line) line.textContent = t("slowMode", { seconds });
      else
        section
          .querySelector("header")
          ?.insertAdjacentHTML(
            "afterend",
            `<p id="${CHAT_IDS.slowModeLine}" class="border-b border-line px-3 py-1 text-sm text-fg-muted">${escapeHtml(t("slowMode", { seconds }))}</p>`,
          );
    }, 800);
  });
}
