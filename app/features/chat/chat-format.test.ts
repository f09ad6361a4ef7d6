import { describe, expect, it } from "vitest";
import { mentionToken } from "../../../universal/chat/mentions.ts";
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

  it("shows a picked mention as @Name linked to that member's profile, two members of one name apart", () => {
    const text = `${mentionToken({ uid: "uid-a", displayName: "Lan" })} và ${mentionToken({ uid: "uid-b", displayName: "Lan" })} https://x.vn`;
    expect(messageParts(text)).toEqual([
      { kind: "mention", text: "@Lan", href: "/users?id=uid-a" },
      { kind: "text", text: " và " },
      { kind: "mention", text: "@Lan", href: "/users?id=uid-b" },
      { kind: "text", text: " " },
      { kind: "link", text: "https://x.vn", href: "https://x.vn/" },
    ]);
  });
});
