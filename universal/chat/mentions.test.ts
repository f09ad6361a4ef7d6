import { describe, expect, it } from "vitest";
import { mentionCandidates } from "./mentions.ts";

describe("mentionCandidates", () => {
  it("offers one to four words after each @, lowercased, without trailing punctuation", () => {
    expect(mentionCandidates("hi @Lan Anh, see you")).toEqual(["lan", "lan anh"]);
    expect(mentionCandidates("@Tuấn.")).toEqual(["tuấn"]);
    expect(mentionCandidates("@a b c d e")).toEqual(["a", "a b", "a b c", "a b c d"]);
  });

  it("ignores an @ inside a word (an email address) and a bare @", () => {
    expect(mentionCandidates("mail lan@example.vn or @ alone")).toEqual([]);
  });

  it("finds several mentions and each name once", () => {
    expect(mentionCandidates("@Minh và @minh, @Bảo")).toEqual(["minh", "minh và", "bảo"]);
  });
});
