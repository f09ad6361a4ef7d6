/**
 * What `/notification` does without React (decision 042): the list is server HTML, and this plain
 * island makes it work. It marks one notification or all of them read (the rows change in place and
 * the bell takes the server's new count), loads older ones under the list, keeps the unread count in
 * step with the bell's, and shows a notification that arrives while the page is open at the top of the
 * list: the page at the address is fetched again and its rows not shown yet are put in place. The
 * buttons are disabled in the server's HTML until it has started.
 */
import type { RootData } from "../../shared/root-data.ts";
import type { RouteMessages } from "../../shared/i18n/route-messages.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { followUnreadNow, onNotification, setUnreadCount, subscribeUnread, unreadCount } from "./unread-count.ts";
import { setDisabled, setHidden, setText } from "../../shared/page/dom-writes.ts";

/** The id of the part the loader fills with rows (the list, or the empty text, and the link to older ones). */
export const NOTIFICATION_LIST_PART = "notification-list";

/** The marks the server's HTML carries for this island. */
export const NOTIFICATION_MARKS = {
  /** A row, with its notification's id. */
  row: "data-notification",
  /** On an unread row (its look follows it). */
  unread: "data-unread",
  /** What an unread row has that a read one has not (its "unread" word, its button). */
  unreadOnly: "data-unread-only",
  /** The button that marks its row read. */
  markRead: "data-mark-read",
  markAll: "data-mark-all",
  /** Where the unread count is written. */
  total: "data-unread-total",
  /** The link to older notifications. */
  more: "data-more",
  /** The refusal, hidden until a change fails. */
  error: "data-notification-error",
} as const;

/** The unread filter's text: one text node, so that its accessible name reads as one ("Chưa đọc (3)"). */
export function unreadFilterText(label: string, count: number): string {
  return `${label} (${count})`;
}

export interface NotificationListProps {
  /** The notifications namespace's `loading` and `filters.unread`. */
  i18n: RouteMessages;
  unreadOnly: boolean;
  /** The unread count the page was rendered with. */
  unread: number;
}

const M = NOTIFICATION_MARKS;

/** The page at `href` as a document, or null when it could not be had (or was the sign-in page). */
async function pageAt(href: string): Promise<Document | null> {
  try {
    const answer = await fetch(href, { credentials: "same-origin", headers: { accept: "text/html" } });
    if (!answer.ok || answer.redirected) return null;
    return new DOMParser().parseFromString(await answer.text(), "text/html");
  } catch {
    return null;
  }
}

