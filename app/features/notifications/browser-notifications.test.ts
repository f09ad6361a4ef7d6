import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AppNotification } from "../../../universal/notifications/notification-kinds.ts";
import { alertInBrowser, showsLink } from "./browser-notifications.ts";

describe("showsLink", () => {
  it("matches the link's path and each of its query parameters", () => {
    expect(showsLink("/chat?room=dm-1", { pathname: "/chat", search: "?room=dm-1" })).toBe(true);
    expect(showsLink("/chat?room=dm-1", { pathname: "/chat", search: "?view=list&room=dm-1" })).toBe(true);
    expect(showsLink("/chat?room=dm-1", { pathname: "/chat", search: "?room=dm-2" })).toBe(false);
    expect(showsLink("/chat?room=dm-1", { pathname: "/chat", search: "" })).toBe(false);
    expect(showsLink("/chat?room=dm-1", { pathname: "/notification", search: "?room=dm-1" })).toBe(false);
    expect(showsLink("/chat?room=a%20b", { pathname: "/chat", search: "?room=a+b" })).toBe(true);
  });
});

describe("alertInBrowser", () => {
  const shown: { title: string; options: NotificationOptions; listeners: Map<string, () => void>; closed: boolean }[] = [];
  const page = { visibilityState: "visible", pathname: "/equipments-items", search: "" };
  let permission: NotificationPermission;
  let preferences: { kind: string; inApp: boolean; browser: boolean }[];
  const navigate = vi.fn();
  const focus = vi.fn();

  class FakeNotification {
    static get permission() {
      return permission;
    }
    readonly entry: (typeof shown)[number];
    constructor(title: string, options: NotificationOptions) {
      this.entry = { title, options, listeners: new Map(), closed: false };
      shown.push(this.entry);
    }
    addEventListener(type: string, listener: () => void) {
      this.entry.listeners.set(type, listener);
    }
    close() {
      this.entry.closed = true;
    }
  }

  const dm = (overrides: Partial<AppNotification> = {}): AppNotification => ({
    id: 7,
    kind: "direct-message",
    read: false,
    createdAt: 0,
    actor: { uid: "u-khoa", displayName: "Khoa" },
    link: "/chat?room=dm-1",
    data: { roomId: "dm-1", messageId: 3, excerpt: "Bán kiếm không?" },
    ...overrides,
  });
  const alerts = { language: "vi" as const, navigate };

  beforeEach(() => {
    shown.length = 0;
    permission = "granted";
    preferences = [
      { kind: "mention", inApp: true, browser: true },
      { kind: "direct-message", inApp: true, browser: true },
    ];
    Object.assign(page, { visibilityState: "visible", pathname: "/equipments-items", search: "" });
    navigate.mockReset();
    focus.mockReset();
    vi.stubGlobal("Notification", FakeNotification);
    vi.stubGlobal("document", {
      get visibilityState() {
        return page.visibilityState;
      },
    });
    vi.stubGlobal("location", {
      origin: "http://127.0.0.1:4040",
      get pathname() {
        return page.pathname;
      },
      get search() {
        return page.search;
      },
    });
    vi.stubGlobal("window", { focus });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ data: preferences })),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows a direct message in the member's language, once per notification, and a click focuses and opens the conversation", async () => {
    await alertInBrowser(dm(), alerts);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      title: "Tin nhắn mới từ Khoa",
      options: { body: "Bán kiếm không?", tag: "notification-7", lang: "vi" },
    });
    shown[0]?.listeners.get("click")?.();
    expect(focus).toHaveBeenCalled();
    expect(shown[0]?.closed).toBe(true);
    expect(navigate).toHaveBeenCalledWith("/chat?room=dm-1");
  });

  it("shows nothing without the browser's permission, for a kind turned off, or for a kind without browser notifications", async () => {
    permission = "default";
    await alertInBrowser(dm(), alerts);
    permission = "denied";
    await alertInBrowser(dm(), alerts);
    permission = "granted";
    preferences[1] = { kind: "direct-message", inApp: true, browser: false };
    await alertInBrowser(dm(), alerts);
    await alertInBrowser(dm({ kind: "announcement" }), alerts);
    await alertInBrowser(dm({ read: true, kind: "mention" }), alerts);
    expect(shown).toEqual([]);
  });

  it("stays quiet while the tab is in view on that conversation, not when it is hidden or elsewhere", async () => {
    Object.assign(page, { pathname: "/chat", search: "?room=dm-1" });
    await alertInBrowser(dm(), alerts);
    expect(shown).toHaveLength(0);
    page.visibilityState = "hidden";
    await alertInBrowser(dm({ id: 8 }), alerts);
    page.visibilityState = "visible";
    page.search = "?room=global-vi";
    await alertInBrowser(dm({ id: 9 }), alerts);
    expect(shown.map((each) => each.options.tag)).toEqual(["notification-8", "notification-9"]);
  });

  it("only focuses the tab for a link that is not ours", async () => {
    await alertInBrowser(dm({ kind: "mention", link: "https://evil.example/chat" }), alerts);
    expect(shown[0]?.title).toBe("Khoa đã nhắc đến bạn");
    shown[0]?.listeners.get("click")?.();
    expect(focus).toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});
