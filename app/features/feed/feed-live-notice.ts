/**
 * A visitor's "N new posts" on `/feed` (decision 035), without React (decision 039): the feed is
 * server HTML shared by every visitor until they use it, and this notice is all that runs as it
 * loads. It listens to the `feed:{language}` topics from the newest post the page shows and, once a
 * post arrives, shows a link to the feed's first page, over the page's top edge (it takes no room, so
 * nothing moves when it appears). The same texts and look serve the member's list (`feed-live.tsx`).
 */
import type { Post } from "../../../universal/feed/feed-limits.ts";
import type { Language } from "../../../universal/i18n/languages.ts";
import type { ServerFrame } from "../../../universal/realtime/protocol.ts";
import type { RouteMessages } from "../../shared/i18n/route-messages.ts";
import { interpolate } from "../../shared/i18n/interpolate.ts";
import { pluralCategory } from "../../shared/i18n/plural.ts";
import { afterInteractive } from "../../shared/page/after-interactive.ts";
import { pageSignal } from "../../shared/islands/page-lifetime.ts";
import { listenToTopic } from "../../shared/realtime/topic.ts";

export type FeedLanguage = Language | "all";

/** The messages the visitor's live notice shows: the island carries these, not the whole namespace. */
export const FEED_LIVE_MESSAGES = ["newPosts_one", "newPosts_other", "reload"] as const;

/** The notice's look, shared by the member's list and the visitor's island. */
export const livePostsNotice = "min-h-10 rounded-full bg-brand px-4 py-2 font-semibold text-on-brand shadow-lg";

/** Where the visitor's notice sits: its region's classes, and its link's. */
export const VISITOR_NOTICE_REGION = "sticky top-16 z-10 flex h-0 justify-center";
export const VISITOR_NOTICE_LINK = `mt-2 h-fit ${livePostsNotice}`;

/** The realtime topics of a feed in `lang` (both languages' for "all"). */
export function feedTopics(lang: FeedLanguage): string[] {
  return lang === "all" ? ["feed:vi", "feed:en-US"] : [`feed:${lang}`];
}

/** What the live posts are once `frame` has arrived: a post joins them once; `reload` when the topic could not replay them all. */
export interface LivePosts {
  pending: Post[];
  reload: boolean;
}

export function withFrame(live: LivePosts, frame: ServerFrame): LivePosts {
  if (frame.type === "post")
    return live.pending.some((post) => post.id === frame.post.id) ? live : { ...live, pending: [frame.post, ...live.pending] };
  if (frame.type === "error" && frame.code === "reload") return live.reload ? live : { ...live, reload: true };
  return live;
}

/** The visitor's notice: "reload" once the topic lost count, else "N new posts" by the language's plural rule. */
export function liveNoticeText({ language, messages }: RouteMessages, live: LivePosts): string {
  const text = (key: string) => {
    const message = messages[key];
    return typeof message === "string" ? message : "";
  };
  if (live.reload) return text("reload");
  const count = live.pending.length;
  const message = text(`newPosts_${pluralCategory(language, count)}`) || text("newPosts_other");
  return interpolate(message, { count });
}

export interface FeedLiveProps {
  /** The feed namespace's `FEED_LIVE_MESSAGES` only. */
  i18n: RouteMessages;
  lang: FeedLanguage;
  /** The newest post the page shows. */
  after: number;
  /** The feed's first page, which shows the new posts. */
  href: string;
}

/**
 * The `feed-live` island of an islands document, started without React: it listens once the page is
 * interactive, and writes the notice into the region the server rendered (`FeedLive`).
 */
export function startFeedLive(element: HTMLElement, { i18n, lang, after, href }: FeedLiveProps): void {
  const region = element.querySelector<HTMLElement>("[aria-live]");
  if (!region) return;
  let live: LivePosts = { pending: [], reload: false };
  const show = () => {
    let link = region.querySelector("a");
    if (!link) {
      link = element.ownerDocument.createElement("a");
      link.href = href;
      link.className = VISITOR_NOTICE_LINK;
      region.append(link);
    }
    link.textContent = liveNoticeText(i18n, live);
  };
  const stops: (() => void)[] = [];
  let handedOver = false;
  // A member's feed list, once it hydrates, holds new posts itself (from the same newest post): this one stops.
  element.ownerDocument.addEventListener(
    FEED_LIVE_HANDOVER,
    () => {
      handedOver = true;
      for (const stop of stops) stop();
      region.replaceChildren();
    },
    { once: true, signal: pageSignal() },
  );
  afterInteractive(() => {
    if (handedOver) return;
    for (const topic of feedTopics(lang))
      stops.push(
        listenToTopic(topic, after, (frame) => {
          const next = withFrame(live, frame);
          if (next === live) return;
          live = next;
          show();
        }),
      );
  });
}

/**
 * The event a member's feed list sends its document as it hydrates: it shows new posts in place from
 * now on, so the plain notice stops (decision 042).
 */
export const FEED_LIVE_HANDOVER = "minithings:feed-live-handover";