/** Starts the list's behaviour on the document around `element`; the returned function stops it. */
export function startNotificationList(
  element: HTMLElement,
  { i18n, unreadOnly, unread }: NotificationListProps,
  _root?: RootData,
): () => void {
  const doc = element.ownerDocument;
  const part = () => doc.getElementById(NOTIFICATION_LIST_PART);
  const markAll = doc.querySelector<HTMLButtonElement>(`[${M.markAll}]`);
  const error = doc.querySelector<HTMLElement>(`[${M.error}]`);
  let total = unread;

  const showTotal = (count: number) => {
    total = count;
    const filters = i18n.messages.filters;
    const label = typeof filters === "object" && typeof filters.unread === "string" ? filters.unread : "";
    for (const each of doc.querySelectorAll(`[${M.total}]`)) setText(each, unreadFilterText(label, count));
    if (markAll) setDisabled(markAll, count === 0);
  };
  const enable = (root: ParentNode) => {
    for (const button of root.querySelectorAll<HTMLButtonElement>(`[${M.markRead}]`)) setDisabled(button, false);
  };
  const failed = (yes: boolean) => {
    if (error) setHidden(error, !yes);
  };

  /** Puts the rows of `page` not shown yet in place: before the shown ones (`top`) or after them. */
  const merge = (page: Document, top: boolean) => {
    const here = part();
    const there = page.getElementById(NOTIFICATION_LIST_PART);
    if (!here || !there) return;
    const list = here.querySelector("ul");
    const theirs = there.querySelector("ul");
    if (!list || !theirs) {
      if (!top && !theirs) return;
      const fresh = doc.importNode(there, true);
      enable(fresh);
      here.replaceWith(fresh);
      return;
    }
    const shown = new Set([...list.querySelectorAll(`[${M.row}]`)].map((row) => row.getAttribute(M.row)));
    const added = [...theirs.querySelectorAll(`[${M.row}]`)].filter((row) => !shown.has(row.getAttribute(M.row)));
    const rows = added.map((row) => doc.importNode(row, true));
    for (const row of rows) enable(row);
    if (top) list.prepend(...rows);
    else {
      list.append(...rows);
      const more = here.querySelector(`[${M.more}]`);
      const next = there.querySelector(`[${M.more}]`);
      if (next) more?.replaceWith(doc.importNode(next, true));
      else more?.remove();
    }
  };

  // New notifications: the first page is fetched again (once at a time, again if more came meanwhile).
  let fetching = false;
  let again = false;
  const showArrivals = async () => {
    if (new URL(doc.location.href).searchParams.has("before")) return;
    if (fetching) {
      again = true;
      return;
    }
    fetching = true;
    const page = await pageAt(doc.location.href);
    fetching = false;
    if (page) merge(page, true);
    if (again) {
      again = false;
      void showArrivals();
    }
  };

  async function markRead(body: { ids: number[] } | { all: true }) {
    const answer = await apiJson<{ unread: number }>("/api/notifications/read", { body });
    if (!answer.ok) {
      failed(true);
      return;
    }
    failed(false);
    const ids = "ids" in body ? new Set(body.ids.map(String)) : null;
    for (const row of part()?.querySelectorAll<HTMLElement>(`[${M.row}][${M.unread}]`) ?? []) {
      if (ids && !ids.has(row.getAttribute(M.row) ?? "")) continue;
      if (unreadOnly) {
        row.remove();
        continue;
      }
      row.removeAttribute(M.unread);
      for (const each of row.querySelectorAll(`[${M.unreadOnly}]`)) each.remove();
    }
    showTotal(answer.data.unread);
    setUnreadCount(answer.data.unread);
    // The unread list emptied: the server's page says so.
    if (unreadOnly && !part()?.querySelector(`[${M.row}]`)) {
      const page = await pageAt(doc.location.href);
      const there = page?.getElementById(NOTIFICATION_LIST_PART);
      if (there) part()?.replaceWith(doc.importNode(there, true));
    }
  }

  async function more(link: HTMLAnchorElement) {
    const text = link.textContent;
    link.textContent = typeof i18n.messages.loading === "string" ? i18n.messages.loading : (text ?? "");
    link.setAttribute("aria-disabled", "true");
    const page = await pageAt(link.href);
    if (!page) {
      link.textContent = text;
      link.removeAttribute("aria-disabled");
      failed(true);
      return;
    }
    failed(false);
    merge(page, false);
  }

  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const container = element.parentElement;
    if (!target || (container && !container.contains(target))) return;
    const markOne = target.closest<HTMLButtonElement>(`[${M.markRead}]`);
    if (markOne) {
      const id = Number(markOne.closest(`[${M.row}]`)?.getAttribute(M.row));
      if (id > 0) void markRead({ ids: [id] });
      return;
    }
    if (target.closest(`[${M.markAll}]`)) {
      void markRead({ all: true });
      return;
    }
    const older = target.closest<HTMLAnchorElement>(`a[${M.more}]`);
    if (older) {
      if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      if (older.getAttribute("aria-disabled") !== "true") void more(older);
      return;
    }
    // Opening an unread notification marks it read: the request outlives the page it leaves.
    const open = target.closest("a");
    const row = open?.closest<HTMLElement>(`[${M.row}][${M.unread}]`);
    if (open && row)
      void fetch("/api/notifications/read", {
        method: "POST",
        credentials: "same-origin",
        keepalive: true,
        headers: { accept: "application/json", "content-type": "application/json" },
        body: JSON.stringify({ ids: [Number(row.getAttribute(M.row))] }),
      }).catch(() => {});
  };

  doc.addEventListener("click", onClick);
  // The list is the notifications: they are followed live at once, not once the page has settled.
  followUnreadNow();
  const stops = [
    subscribeUnread(() => {
      const count = unreadCount();
      if (count !== null && count !== total) showTotal(count);
    }),
    onNotification(() => void showArrivals()),
  ];
  showTotal(total);
  enable(doc);
  return () => {
    doc.removeEventListener("click", onClick);
    for (const stop of stops) stop();
  };
}
