import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SETTLED_DELAY_MS } from "../../shared/page/after-interactive.ts";
import type * as UnreadCount from "./unread-count.ts";

/** What the socket's side would have been asked: whose notifications, and the feed to report them to. */
const followed: Array<{ uid: string; after: number | undefined; counted: (count: number) => void }> = [];
vi.mock("./notification-feed.ts", () => ({
  followNotifications: (uid: string, after: number | undefined, feed: { counted: (count: number) => void }) => {
    followed.push({ uid, after, counted: feed.counted });
    return () => {};
  },
}));

const alerts = { language: "vi" as const, navigate: () => {} };
let unread: typeof UnreadCount;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  followed.length = 0;
  unread = await import("./unread-count.ts");
});

afterEach(() => {
  vi.useRealTimers();
});

/** Lets the timers run for `ms`, then the dynamic import of the feed settle. */
async function pass(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await vi.dynamicImportSettled();
}

describe("the unread count", () => {
  it("shows the rendered count, follows it live only once the page has settled, and then holds the live one", async () => {
    unread.startFromRenderedCount({ unread: 4, lastId: 31 });
    expect(unread.unreadCount()).toBe(4);
    unread.followUnreadWhenSettled("u1", alerts);
    await pass(SETTLED_DELAY_MS - 100);
    expect(followed).toEqual([]);
    await pass(200);
    // From the newest notification the page was rendered with: those that came since are announced.
    expect(followed.map(({ uid, after }) => ({ uid, after }))).toEqual([{ uid: "u1", after: 31 }]);
    // Until the socket has counted, the rendered count stands.
    expect(unread.unreadCount()).toBe(4);
    followed[0]!.counted(6);
    expect(unread.unreadCount()).toBe(6);
    // A page moved to in place, rendered before the last arrival, does not take the live count back.
    unread.startFromRenderedCount({ unread: 5, lastId: 33 });
    expect(unread.unreadCount()).toBe(6);
  });

  it("follows at once where the page asks for it, before or after the bell does", async () => {
    unread.followUnreadWhenSettled("u1", alerts);
    unread.followUnreadNow();
    await pass(10);
    expect(followed.map((follow) => follow.uid)).toEqual(["u1"]);

    vi.resetModules();
    followed.length = 0;
    unread = await import("./unread-count.ts");
    unread.followUnreadNow();
    unread.followUnreadWhenSettled("u1", alerts);
    await pass(10);
    expect(followed.map((follow) => follow.uid)).toEqual(["u1"]);
    // Once, however many bells ask.
    await pass(SETTLED_DELAY_MS * 2);
    expect(followed).toHaveLength(1);
  });

  it("follows nothing for a bell that is gone before the page has settled", async () => {
    const cancel = unread.followUnreadWhenSettled("u1", alerts);
    await pass(1_000);
    cancel();
    unread.followUnreadNow();
    await pass(SETTLED_DELAY_MS * 2);
    expect(followed).toEqual([]);
  });

  it("ignores a visitor's rendered bell", () => {
    unread.startFromRenderedCount(null);
    expect(unread.unreadCount()).toBeNull();
  });

  it("starts the feed after the first page's newest notification, a page moved to before it follows taking only its count", async () => {
    unread.startFromRenderedCount({ unread: 1, lastId: null });
    unread.startFromRenderedCount({ unread: 2, lastId: 40 });
    expect(unread.unreadCount()).toBe(2);
    unread.followUnreadNow();
    unread.followUnreadWhenSettled("u1", alerts);
    await pass(10);
    expect(followed.map(({ after }) => after)).toEqual([0]);
  });
});
