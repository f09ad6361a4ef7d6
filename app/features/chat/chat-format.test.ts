import { describe, expect, it } from "vitest";
import { messageParts } from "./chat-format.ts";

describe("messageParts", () => {
  it("keeps plain text as one part", () => {
    expect(messageParts("Chào cả nhà")).toEqual([{ kind: "text", text: "Chào cả nhà" }]);
  });

  it("links http(s) URLs without the sentence's closing punctuation", () => {
    expect(messageParts("xem https://example.vn/a?b=1. nhé")).toEqual([
      { kind: "text", text: "xem " },
      { kind: "link", text: "https://example.vn/a?b=1", href: "https://example.vn/a?b=1" },
      { kind: "text", text: ". nhé" },
    ]);
  });

  it("never links other schemes", () => {
    expect(messageParts("javascript:alert(1) data:text/html,x").every((part) => part.kind === "text")).toBe(true);
  });

  it("marks @mentions at the start of a word only", () => {
    expect(messageParts("@Lan ơi, mail lan@example.vn")).toEqual([
      { kind: "mention", text: "@Lan" },
      { kind: "text", text: " ơi, mail lan@example.vn" },
    ]);
  });

  it("marks a known member's whole name, spaces and all, the longest that fits, ending at a word's end", () => {
    const names = ["Minh", "Minh Đức", "Lan Anh"];
    expect(messageParts("@minh đức ơi, @Lan Anh và @Minh Đứcc nữa", names)).toEqual([
      { kind: "mention", text: "@minh đức" },
      { kind: "text", text: " ơi, " },
      { kind: "mention", text: "@Lan Anh" },
      { kind: "text", text: " và " },
      { kind: "mention", text: "@Minh" },
      { kind: "text", text: " Đứcc nữa" },
    ]);
    // A name nobody on the page bears stays its first word, as before.
    expect(messageParts("@Hoa Mai đâu", names)).toEqual([
      { kind: "mention", text: "@Hoa" },
      { kind: "text", text: " Mai đâu" },
    ]);
  });
});
