/**
 * The conversation's list of messages, live (`chat-room.ts`): messages placed once in the order of ids,
 * one's own shown at once while sending, a bounded page for a reader who follows a long room, earlier
 * messages on request with the reader's place kept, and the room marked read once new messages settle.
 * Every message it adds is made by the server's template (`message-html.ts`).
 */
import { HISTORY_PAGE, type ChatMessage } from "../../../universal/chat/chat-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { CHAT_IDS, historyInner } from "./chat-room-props.ts";
import { messageHtml, type MessageView, type Shown } from "./message-html.ts";
import { RENDERED_KEEP, RENDERED_MAX, REVEAL_STEP } from "./message-window.ts";
import type { RoomContext } from "./room-context.ts";

const READ_SETTLE_MS = 3_000;
/** Closer than this to the bottom, the list follows new messages; farther, the reader is reading history. */
const FOLLOW_PX = 120;

export interface RoomMessages {
  /** Display names seen in the room (the template links their mentions). */
  names: Set<string>;
  /** One's own messages not yet confirmed, by client id. */
  pending: Map<string, Shown>;
  /** Messages deleted while the page is open: never shown again. */
  deleted: Set<number>;
  /** The newest message id the page holds. */
  lastId(): number;
  /** The list follows new messages again (one's own message was just sent). */
  follow(): void;
  place(message: ChatMessage): void;
  showPending(message: Shown): void;
  dropPending(clientId: string): void;
  /** The item of a message the server has, if the page shows it. */
  confirmed(id: number): HTMLLIElement | null;
  /** A deleted message leaves the page and what the reader may bring back. */
  forget(id: number): void;
  loadOlder(): Promise<void>;
}

export function roomMessages(context: RoomContext): RoomMessages {
  const { doc, byId, list, props, room, t, language, viewerUid, moderator } = context;
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

  // ——— What was read ———
  let readTimer: ReturnType<typeof setTimeout> | undefined;
  let readSent = 0;
  function scheduleRead(): void {
    clearTimeout(readTimer);
    // Told once new messages have settled for a moment (the request shares the account's write budget with sending).
    readTimer = setTimeout(() => {
      if (lastId === 0 || lastId === readSent || doc.visibilityState !== "visible") return;
      readSent = lastId;
      void apiJson(`${context.roomPath}/read`, { body: { lastId } });
    }, READ_SETTLE_MS);
  }
  scheduleRead();

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

  // ——— Earlier messages ———
  async function loadOlder(): Promise<void> {
    if (loadingOlder) return;
    const fromBottom = list.scrollHeight - list.scrollTop;
    const keepPlace = () =>
      requestAnimationFrame(() => {
        list.scrollTop = list.scrollHeight - fromBottom;
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
    const first = list.querySelector<HTMLLIElement>("li[data-message-id]")?.dataset.messageId;
    if (!first) return;
    loadingOlder = true;
    showHistory();
    const answer = await apiJson<ChatMessage[]>(`${context.roomPath}/messages?before=${first}&limit=${HISTORY_PAGE}`);
    loadingOlder = false;
    if (!answer.ok) {
      showHistory();
      context.setError(t("errors.generic"));
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

  return {
    names,
    pending,
    deleted,
    lastId: () => lastId,
    follow: () => {
      follow = true;
    },
    place,
    showPending,
    dropPending,
    confirmed,
    forget(id) {
      deleted.add(id);
      confirmed(id)?.remove();
      hidden = hidden.filter((each) => each.dataset.messageId !== String(id));
    },
    loadOlder,
  };
}
