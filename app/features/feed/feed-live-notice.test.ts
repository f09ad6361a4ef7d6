import { describe, expect, it } from "vitest";
import en from "../../../locales/en-US/feed.json" with { type: "json" };
import vi from "../../../locales/vi/feed.json" with { type: "json" };
import type { Post } from "../../../universal/feed/feed-limits.ts";
import type { ServerFrame } from "../../../universal/realtime/protocol.ts";
import { pickMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { FEED_LIVE_MESSAGES, feedTopics, liveNoticeText, withFrame, type LivePosts } from "./feed-live-notice.ts";

const NONE: LivePosts = { pending: [], reload: false };
const post = (id: number) => ({ id }) as Post;
const postFrame = (id: number) => ({ type: "post", topic: "feed:vi", id, post: post(id) }) as unknown as ServerFrame;
const payload = (language: "vi" | "en-US", messages: object): RouteMessages =>
  pickMessages({ language, namespace: "feed", messages: messages as RouteMessages["messages"] }, FEED_LIVE_MESSAGES);

describe("the visitor's live notice", () => {
  it("listens to the feed's language, or to both for all languages", () => {
    expect(feedTopics("vi")).toEqual(["feed:vi"]);
    expect(feedTopics("en-US")).toEqual(["feed:en-US"]);
    expect(feedTopics("all")).toEqual(["feed:vi", "feed:en-US"]);
  });

  it("counts each new post once, newest first, and keeps the same state for a frame that changes nothing", () => {
    const one = withFrame(NONE, postFrame(5));
    const two = withFrame(one, postFrame(7));
    expect(two.pending.map((each) => each.id)).toEqual([7, 5]);
    expect(withFrame(two, postFrame(5))).toBe(two);
    expect(withFrame(two, { type: "pong" } as unknown as ServerFrame)).toBe(two);
  });

  it("asks for a reload once the topic could not replay every post", () => {
    const lost = withFrame(NONE, { type: "error", code: "reload", message: "" } as unknown as ServerFrame);
    expect(lost.reload).toBe(true);
    expect(withFrame(lost, { type: "error", code: "reload", message: "" } as unknown as ServerFrame)).toBe(lost);
  });

  it("says how many posts arrived, by each language's plural rule, or to reload", () => {
    const three = [3, 2, 1].reduce((live, id) => withFrame(live, postFrame(id)), NONE);
    expect(liveNoticeText(payload("vi", vi), three)).toBe("Có 3 bài viết mới");
    expect(liveNoticeText(payload("en-US", en), withFrame(NONE, postFrame(1)))).toBe("1 new post");
    expect(liveNoticeText(payload("en-US", en), three)).toBe("3 new posts");
    expect(liveNoticeText(payload("en-US", en), { ...three, reload: true })).toBe(en.reload);
    expect(liveNoticeText(payload("vi", vi), { pending: [], reload: true })).toBe(vi.reload);
  });
});
