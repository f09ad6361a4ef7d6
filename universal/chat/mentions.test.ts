import { describe, expect, it } from "vitest";
import { mentionCandidates, mentionToken, mentionTokenUids, mentionTokens, withPlainMentions } from "./mentions.ts";

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

describe("mention tokens", () => {
  it("round-trips a member's name and uid, markdown syntax in the name escaped", () => {
    const token = mentionToken({ uid: "u_1-A", displayName: "Lan [Anh]*" });
    expect(token).toBe("@[Lan \\[Anh\\]\\*](/users?id=u_1-A)");
    expect(mentionTokens(`hi ${token}!`)).toEqual([{ index: 3, length: token.length, uid: "u_1-A", name: "Lan [Anh]*" }]);
    expect(withPlainMentions(`hi ${token}!`)).toBe("hi @Lan [Anh]*!");
  });

  it("names each uid once, in order, and tells two members of the same name apart", () => {
    const text = `${mentionToken({ uid: "b", displayName: "Lan" })} ${mentionToken({ uid: "a", displayName: "Lan" })} ${mentionToken({ uid: "b", displayName: "Lan" })}`;
    expect(mentionTokenUids(text)).toEqual(["b", "a"]);
    // A token is not a typed @name.
    expect(mentionCandidates(text)).toEqual([]);
  });

  it("reads no token from a link elsewhere or a malformed uid", () => {
    expect(mentionTokenUids("@[x](https://evil.example/users?id=a) [y](/users?id=b) @[z](/users?id=a b)")).toEqual([]);
  });
});
