/**
 * New posts as they are published, without moving the page: the `feed:{language}` topics from the
 * newest post a page shows. A member's feed list holds them behind "N new posts" and shows them in
 * place; a visitor's feed is server HTML until they use it (decision 035), so this small island
 * counts them for it and its "N new posts" loads the feed's first page again.
 */
import { useCallback, useState } from "react";
import type { Post } from "../../../universal/feed/feed-limits.ts";
import type { Language } from "../../../universal/i18n/languages.ts";
import type { ServerFrame } from "../../../universal/realtime/protocol.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { useTopic } from "../../shared/realtime/use-topic.ts";

export type FeedLanguage = Language | "all";

/** The messages the visitor's live notice shows: the island carries these, not the whole namespace. */
export const FEED_LIVE_MESSAGES = ["newPosts_one", "newPosts_other", "reload"] as const;

/**
 * Posts of `lang` published after `after`, as they arrive (`pending`, newest first), while `live`;
 * `reload` once more have arrived than the topic replays (the page should be loaded again).
 */
export function useLivePosts(live: boolean, lang: FeedLanguage, after: number) {
  const [pending, setPending] = useState<Post[]>([]);
  const [reload, setReload] = useState(false);
  const onFrame = useCallback((frame: ServerFrame) => {
    if (frame.type === "post") {
      setPending((current) => (current.some((post) => post.id === frame.post.id) ? current : [frame.post, ...current]));
    } else if (frame.type === "error" && frame.code === "reload") setReload(true);
  }, []);
  useTopic(live && (lang === "all" || lang === "vi") ? "feed:vi" : null, after, onFrame);
  useTopic(live && (lang === "all" || lang === "en-US") ? "feed:en-US" : null, after, onFrame);
  return { pending, setPending, reload };
}

/** The notice's look, shared by the member's list and the visitor's island. */
export const livePostsNotice = "min-h-10 rounded-full bg-brand px-4 py-2 font-semibold text-on-brand shadow-lg";

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
 * A visitor's "N new posts": a link to the feed's first page, over the page's top edge as they read
 * (it takes no room, so nothing moves when it appears).
 */
export function FeedLive({ i18n, lang, after, href }: FeedLiveProps) {
  const { t } = useRouteMessages(i18n);
  const { pending, reload } = useLivePosts(true, lang, after);
  return (
    <div aria-live="polite" className="sticky top-16 z-10 flex h-0 justify-center">
      {pending.length > 0 || reload ? (
        <a href={href} className={`mt-2 h-fit ${livePostsNotice}`}>
          {reload ? t("reload") : t("newPosts", { count: pending.length })}
        </a>
      ) : null}
    </div>
  );
}
