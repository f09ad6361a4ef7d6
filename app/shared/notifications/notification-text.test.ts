import { describe, expect, it } from "vitest";
import type { AppNotification } from "../../../universal/notifications/notification-kinds.ts";
import { Translator } from "../i18n/translator.ts";
import vi from "../../../locales/vi/notifications.json" with { type: "json" };
import en from "../../../locales/en-US/notifications.json" with { type: "json" };
import { notificationText } from "./notification-text.ts";

const alert = {
  id: 1,
  kind: "price-alert",
  read: false,
  createdAt: 0,
  actor: { uid: "lan", displayName: "Lan" },
  link: "/me/make-offer/detail?id=1",
  data: { itemVi: "Giáp Chân Lính Cảng", itemEn: "Harbour Guard Greaves", unitPrice: 1250000 },
} as unknown as AppNotification;

describe("notificationText", () => {
  it("writes a trade's price as the reader's language writes numbers", () => {
    const forVi = new Translator("vi", { notifications: vi }).bind("notifications");
    expect(notificationText(forVi, alert, "vi")).toContain("giá 1.250.000 vàng");
    const forEn = new Translator("en-US", { notifications: en }).bind("notifications");
    expect(notificationText(forEn, alert, "en-US")).toContain("1,250,000");
  });

  it("counts a sender's repeated mentions, collapsed into one notification", () => {
    const mention = { ...alert, kind: "mention", data: { roomId: "global-vi", excerpt: "ơi", count: 3 } } as unknown as AppNotification;
    const forVi = new Translator("vi", { notifications: vi }).bind("notifications");
    expect(notificationText(forVi, mention, "vi")).toBe("Lan đã nhắc đến bạn 3 lần, mới nhất: “ơi”");
    const forEn = new Translator("en-US", { notifications: en }).bind("notifications");
    expect(notificationText(forEn, mention, "en-US")).toBe("Lan mentioned you 3 times, latest: “ơi”");
    const once = { ...mention, data: { excerpt: "ơi" } } as unknown as AppNotification;
    expect(notificationText(forEn, once, "en-US")).toBe("Lan mentioned you: “ơi”");
  });
});
