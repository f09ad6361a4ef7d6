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
});
