import { describe, expect, it } from "vitest";
import { pickMessages } from "./route-messages.ts";

describe("pickMessages", () => {
  it("keeps only the named messages the namespace has, with its language and namespace", () => {
    const payload = {
      language: "vi" as const,
      namespace: "feed" as const,
      messages: { reload: "Tải lại", empty: "Trống", post: { image: "Ảnh" } },
    };
    expect(pickMessages(payload, ["reload", "missing"])).toEqual({ language: "vi", namespace: "feed", messages: { reload: "Tải lại" } });
    expect(payload.messages).toHaveProperty("empty");
  });

  it("picks a nested part by its path, beside the others of the same parent", () => {
    const payload = {
      language: "vi" as const,
      namespace: "moderation" as const,
      messages: { queue: { actions: { hide: "Ẩn" }, done: "Đã {{action}}", lead: "…" }, audit: { title: "Nhật ký" } },
    };
    expect(pickMessages(payload, ["queue.actions", "queue.done", "queue.missing", "audit.title.deeper"]).messages).toEqual({
      queue: { actions: { hide: "Ẩn" }, done: "Đã {{action}}" },
    });
  });
});
