import { describe, expect, it } from "vitest";
import { plainExcerpt } from "./feed-text.ts";

describe("plainExcerpt", () => {
  it("drops markdown marks and keeps the words", () => {
    expect(plainExcerpt("## Mẹo\n**Kiếm Sắt** rất [tốt](https://x.vn) và `nhanh`\n- một\n- hai", 200)).toBe(
      "Mẹo Kiếm Sắt rất tốt và nhanh một hai",
    );
  });
  it("shortens on a character budget with an ellipsis", () => {
    expect(plainExcerpt("a".repeat(50), 10)).toBe(`${"a".repeat(9)}…`);
    expect(plainExcerpt("ngắn", 10)).toBe("ngắn");
  });
});
