import { describe, expect, it } from "vitest";
import { chatT } from "./chat-text.ts";
import { messageActions, messageHtml, type MessageView } from "./message-html.ts";

const t = chatT({
  language: "en-US",
  namespace: "chat",
  messages: {
    you: "You",
    moreActions: "Actions for the message from {{name}}",
    sending: "Sending…",
    failed: "Not sent.",
    retry: "Retry",
    edited: "edited",
    rooms: { member: "Member" },
    newMessages: "New messages",
    typing_one: "{{names}} is typing…",
    typing_other: "{{names}} are typing…",
  },
});

const view: MessageView = {
  t,
  language: "en-US",
  viewerUid: "me",
  moderator: false,
  roomKind: "global",
  local: false,
  now: 1_000_000,
  names: [],
  dividerBefore: null,
};

const message = { id: 7, roomId: "global-vi", author: { uid: "lan", displayName: "Lan" }, text: "hi", createdAt: 999_000, editedAt: null };

describe("messageHtml", () => {
  it("escapes what members write, and links only http(s)", () => {
    const html = messageHtml({ ...message, text: '<img src=x onerror="alert(1)"> https://example.vn/a. javascript:alert(1)' }, view);
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).toContain('<a href="https://example.vn/a" target="_blank"');
    expect(html).not.toContain('href="javascript');
  });

  it("marks a confirmed message by id and one's own sending copy by its client id, with its text for editing", () => {
    expect(messageHtml(message, view)).toMatch(/^<li data-message-id="7" data-author="lan">/);
    const own = messageHtml({ ...message, author: { uid: "me", displayName: "Me" }, state: "sending", clientId: "c1" }, view);
    expect(own).toMatch(/^<li data-client-id="c1" data-author="me" data-text="hi">/);
    expect(own).toContain("Sending…");
    expect(own).not.toContain("data-chat-more");
  });

  it("offers the actions the viewer has: report another's message, edit one's own for ten minutes, moderate outside direct rooms", () => {
    expect(messageHtml(message, view)).toContain('aria-label="Actions for the message from Lan"');
    expect(messageActions(message, view)).toEqual({ editable: false, reportable: true, moderated: false });
    const own = { ...message, author: { uid: "me", displayName: "Me" } };
    expect(messageActions(own, view).editable).toBe(true);
    expect(messageActions(own, { ...view, now: message.createdAt + 11 * 60_000 }).editable).toBe(false);
    expect(messageActions(message, { ...view, moderator: true }).moderated).toBe(true);
    expect(messageActions(message, { ...view, moderator: true, roomKind: "direct" }).moderated).toBe(false);
  });

  it("puts the new-messages divider before the first unread message", () => {
    expect(messageHtml(message, { ...view, dividerBefore: 7 })).toContain('role="separator"');
    expect(messageHtml(message, view)).not.toContain("separator");
  });
});

describe("chatT", () => {
  it("picks the plural form and fills values", () => {
    expect(t("typing", { count: 2, names: "A, B" })).toBe("A, B are typing…");
    expect(t("typing", { count: 1, names: "A" })).toBe("A is typing…");
    expect(t("rooms.member")).toBe("Member");
  });
});
