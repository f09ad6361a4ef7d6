/**
 * The bell's live count without React (decision 042): a plain island inside the app bar, which a
 * member's page leaves asleep until they use it. It follows the member's notifications
 * (`unread-count.ts`) and writes the count into the bell the server rendered: the badge's text and
 * whether it shows, and the link's label. Once the app bar hydrates, the React bell renders the same
 * from the same count, so the two agree.
 */
import type { RootData } from "../../shared/root-data.ts";
import { onPageEnd } from "../../shared/islands/page-lifetime.ts";
import { translatorFor } from "../../shared/i18n/page-translator.ts";
import { bellBadgeText, bellLabel, UNREAD_BADGE_ATTRIBUTE } from "./bell-text.ts";
import { followUnreadWhenSettled, startFromRenderedCount, subscribeUnread, unreadCount } from "./unread-count.ts";
import { setHidden, setText } from "../../shared/page/dom-writes.ts";

/** Keeps the bell inside `element` in step with the unread count, for the page's member; nothing for a visitor. */
export function startUnreadBell(element: HTMLElement, _props: object, root: RootData): void {
  const uid = root.viewer?.uid;
  const link = element.querySelector<HTMLAnchorElement>("a");
  const badge = element.querySelector<HTMLElement>(`[${UNREAD_BADGE_ATTRIBUTE}]`);
  if (!uid || !link || !badge) return;
  const t = translatorFor(root.i18n).bind("common");
  // Written only where it differs: the first show finds the server's bell already saying it, and a
  // write, even of the same value, would restyle the app bar as the page loads.
  const show = () => {
    const count = unreadCount();
    const label = bellLabel(t, count);
    if (link.getAttribute("aria-label") !== label) link.setAttribute("aria-label", label);
    if (link.title !== label) link.title = label;
    setText(badge, bellBadgeText(count));
    setHidden(badge, !count);
  };
  onPageEnd(subscribeUnread(show));
  startFromRenderedCount(root.bell);
  show();
  onPageEnd(
    followUnreadWhenSettled(uid, {
      language: root.i18n.language,
      navigate: (path) => window.location.assign(path),
    }),
  );
}
