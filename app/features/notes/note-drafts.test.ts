import { describe, expect, it } from "vitest";
import { copyOutcome, parseTags, sameFields } from "./note-drafts.ts";

describe("note drafts", () => {
  it("reads tags as typed", () => {
    expect(parseTags(" boss, #chợ ,, boss ")).toEqual(["boss", "chợ"]);
    expect(parseTags("")).toEqual([]);
  });

  it("tells a copy that missed a save from one of an older version", () => {
    const server = { title: "Việc", body: "- [ ] a", tags: "x", version: 3 };
    expect(copyOutcome(null, server)).toBe("none");
    expect(copyOutcome({ ...server, title: " Việc ", tags: "x,", baseVersion: 1, clientId: null, at: 0 }, server)).toBe("none");
    expect(copyOutcome({ ...server, body: "- [x] a", baseVersion: 3, clientId: null, at: 0 }, server)).toBe("restore");
    expect(copyOutcome({ ...server, body: "- [x] a", baseVersion: 2, clientId: null, at: 0 }, server)).toBe("conflict");
    expect(sameFields({ title: "a", body: "b", tags: "" }, { title: "a", body: "b ", tags: "" })).toBe(false);
  });
});
