/**
 * New posts as they are published, without moving the page: the `feed:{language}` topics from the
 * newest post a page shows. A member's feed list holds them behind "N new posts" and shows them in
 * place; a visitor's feed is server HTML until they use it (decision 035), so the small `feed-live`
 * island counts them for it and its "N new posts" loads the feed's first page again. In an islands
 * document that island runs without React (`startFeedLive`, decision 039); this component renders it
 * on the server, and in a page React Router renders.
 */
import { useCallback, useState } from "react";
import type { Post } from "../../../universal/feed/feed-limits.ts";
import type { ServerFrame } from "../../../universal/realtime/protocol.ts";
import { useTopic } from "../../shared/realtime/use-topic.ts";
import {
  feedTopics,
  liveNoticeText,
  VISITOR_NOTICE_LINK,
  VISITOR_NOTICE_REGION,
  withFrame,
  type FeedLanguage,
  type FeedLiveProps,
  type LivePosts,
} from "./feed-live-notice.ts";

const NONE: LivePosts = { pending: [], reload: false };

/**
 * Posts of `lang` published after `after`, as they arrive (`pending`, newest first), while `live`;
 * `reload` once more have arrived than the topic replays (the page should be loaded again).
 */
export function useLivePosts(live: boolean, lang: FeedLanguage, after: number) {
  const [posts, setPosts] = useState<LivePosts>(NONE);
  const onFrame = useCallback((frame: ServerFrame) => setPosts((current) => withFrame(current, frame)), []);
  const topics = live ? feedTopics(lang) : [];
  useTopic(topics.includes("feed:vi") ? "feed:vi" : null, after, onFrame);
  useTopic(topics.includes("feed:en-US") ? "feed:en-US" : null, after, onFrame);
  const setPending = useCallback(
    (update: (pending: Post[]) => Post[]) => setPosts((current) => ({ ...current, pending: update(current.pending) })),
    [],
  );
  return { pending: posts.pending, setPending, reload: posts.reload };
}

/**
 * A visitor's "N new posts": a link to the feed's first page, over the page's top edge as they read
 * (it takes no room, so nothing moves when it appears).
 */
export function FeedLive({ i18n, lang, after, href }: FeedLiveProps) {
  const { pending, reload } = useLivePosts(true, lang, after);
  return (
    <div aria-live="polite" className={VISITOR_NOTICE_REGION}>
      {pending.length > 0 || reload ? (
        <a href={href} className={VISITOR_NOTICE_LINK}>
          {liveNoticeText(i18n, { pending, reload })}
        </a>
      ) : null}
    </div>
  );
}
